/**
 * Hop edges between canonical assets: IBC forward/unwind pairs read off each voucher's trace and
 * the channel table, and bridge links from the registry. Swaps are added per query, not here.
 */
import { compareStrings } from "../compare.js";
import { ibcDenom, unwindTrace } from "../denom/trace.js";
import { assetKey, type ChannelEnd, type Registry } from "../registry/schema.js";
import { channelKey, indexChannelsByEnd, type ChannelView } from "../registry/channel-ends.js";
import type { AssetRecord, HopEdge } from "./model.js";

/** A voucher's IBC hop back: the asset it came from and the channel it arrived over, seen from its chain. */
export interface Predecessor {
  predecessor: number;
  view: ChannelView;
}

/** Every asset's `Predecessor` (`null`: none), what a dataset stores so loading parses no trace. */
export function ibcPredecessors(
  registry: Registry,
  assets: readonly AssetRecord[],
  assetIndexByKey: ReadonlyMap<string, number>,
): (Predecessor | null)[] {
  const channels = indexChannelsByEnd(registry.ibc_channels);
  return assets.map((voucher) => ibcPredecessor(voucher, channels, assetIndexByKey));
}

export function hopAdjacency(
  registry: Registry,
  assets: readonly AssetRecord[],
  assetIndexByKey: ReadonlyMap<string, number>,
  /** Predecessors already resolved (`ibcPredecessors` of the same registry), e.g. by a dataset. */
  known?: (voucher: AssetRecord) => Predecessor | null,
): HopEdge[][] {
  // Filled as edges arrive: an array literal of one edge is a fraction of an empty array grown by push.
  const hops: (HopEdge[] | undefined)[] = new Array(assets.length);
  const add = (from: number, edge: HopEdge) => {
    const list = hops[from];
    if (list === undefined) hops[from] = [edge];
    else list.push(edge);
  };
  const channels = indexChannelsByEnd(registry.ibc_channels);
  // One label string per channel end, not one per hop: tens of thousands of hops share a few thousand ends.
  const labels = new Map<ChannelEnd, string>();
  const labelOf = (end: ChannelEnd) => {
    let label = labels.get(end);
    if (label === undefined) labels.set(end, (label = `${end.chain_id}\u0000${end.channel_id}`));
    return label;
  };

  for (const voucher of assets) {
    const previous = known === undefined ? ibcPredecessor(voucher, channels, assetIndexByKey) : known(voucher);
    if (previous === null) continue;
    const { predecessor, view } = previous;
    // Sending an asset over the channel end it arrived by unwinds it, so a listed voucher wound
    // twice over one channel has no forward into it; its own way back (the unwind) stays.
    if (!arrivedOver(assets[predecessor]!.trace, view.counterparty)) {
      add(predecessor, ibcHop(voucher.index, view.counterparty, labelOf(view.counterparty)));
    }
    add(voucher.index, ibcHop(predecessor, view.self, labelOf(view.self)));
  }

  for (const link of registry.bridge_links) {
    const from = assetIndexByKey.get(assetKey(link.from.chain_id, link.from.denom));
    const to = assetIndexByKey.get(assetKey(link.to.chain_id, link.to.denom));
    if (from === undefined || to === undefined || from === to) continue;
    add(from, bridgeHop(to, link.from.chain_id, link.bridge));
    if (link.bidirectional) add(to, bridgeHop(from, link.to.chain_id, link.bridge));
  }

  const lists = hops as HopEdge[][];
  for (let i = 0; i < lists.length; i++) {
    const list = lists[i];
    if (list === undefined) lists[i] = [];
    else if (list.length > 1) list.sort((a, b) => compareStrings(a.sequenceLabel, b.sequenceLabel) || a.to - b.to);
  }
  return lists;
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
): Predecessor | null {
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

/** Whether a trace's latest hop came in over `end` (its first segment names that port and channel). */
function arrivedOver(trace: string, end: ChannelEnd): boolean {
  const head = `${end.port_id}/${end.channel_id}`;
  return trace === head || trace.startsWith(`${head}/`);
}

/** A hop over `end`, the sending side's channel end; `label` is `chain_id\0channel_id` of that end. */
function ibcHop(to: number, end: ChannelEnd, label: string): HopEdge {
  return { to, kind: "ibc", bridge: "IBC", port: end.port_id, channel: end.channel_id, venue: null, sequenceLabel: label };
}

function bridgeHop(to: number, sendingChainId: string, bridge: HopEdge["bridge"]): HopEdge {
  return { to, kind: "bridge", bridge, port: null, channel: null, venue: null, sequenceLabel: `${sendingChainId}\u0000${bridge}` };
}
