/**
 * fast-check generator of small registries aimed at the route rules: forwarding flags, channel
 * status and ties (parallel channels, preferred flags, scattered channel numbers so that string
 * and numeric order differ), listed multi-hop and CW20 vouchers with correct hashes, an IBC v2
 * (Eureka) voucher, EVM addresses in mixed case, partial metadata and one-way bridges, and swap
 * venues: several per chain, names whose text order matters, members that are derived vouchers,
 * EVM addresses in another case, and denoms that exist nowhere; often one chain is axelar-dojo-1,
 * with natives, channels and AXELAR links of its own, so Axelar transfers that deliver over IBC
 * (docs/behaviour.md section 5) are explored. Mixed with the project's existing generator. `arbitrarySwapOptions` draws the swap part of a request for a generated registry.
 */
import fc from "fast-check";
import type { RegistryInput } from "../../src/index.js";
import { arbitraryRegistry } from "../support/arbitrary-registry.js";
import { oracleIbcDenom } from "./oracle-graph.js";

type Assets = NonNullable<RegistryInput["assets"]>;
type Channels = NonNullable<RegistryInput["ibc_channels"]>;

const metadataModes = fc.constantFrom("full", "full", "none", "name-only", "decimals-only");
const nat = (max: number) => fc.nat(max);

const shapeArbitrary = fc.record({
  chainCount: fc.integer({ min: 3, max: 6 }),
  // Which chain is axelar-dojo-1 (none when past chainCount), and whether the first native lives there.
  hub: fc.option(nat(5), { nil: undefined, freq: 5 }),
  hubNative: fc.constantFrom(true, true, false),
  // AXELAR links between an asset off the hub and one on it, as the real registry has them.
  hubLinks: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), both: fc.constantFrom(true, true, false) }), { maxLength: 2 }),
  chains: fc.array(fc.record({ pfm: fc.boolean(), memo: fc.boolean(), evm: fc.boolean() }), { minLength: 6, maxLength: 6 }),
  natives: fc.array(fc.record({ chain: nat(5), cw20: fc.boolean(), meta: metadataModes }), { minLength: 2, maxLength: 8 }),
  channels: fc.array(
    fc.record({
      a: nat(5),
      b: nat(5),
      status: fc.constantFrom("ACTIVE", "ACTIVE", "INACTIVE", "UNKNOWN"),
      preferred: fc.boolean(),
      numA: nat(14),
      numB: nat(14),
      copies: fc.integer({ min: 1, max: 2 }),
    }),
    { minLength: 2, maxLength: 7 },
  ),
  walks: fc.array(fc.record({ native: fc.nat(), steps: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), meta: metadataModes }), { maxLength: 6 }),
  cw20Channel: fc.option(fc.record({ native: fc.nat(), to: nat(5), status: fc.constantFrom("ACTIVE", "UNKNOWN", "INACTIVE"), wasmPort: fc.boolean() }), { nil: undefined }),
  eureka: fc.option(fc.record({ native: fc.nat(), to: nat(5), client: nat(2000), both: fc.boolean() }), { nil: undefined }),
  bridges: fc.array(
    fc.record({
      from: fc.nat(),
      to: fc.nat(),
      bridge: fc.constantFrom("AXELAR", "CCTP", "EUREKA", "AXELAR", "CCTP"),
      both: fc.boolean(),
      lower: fc.boolean(),
    }),
    { maxLength: 5 },
  ),
  venues: fc.array(
    fc.record({
      chain: nat(5),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      // "Pool" < "amm" < "pool" in code-unit order: the venue name is part of a swap's label.
      name: fc.constantFrom("pool", "amm", "Pool", "pool"),
      derived: fc.option(fc.record({ native: fc.nat(), link: fc.nat() }), { nil: undefined }),
      bogus: fc.boolean(),
      otherCase: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
});

function metadata(mode: string, symbol: string) {
  if (mode === "full") return { symbol, name: `${symbol} token`, decimals: 6 };
  if (mode === "name-only") return { name: `${symbol} token` };
  if (mode === "decimals-only") return { decimals: 18 };
  return {};
}

/** A checksummed-looking address: mixed case, so case-insensitive lookups matter. */
const evmAddress = (n: number) => `0x${"aBcDeF".repeat(6)}${n.toString(16).padStart(4, "0")}`;

export function arbitraryRoutingRegistry(): fc.Arbitrary<RegistryInput> {
  return fc.oneof({ weight: 4, arbitrary: shapeArbitrary.map(build) }, { weight: 1, arbitrary: arbitraryRegistry() });
}

type Shape = typeof shapeArbitrary extends fc.Arbitrary<infer S> ? S : never;

function build(shape: Shape): RegistryInput {
  const n = shape.chainCount;
  // Chain-id order differs from listing order, so sorting by chain id is observable.
  const chainIds = Array.from({ length: n }, (_, i) => `chain-${String.fromCharCode(97 + ((i * 4 + 1) % 7))}${i}`);
  const hub = shape.hub !== undefined && shape.hub < n ? shape.hub : undefined;
  if (hub !== undefined) chainIds[hub] = "axelar-dojo-1";
  const isEvm = (c: number) => c !== hub && shape.chains[c]!.evm;
  const assets: Assets = [];
  const natives: { chain: number; denom: string; cw20: boolean }[] = [];
  shape.natives.forEach((spec, k) => {
    const chain = k === 0 && hub !== undefined && shape.hubNative ? hub : spec.chain % n;
    const cw20 = spec.cw20 && !isEvm(chain);
    const denom = cw20 ? `cw20:c${chain}tok${k}` : isEvm(chain) ? evmAddress(k) : `u${chain}n${k}`;
    if (natives.some((x) => x.chain === chain && x.denom === denom)) return;
    natives.push({ chain, denom, cw20 });
    assets.push({ chain_id: chainIds[chain]!, denom, is_cw20: cw20, is_evm: isEvm(chain) && !cw20, ...metadata(spec.meta, `N${k}`) });
  });

  // Channel ids are unique per chain but scattered (channel-3, channel-12, ...).
  const used = chainIds.map(() => new Set<number>());
  const takeId = (chain: number, wish: number) => {
    let id = wish;
    while (used[chain]!.has(id)) id += 7;
    used[chain]!.add(id);
    return `channel-${id}`;
  };
  const ibc_channels: Channels = [];
  const links: { a: number; b: number; aId: string; bId: string }[] = [];
  for (const spec of shape.channels) {
    const a = spec.a % n;
    const b = (a + 1 + (spec.b % (n - 1))) % n;
    for (let copy = 0; copy < spec.copies; copy++) {
      const aId = takeId(a, spec.numA + copy * 3);
      const bId = takeId(b, spec.numB + copy * 5);
      const status = copy === 0 ? spec.status : "ACTIVE";
      ibc_channels.push({
        chain_1: { chain_id: chainIds[a]!, channel_id: aId },
        chain_2: { chain_id: chainIds[b]!, channel_id: bId },
        status: status as "ACTIVE" | "INACTIVE" | "UNKNOWN",
        preferred: copy === 0 ? spec.preferred : !spec.preferred,
      });
      links.push({ a, b, aId, bId });
    }
  }

  const listed = new Set(assets.map((a) => `${a.chain_id}|${a.denom}`));
  const list = (chain: number, trace: string, native: { chain: number; denom: string }, meta: string) => {
    const denom = oracleIbcDenom(trace, native.denom);
    const key = `${chainIds[chain]}|${denom}`;
    if (listed.has(key)) return;
    listed.add(key);
    const origin = { origin_chain_id: chainIds[native.chain]!, origin_denom: native.denom };
    assets.push({ chain_id: chainIds[chain]!, denom, trace, ...origin, ...metadata(meta, `V${assets.length}`) });
  };

  // Listed vouchers: walk a native along channels, unwinding when going back the way it came.
  for (const walk of shape.walks) {
    const native = natives[walk.native % natives.length]!;
    if (native.cw20) continue;
    let at = native.chain;
    let trace: string[] = [];
    for (const step of walk.steps) {
      const usable = links.filter((l) => l.a === at || l.b === at);
      if (usable.length === 0) break;
      const link = usable[step % usable.length]!;
      const [to, sendId, receiveId] = link.a === at ? [link.b, link.aId, link.bId] : [link.a, link.bId, link.aId];
      trace = trace[1] === sendId ? trace.slice(2) : ["transfer", receiveId, ...trace];
      at = to;
      if (trace.length === 0) break;
      list(at, trace.join("/"), native, walk.meta);
    }
  }

  // A CW20 leaves over a wasm.<contract> port and arrives as an ordinary voucher. Sometimes the
  // channel is declared transfer/transfer instead: then the CW20 cannot leave over it (only unwind).
  const cw20s = natives.filter((x) => x.cw20);
  if (shape.cw20Channel && cw20s.length > 0) {
    const native = cw20s[shape.cw20Channel.native % cw20s.length]!;
    const to = (native.chain + 1 + (shape.cw20Channel.to % (n - 1))) % n;
    const bId = takeId(to, 40);
    ibc_channels.push({
      chain_1: { chain_id: chainIds[native.chain]!, channel_id: takeId(native.chain, 40), port_id: shape.cw20Channel.wasmPort ? `wasm.c${native.chain}ics20` : "transfer" },
      chain_2: { chain_id: chainIds[to]!, channel_id: bId },
      status: shape.cw20Channel.status as "ACTIVE" | "INACTIVE" | "UNKNOWN",
    });
    list(to, `transfer/${bId}`, native, "full");
  }

  const bridge_links: NonNullable<RegistryInput["bridge_links"]> = [];
  // Eureka (IBC v2) keeps the trace: the voucher carries a client id in its trace.
  if (shape.eureka) {
    const native = natives[shape.eureka.native % natives.length]!;
    const to = (native.chain + 1 + (shape.eureka.to % (n - 1))) % n;
    const trace = `transfer/08-wasm-${shape.eureka.client}`;
    list(to, trace, native, "full");
    const denom = oracleIbcDenom(trace, native.denom);
    const from = { chain_id: chainIds[native.chain]!, denom: native.denom };
    bridge_links.push({ bridge: "EUREKA", from, to: { chain_id: chainIds[to]!, denom }, bidirectional: shape.eureka.both });
  }
  for (const spec of shape.bridges) {
    const from = assets[spec.from % assets.length]!;
    const to = assets[spec.to % assets.length]!;
    if (from.chain_id === to.chain_id) continue;
    // EVM addresses may be written in another case in a link: they compare case-insensitively.
    const fold = (denom: string) => (spec.lower && denom.startsWith("0x") ? denom.toLowerCase() : denom);
    bridge_links.push({
      bridge: spec.bridge as "AXELAR" | "CCTP" | "EUREKA",
      from: { chain_id: from.chain_id, denom: fold(from.denom) },
      to: { chain_id: to.chain_id, denom: fold(to.denom) },
      bidirectional: spec.both,
    });
  }

  const onHub = assets.filter((a) => a.chain_id === "axelar-dojo-1");
  const offHub = assets.filter((a) => a.chain_id !== "axelar-dojo-1");
  for (const spec of onHub.length > 0 && offHub.length > 0 ? shape.hubLinks : []) {
    const from = offHub[spec.from % offHub.length]!;
    const to = onHub[spec.to % onHub.length]!;
    bridge_links.push({ bridge: "AXELAR", from: { chain_id: from.chain_id, denom: from.denom }, to: { chain_id: to.chain_id, denom: to.denom }, bidirectional: spec.both });
  }

  // Swap venues: listed members, maybe the single-hop voucher of a native from a neighbour (a
  // derived voucher when the registry lists no version there, else a denom that does not exist),
  // an EVM member spelled in another case, a denom that exists nowhere.
  const swap_venues: NonNullable<RegistryInput["swap_venues"]> = [];
  for (const spec of shape.venues) {
    const chain = spec.chain % n;
    const onChain = assets.filter((a) => a.chain_id === chainIds[chain]).map((a) => a.denom);
    const denoms = onChain.length === 0 ? [] : spec.picks.map((p) => onChain[p % onChain.length]!);
    if (spec.derived) {
      const neighbours = links.filter((l) => l.a === chain || l.b === chain);
      const native = natives[spec.derived.native % natives.length]!;
      const link = neighbours[spec.derived.link % Math.max(neighbours.length, 1)];
      if (link && native.chain !== chain) denoms.push(oracleIbcDenom(`transfer/${link.a === chain ? link.aId : link.bId}`, native.denom));
    }
    if (spec.otherCase) {
      const evm = denoms.find((d) => d.startsWith("0x"));
      if (evm) denoms.push(`0x${evm.slice(2).toUpperCase()}`);
    }
    if (spec.bogus) denoms.push("unone");
    const unique = [...new Set(denoms)];
    if (unique.length >= 2) swap_venues.push({ name: spec.name, chain_id: chainIds[chain]!, denoms: unique });
  }

  const chains = chainIds.map((chain_id, i) => ({
    chain_id,
    chain_type: isEvm(i) ? ("evm" as const) : ("cosmos" as const),
    pfm_enabled: shape.chains[i]!.pfm,
    forwards_after_bridge: shape.chains[i]!.memo,
    // The memo flag says what /v2/info/chains says; routes never read it (drawn against forwarding on purpose).
    supports_memo: !shape.chains[i]!.memo,
  }));
  return { chains, assets, ibc_channels, bridge_links, swap_venues };
}

export interface SwapOptionsDraw {
  include_swaps?: boolean;
  swap_venues?: { name: string; chain_id: string; logo_uri?: string }[] | null;
}

/**
 * The swap part of a request for `registry`: swaps on with every venue (swap_venues absent or
 * null), a subset of its venues (matched by exact name and chain_id, extra fields ignored), a
 * reference that matches no venue (a name on the wrong chain), an empty list; or swaps off with a
 * list that must then be ignored.
 */
export function arbitrarySwapOptions(registry: RegistryInput): fc.Arbitrary<SwapOptionsDraw> {
  const venues = (registry.swap_venues ?? []).map((v) => ({ name: v.name, chain_id: v.chain_id }));
  const chains = registry.chains.map((c) => c.chain_id);
  const refs = fc.array(
    fc.oneof(
      venues.length > 0 ? fc.constantFrom(...venues) : fc.constant({ name: "pool", chain_id: chains[0]! }),
      fc.record({ name: fc.constantFrom("pool", "amm", "Pool"), chain_id: fc.constantFrom(...chains) }),
      venues.length > 0 ? fc.constantFrom(...venues).map((v) => ({ ...v, logo_uri: "https://example.com/logo.png" })) : fc.constant({ name: "nope", chain_id: chains[0]! }),
    ),
    { maxLength: 3 },
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ include_swaps: true }) },
    { weight: 1, arbitrary: fc.constant({ include_swaps: true, swap_venues: null }) },
    { weight: 4, arbitrary: refs.map((swap_venues) => ({ include_swaps: true, swap_venues })) },
    { weight: 1, arbitrary: refs.map((swap_venues) => ({ include_swaps: false, swap_venues })) },
  );
}
