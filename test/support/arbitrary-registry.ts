/**
 * fast-check generator of small but realistic registries in the project format: chains with
 * natives (some CW20), IBC channels (some inactive, some preferred, some parallel), listed
 * multi-hop vouchers built by really forwarding natives along channels, bridge links and swap
 * venues. Every voucher's denom is the hash of its trace, as on a real chain.
 */
import fc from "fast-check";
import { BRIDGE_TYPES } from "../../src/entries/schemas.js";
import { ibcDenom, type RegistryInput } from "../../src/index.js";

/** The trace after a forward hop that arrives over the receiving chain's `port/channel`, as a chain writes it. */
export function forwardTrace(trace: string, receivingPort: string, receivingChannel: string): string {
  const head = `${receivingPort}/${receivingChannel}`;
  return trace === "" ? head : `${head}/${trace}`;
}

/**
 * A walk from `from` over ACTIVE transfer channels, visiting no chain twice (as the decode table
 * walks): at each step the `step`-th usable channel (modulo their count); stops where none is
 * usable. The chain it ends on, the trace a voucher carried along it has there, and the chains seen.
 */
export function walkActiveChannels(
  channels: readonly { status: string; chain_1: ChannelEnd; chain_2: ChannelEnd }[],
  from: string,
  steps: readonly number[],
): { at: string; trace: string; visited: Set<string> } {
  const active = channels.filter((c) => c.status === "ACTIVE" && c.chain_1.port_id === "transfer" && c.chain_2.port_id === "transfer");
  const visited = new Set([from]);
  let at = from;
  let trace = "";
  for (const step of steps) {
    const usable = active.filter((c) => (c.chain_1.chain_id === at && !visited.has(c.chain_2.chain_id)) || (c.chain_2.chain_id === at && !visited.has(c.chain_1.chain_id)));
    if (usable.length === 0) break;
    const channel = usable[step % usable.length]!;
    const arrival = channel.chain_1.chain_id === at ? channel.chain_2 : channel.chain_1;
    trace = forwardTrace(trace, "transfer", arrival.channel_id);
    at = arrival.chain_id;
    visited.add(at);
  }
  return { at, trace, visited };
}

interface ChannelEnd {
  chain_id: string;
  port_id: string;
  channel_id: string;
}

export interface RegistryShapeOptions {
  /** When false, no chain forwards: txs_required must equal the hop count. */
  forwarding?: boolean;
  swaps?: boolean;
}

export function arbitraryRegistry(options: RegistryShapeOptions = {}): fc.Arbitrary<RegistryInput> {
  const { forwarding = true, swaps = true } = options;
  return fc
    .record({
      chainCount: fc.integer({ min: 2, max: 6 }),
      flags: fc.array(fc.record({ pfm: fc.boolean(), memo: fc.boolean(), evm: fc.boolean() }), { minLength: 6, maxLength: 6 }),
      nativesPerChain: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
      cw20: fc.array(fc.boolean(), { minLength: 18, maxLength: 18 }),
      metadata: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
      channelPairs: fc.array(
        fc.record({
          a: fc.nat(5),
          b: fc.nat(5),
          status: fc.constantFrom("ACTIVE", "ACTIVE", "ACTIVE", "INACTIVE", "UNKNOWN"),
          preferred: fc.boolean(),
        }),
        { minLength: 1, maxLength: 10 },
      ),
      walks: fc.array(fc.record({ native: fc.nat(), steps: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }), { maxLength: 8 }),
      bridges: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), bridge: fc.constantFrom(...BRIDGE_TYPES.filter((b) => b !== "IBC")), both: fc.boolean() }), { maxLength: 4 }),
      venue: fc.option(fc.record({ chain: fc.nat(5), picks: fc.array(fc.nat(), { minLength: 2, maxLength: 4 }) }), { nil: undefined }),
    })
    .map((shape) => {
      const chainIds = Array.from({ length: shape.chainCount }, (_, i) => `chain-${i}`);
      const registry = {
        chains: chainIds.map((chain_id, i) => ({
          chain_id,
          chain_type: shape.flags[i]!.evm ? ("evm" as const) : ("cosmos" as const),
          pfm_enabled: forwarding && shape.flags[i]!.pfm,
          forwards_after_bridge: forwarding && shape.flags[i]!.memo,
        })),
        assets: [] as NonNullable<RegistryInput["assets"]>,
        ibc_channels: [] as NonNullable<RegistryInput["ibc_channels"]>,
        bridge_links: [] as NonNullable<RegistryInput["bridge_links"]>,
        swap_venues: [] as NonNullable<RegistryInput["swap_venues"]>,
      };
      let metadataAt = 0;
      const withMetadata = (symbol: string) => (shape.metadata[metadataAt++ % 64] ? { symbol, name: symbol, decimals: 6 } : {});
      const natives: { chain: number; denom: string; cw20: boolean }[] = [];
      chainIds.forEach((chain_id, c) => {
        for (let k = 0; k < shape.nativesPerChain[c]!; k++) {
          const cw20 = shape.cw20[c * 3 + k]!;
          const evm = registry.chains[c]!.chain_type === "evm";
          const denom = cw20 ? `cw20:c${c}token${k}` : evm ? `0x${(c * 16 + k).toString(16).padStart(40, "0")}` : `u${c}x${k}`;
          natives.push({ chain: c, denom, cw20 });
          registry.assets.push({ chain_id, denom, is_cw20: cw20, is_evm: evm && !cw20, ...withMetadata(`T${c}${k}`) });
        }
      });
      const nextChannel = chainIds.map(() => 0);
      const channels: { a: number; b: number; aId: string; bId: string; active: boolean }[] = [];
      for (const pair of shape.channelPairs) {
        const a = pair.a % shape.chainCount;
        const b = pair.b % shape.chainCount;
        if (a === b) continue;
        const aId = `channel-${nextChannel[a]!++}`;
        const bId = `channel-${nextChannel[b]!++}`;
        registry.ibc_channels.push({
          chain_1: { chain_id: chainIds[a]!, channel_id: aId },
          chain_2: { chain_id: chainIds[b]!, channel_id: bId },
          status: pair.status as "ACTIVE" | "INACTIVE" | "UNKNOWN",
          preferred: pair.preferred,
        });
        channels.push({ a, b, aId, bId, active: pair.status !== "INACTIVE" });
      }
      const listed = new Set(registry.assets.map((a) => `${a.chain_id}|${a.denom}`));
      for (const walk of shape.walks) {
        const native = natives[walk.native % natives.length]!;
        if (native.cw20 || channels.length === 0) continue;
        let at = native.chain;
        let trace = "";
        for (const step of walk.steps) {
          const usable = channels.filter((ch) => ch.a === at || ch.b === at);
          if (usable.length === 0) break;
          const ch = usable[step % usable.length]!;
          const [to, receivingChannel] = ch.a === at ? [ch.b, ch.bId] : [ch.a, ch.aId];
          trace = forwardTrace(trace, "transfer", receivingChannel);
          at = to;
          if (at === native.chain) break;
          const denom = ibcDenom(trace, native.denom);
          const key = `${chainIds[at]}|${denom}`;
          if (listed.has(key)) continue;
          listed.add(key);
          registry.assets.push({
            chain_id: chainIds[at]!,
            denom,
            trace,
            origin_chain_id: chainIds[native.chain]!,
            origin_denom: native.denom,
            ...withMetadata(`V${registry.assets.length}`),
          });
        }
      }
      const assetCount = registry.assets.length;
      for (const link of shape.bridges) {
        const from = registry.assets[link.from % assetCount]!;
        const to = registry.assets[link.to % assetCount]!;
        if (from.chain_id === to.chain_id) continue;
        registry.bridge_links.push({
          bridge: link.bridge,
          from: { chain_id: from.chain_id, denom: from.denom },
          to: { chain_id: to.chain_id, denom: to.denom },
          bidirectional: link.both,
        });
      }
      if (swaps && shape.venue !== undefined) {
        const chain_id = chainIds[shape.venue.chain % shape.chainCount]!;
        const onChain = registry.assets.filter((a) => a.chain_id === chain_id).map((a) => a.denom);
        const denoms = [...new Set(shape.venue.picks.map((p) => onChain[p % Math.max(onChain.length, 1)]!))].filter(Boolean);
        if (denoms.length >= 2) registry.swap_venues.push({ name: "venue", chain_id, denoms });
      }
      return registry satisfies RegistryInput;
    });
}
