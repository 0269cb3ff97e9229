/**
 * Hop edges between canonical assets: IBC forward/unwind pairs read off each voucher's trace and
 * the channel table, and bridge links from the registry. Swaps are added per query, not here.
 */
import { compareStrings } from "../compare.js";
import { ibcDenom, unwindTrace } from "../denom/trace.js";
import { assetKey, type Registry } from "../registry/schema.js";
import { channelKey, indexChannelsByEnd } from "../registry/channel-ends.js";
import type { AssetRecord, HopEdge } from "./model.js";

export function hopAdjacency(
  registry: Registry,
  assets: readonly AssetRecord[],
  assetIndexByKey: ReadonlyMap<string, number>,
): HopEdge[][] {
  const hops: HopEdge[][] = assets.map(() => []);
  const channels = indexChannelsByEnd(registry.ibc_channels);

  for (const voucher of assets) {
    const previous = ibcPredecessor(voucher, channels, assetIndexByKey);
    if (previous === null) continue;
    const { predecessor, view } = previous;
    hops[predecessor]!.push(ibcHop(voucher.index, view.counterparty.chain_id, view.counterparty.port_id, view.counterparty.channel_id));
    hops[voucher.index]!.push(ibcHop(predecessor, voucher.chainId, view.self.port_id, view.self.channel_id));
  }

  for (const link of registry.bridge_links) {
    const from = assetIndexByKey.get(assetKey(link.from.chain_id, link.from.denom));
    const to = assetIndexByKey.get(assetKey(link.to.chain_id, link.to.denom));
    if (from === undefined || to === undefined || from === to) continue;
    hops[from]!.push(bridgeHop(to, link.from.chain_id, link.bridge));
    if (link.bidirectional) hops[to]!.push(bridgeHop(from, link.to.chain_id, link.bridge));
  }

  for (const list of hops) list.sort((a, b) => compareStrings(a.sequenceLabel, b.sequenceLabel) || a.to - b.to);
  return hops;
}

/**
 * The asset one IBC hop back along a voucher's trace: over the voucher chain's channel named by
 * the trace's first segment, on the counterparty, with that segment removed. `null` when the
 * trace is native or unparseable, the channel is unknown or INACTIVE, or that asset does not exist.
 */
function ibcPredecessor(
  voucher: AssetRecord,
  channels: ReturnType<typeof indexChannelsByEnd>,
  assetIndexByKey: ReadonlyMap<string, number>,
) {
  const unwound = unwindTrace(voucher.trace);
  if (unwound === null) return null;
  const view = channels.get(channelKey(voucher.chainId, unwound.hop.port, unwound.hop.channel));
  if (view === undefined || view.status === "INACTIVE") return null;
  const counterpartyChain = view.counterparty.chain_id;
  if (unwound.rest === "" && counterpartyChain !== voucher.originChainId) return null;
  const predecessor = assetIndexByKey.get(assetKey(counterpartyChain, ibcDenom(unwound.rest, voucher.originDenom)));
  if (predecessor === undefined || predecessor === voucher.index) return null;
  return { predecessor, view };
}

function ibcHop(to: number, sendingChainId: string, port: string, channel: string): HopEdge {
  return { to, kind: "ibc", bridge: "IBC", port, channel, venue: null, sequenceLabel: `${sendingChainId}\u0000${channel}` };
}

function bridgeHop(to: number, sendingChainId: string, bridge: HopEdge["bridge"]): HopEdge {
  return { to, kind: "bridge", bridge, port: null, channel: null, venue: null, sequenceLabel: `${sendingChainId}\u0000${bridge}` };
}
