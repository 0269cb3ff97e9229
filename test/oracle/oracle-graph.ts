/**
 * Independent oracle, part 1: the canonical asset set and the hops between assets, written only
 * from docs/behaviour.md sections 1-3. It shares no code with the router: hashing uses node:crypto,
 * trace arithmetic is plain string splitting.
 */
import { readFileSync } from "node:fs";
import { answerWire } from "./eip55.js";
import { createHash } from "node:crypto";
import type { Registry, WireAsset } from "../../src/index.js";
import type { OracleOneWay } from "./oracle-state.js";

/** `ibc/` + uppercase hex SHA-256 of `<trace>/<origin_denom>`; a native keeps its denom (docs/behaviour.md section 1). */
export function oracleIbcDenom(trace: string, originDenom: string): string {
  if (trace === "") return originDenom;
  return `ibc/${createHash("sha256").update(`${trace}/${originDenom}`).digest("hex").toUpperCase()}`;
}

/** Section 1: EVM contract addresses compare case-insensitively, other denoms exactly. */
export function oracleKey(chainId: string, denom: string): string {
  const folded = /^0x[0-9a-fA-F]{40}$/.test(denom) ? denom.toLowerCase() : denom;
  return `${chainId}|${folded}`;
}

export interface OracleAsset {
  /** In the registry's spelling: what hashes and keys are computed from. */
  wire: WireAsset;
  /** As answers write it (an EVM chain's own contract EIP-55 checksummed, a voucher's origin as hashed). */
  answer: WireAsset;
  listed: boolean;
  hasMetadata: boolean;
  /** Position in canonical order: listed assets in registry order, then derived by (chain, denom). */
  order: number;
}

export interface OracleHop {
  kind: "ibc" | "bridge" | "swap";
  from: number;
  to: number;
  /** Sending chain (for a swap, the venue's chain). */
  chain: string;
  /**
   * The hop's label in the route order of docs/behaviour.md section 4: the sending chain's channel
   * id for IBC, the bridge type for a bridge hop, `swap:<venue name>` for a swap.
   */
  via: string;
}

const METADATA = ["symbol", "name", "logo_uri", "decimals", "description", "coingecko_id", "recommended_symbol"] as const;

// docs/behaviour.md section 1 ("has metadata") and section 7 (include_no_metadata_assets): an asset
// has metadata when it has any one of these fields, none of which a derived voucher has (section 2).
const hasAnyMetadata = (asset: Record<string, unknown>) => METADATA.some((field) => asset[field] !== undefined);

function wireOf(asset: Registry["assets"][number], svmChains: ReadonlySet<string>): WireAsset {
  const wire: Record<string, unknown> = {
    denom: asset.denom,
    chain_id: asset.chain_id,
    origin_denom: asset.origin_denom,
    origin_chain_id: asset.origin_chain_id,
    trace: asset.trace,
    is_cw20: asset.is_cw20,
    is_evm: asset.is_evm,
    // docs/behaviour.md: every asset says whether it lives on an SVM chain; token_contract where the registry names one.
    is_svm: svmChains.has(asset.chain_id),
  };
  for (const field of METADATA) if (asset[field] !== undefined) wire[field] = asset[field];
  if (asset.token_contract !== undefined) wire.token_contract = asset.token_contract;
  return wire as unknown as WireAsset;
}

const channelNumber = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? Number.MAX_SAFE_INTEGER);

/** Both directed views of every channel record: the sending end and the receiving end. */
export function channelEnds(registry: Registry) {
  return registry.ibc_channels.flatMap((channel) => [
    { from: channel.chain_1, to: channel.chain_2, status: channel.status, preferred: channel.preferred },
    { from: channel.chain_2, to: channel.chain_1, status: channel.status, preferred: channel.preferred },
  ]);
}

/**
 * docs/behaviour.md "Transfer rules": the chains that take only their own tokens home, and the
 * characters a bridge refuses in a base denom. From the registry's own `transfer_rules`, else the
 * shipped rules file (read here as JSON) for the chains the registry lists.
 */
function transferRules(registry: Registry): { returningOnly: Set<string>; bridgeRefuses: Map<string, string[]> } {
  type Rule = { kind: string; chain_id?: string; bridge?: string; refused_character?: string };
  const shipped = (JSON.parse(readFileSync(new URL("../../src/registry/data/transfer-rules.json", import.meta.url), "utf8")) as { rules: Rule[] }).rules;
  const listed = new Set(registry.chains.map((chain) => chain.chain_id));
  const rules: Rule[] = (registry as { transfer_rules?: Rule[] }).transfer_rules ?? shipped.filter((rule) => rule.chain_id === undefined || listed.has(rule.chain_id));
  const returningOnly = new Set(rules.filter((rule) => rule.kind === "inbound_returning_only").map((rule) => rule.chain_id!));
  const bridgeRefuses = new Map<string, string[]>();
  for (const rule of rules) if (rule.kind === "ibc_v2_base_denom") bridgeRefuses.set(rule.bridge!, [...(bridgeRefuses.get(rule.bridge!) ?? []), rule.refused_character!]);
  return { returningOnly, bridgeRefuses };
}

/** docs/behaviour.md section 2 "which assets exist on a chain": listed assets plus derived single-hop vouchers. */
export function canonicalAssets(registry: Registry): OracleAsset[] {
  const svmChains = new Set(registry.chains.filter((chain) => chain.chain_type === "svm").map((chain) => chain.chain_id));
  const listed = registry.assets.map((asset) => ({ wire: wireOf(asset, svmChains), listed: true, hasMetadata: hasAnyMetadata(asset) }));
  const versionOf = (chain: string, originChain: string, originDenom: string) => `${chain}|${oracleKey(originChain, originDenom)}`;
  const listedVersions = new Set(registry.assets.map((a) => versionOf(a.chain_id, a.origin_chain_id, a.origin_denom)));
  const derived: Omit<OracleAsset, "order" | "answer">[] = [];
  const ends = channelEnds(registry);
  const { returningOnly } = transferRules(registry);
  for (const native of registry.assets) {
    // "Native asset of a chain": trace "" and its own origin. A CW20 leaves only over a wasm port,
    // so it derives nothing over transfer/transfer channels (docs/behaviour.md section 2, rule 2).
    if (native.trace !== "" || native.is_cw20 || native.origin_chain_id !== native.chain_id || native.origin_denom !== native.denom) continue;
    const receivers = new Map<string, { channel: string; preferred: boolean }[]>();
    for (const end of ends) {
      if (end.from.chain_id !== native.chain_id || end.to.chain_id === native.chain_id) continue;
      if (end.status !== "ACTIVE" || end.from.port_id !== "transfer" || end.to.port_id !== "transfer") continue;
      const list = receivers.get(end.to.chain_id) ?? [];
      list.push({ channel: end.to.channel_id, preferred: end.preferred });
      receivers.set(end.to.chain_id, list);
    }
    for (const [chain, candidates] of receivers) {
      if (listedVersions.has(versionOf(chain, native.chain_id, native.denom))) continue;
      // A derived voucher is a foreign token arriving: a chain that takes only its own home refuses it.
      if (returningOnly.has(chain)) continue;
      // Preferred wins, else the lowest channel number on the receiving chain's end (docs/behaviour.md
      // section 2). Several preferred: the lowest number among them.
      const best = [...candidates].sort(
        (x, y) => Number(y.preferred) - Number(x.preferred) || channelNumber(x.channel) - channelNumber(y.channel) || (x.channel < y.channel ? -1 : 1),
      )[0]!;
      const trace = `transfer/${best.channel}`;
      derived.push({
        wire: {
          denom: oracleIbcDenom(trace, native.denom),
          chain_id: chain,
          origin_denom: native.denom,
          origin_chain_id: native.chain_id,
          trace,
          is_cw20: false,
          // Decision: an ibc/ voucher is a bank denom, not an EVM contract, whatever the chain type.
          is_evm: false,
          is_svm: svmChains.has(chain),
        },
        listed: false,
        hasMetadata: false,
      });
    }
  }
  derived.sort((x, y) => cmp(x.wire.chain_id, y.wire.chain_id) || cmp(x.wire.denom, y.wire.denom));
  const evmChains = new Set(registry.chains.filter((chain) => chain.chain_type === "evm").map((chain) => chain.chain_id));
  return [...listed, ...derived].map((asset, order) => ({ ...asset, answer: answerWire(asset.wire, evmChains), order }));
}

export const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * docs/behaviour.md section 3 hops: IBC forward / unwind over non-INACTIVE channels, and bridge
 * links; with a snapshot's one-way facts ("Live network state"), the IBC hops they refuse left out,
 * and the Eureka hops too (an IBC v2 transfer passes its Cosmos side's transfer module; the
 * side's client, named by its voucher's first trace hop, stands for the channel).
 */
export function hopsOf(registry: Registry, assets: OracleAsset[], oneWay?: OracleOneWay): OracleHop[][] {
  const index = new Map(assets.map((asset, i) => [oracleKey(asset.wire.chain_id, asset.wire.denom), i]));
  const out: OracleHop[][] = assets.map(() => []);
  const ends = channelEnds(registry).filter((end) => end.status !== "INACTIVE" && end.from.chain_id !== end.to.chain_id);
  const { returningOnly, bridgeRefuses } = transferRules(registry);
  assets.forEach(({ wire }, from) => {
    const segments = wire.trace === "" ? [] : wire.trace.split("/");
    for (const end of ends) {
      if (end.from.chain_id !== wire.chain_id) continue;
      let trace: string;
      if (segments[0] === end.from.port_id && segments[1] === end.from.channel_id) {
        trace = segments.slice(2).join("/"); // unwind: the first segment names this channel
      } else {
        // Decision (docs/behaviour.md section 3): the port a forward leaves by is not checked. A listed voucher's trace
        // is the registry's statement of how it travelled (a CW20 through its wasm.<contract> port),
        // and only canonical assets can be reached, so no route invents a port the registry lacks.
        trace = [end.to.port_id, end.to.channel_id, ...segments].join("/");
        // A forward (not coming home) into a chain that takes only its own tokens home is refused there.
        if (returningOnly.has(end.to.chain_id)) continue;
      }
      const to = index.get(oracleKey(end.to.chain_id, oracleIbcDenom(trace, wire.origin_denom)));
      const refused = (target: number) =>
        oneWay?.refuses({ fromChain: wire.chain_id, fromChannel: end.from.channel_id, fromDenom: wire.denom, toChain: end.to.chain_id, toChannel: end.to.channel_id, toDenom: assets[target]!.wire.denom }) ?? false;
      // Only canonical assets exist: multi-hop vouchers only where listed (docs/behaviour.md section 2).
      if (to !== undefined && !refused(to)) out[from]!.push({ kind: "ibc", from, to, chain: wire.chain_id, via: end.from.channel_id });
    }
  });
  for (const link of registry.bridge_links) {
    const a = index.get(oracleKey(link.from.chain_id, link.from.denom));
    const b = index.get(oracleKey(link.to.chain_id, link.to.denom));
    if (a === undefined || b === undefined || a === b) continue;
    const client = (i: number) => oracleIbcV2Client(assets[i]!.wire.trace);
    const oneWayRefuses = (i: number, j: number) =>
      link.bridge === "EUREKA" &&
      (oneWay?.refuses({ fromChain: assets[i]!.wire.chain_id, fromChannel: client(i), fromDenom: assets[i]!.wire.denom, toChain: assets[j]!.wire.chain_id, toChannel: client(j), toDenom: assets[j]!.wire.denom }) ?? false);
    const refused = (i: number, j: number) => (bridgeRefuses.get(link.bridge) ?? []).some((char) => assets[i]!.wire.origin_denom.includes(char)) || oneWayRefuses(i, j);
    if (!refused(a, b)) out[a]!.push({ kind: "bridge", from: a, to: b, chain: link.from.chain_id, via: link.bridge });
    if (link.bidirectional && !refused(b, a)) out[b]!.push({ kind: "bridge", from: b, to: a, chain: link.to.chain_id, via: link.bridge });
  }
  return out;
}

/** The IBC v2 client a voucher's trace starts with (`transfer/08-wasm-7/...`: not a `channel-N`), else "". */
export function oracleIbcV2Client(trace: string): string {
  const [port, id] = trace.split("/");
  return port === "transfer" && id !== undefined && !/^channel-\d+$/.test(id) ? id : "";
}

export interface OracleVenueRef {
  name: string;
  chain_id: string;
}

/**
 * docs/behaviour.md sections 3 and 6, swaps: with include_swaps, every venue the request allows
 * (all of them when swap_venues is absent or null, else those matching a listed name and chain_id
 * exactly) swaps any two of its denoms that exist on its chain, both ways. Written as a plain
 * clique of hops per venue; the oracle runs on small registries.
 */
export function swapHopsOf(
  registry: Registry,
  assets: OracleAsset[],
  request: { include_swaps?: boolean | null; swap_venues?: readonly OracleVenueRef[] | null },
): OracleHop[][] {
  const out: OracleHop[][] = assets.map(() => []);
  if (request.include_swaps !== true) return out;
  const index = new Map(assets.map((asset, i) => [oracleKey(asset.wire.chain_id, asset.wire.denom), i]));
  const wanted = request.swap_venues ?? null;
  for (const venue of registry.swap_venues) {
    if (wanted !== null && !wanted.some((w) => w.name === venue.name && w.chain_id === venue.chain_id)) continue;
    const members = [...new Set(venue.denoms.map((denom) => index.get(oracleKey(venue.chain_id, denom))))].filter((i): i is number => i !== undefined);
    for (const from of members) {
      for (const to of members) {
        if (from !== to) out[from]!.push({ kind: "swap", from, to, chain: venue.chain_id, via: `swap:${venue.name}` });
      }
    }
  }
  return out;
}
