/**
 * The graph "with every channel counted", for diagnosis only. The router routes over every
 * channel except INACTIVE ones, but derives single-hop vouchers only over ACTIVE transfer
 * channels: so an INACTIVE channel breaks hops, and an UNKNOWN (or INACTIVE) one leaves a chain
 * pair without derived vouchers. The diagnostic model is the router's own model plus what those
 * channels would add if they were ACTIVE: the hops over INACTIVE channels and the vouchers (with
 * their hops) derived over chain pairs that have no ACTIVE transfer channel. Each added hop is
 * tagged with its channel's status; a best route in this model that the router cannot take
 * crosses such a hop, and that is the hop to name.
 *
 * Only the missing part is built (`buildModel`, the one model builder, on the listed assets over
 * those channels), merged into the router's model by its own look-ups and hop order
 * (`compareHops`): the router's assets keep their indexes and the search is the route search.
 * Bridge links a state snapshot took out (./state-reasons.ts `deadBridgeLinks`) are put back the
 * same way, their hops tagged with the verdict. Also a chain-level graph (any channel, any bridge
 * link, those too) to tell "not connected at all" from
 * "no version listed", built only when asked for. Both are kept per route index.
 */
import Graph from "graphology";
import { bidirectional } from "graphology-shortest-path/unweighted.js";
import { AdmittedVouchers } from "../model/admitted-vouchers.js";
import { buildModel } from "../model/build-model.js";
import { compareHops } from "../model/hops.js";
import { recordAt } from "../model/canonical-assets.js";
import { chainNodeKey } from "../model/graphology-view.js";
import { canonicalAssets, type AssetRecord, type Model, type HopEdge } from "../model/model.js";
import type { RouteIndex } from "../query/route-index.js";
import { channelKey, indexChannelsByEnd } from "../registry/channel-ends.js";
import type { IbcChannel, Registry } from "../registry/schema.js";
import type { TransferRule } from "../registry/transfer-rules.js";
import type { TransferRefusal } from "../registry/transfer-refusals.js";
import { transferRuleBook } from "../model/transfer-rule-book.js";
import { assetKey } from "../registry/schema.js";
import type { DeadBridgeLink } from "./state-reasons.js";

export type ChannelStatus = IbcChannel["status"];
/**
 * Why the router lacks a hop: its channel's status, a chain's transfer rule, a refusal of the state
 * snapshot (one direction), or the snapshot's verdict on a bridge link it took out.
 */
export type MissingHop = ChannelStatus | TransferRule | TransferRefusal | DeadBridgeLink;

export interface DiagnosticModel {
  /** The model (same asset indexes) plus the added assets and hops; chains, swap venues alike. */
  model: Model;
  /** Each hop of `model` the router does not have, with why (`hopsOf` returns these very objects). */
  added: Map<HopEdge, MissingHop>;
}

interface Diagnostics {
  model?: DiagnosticModel;
  chains?: Graph;
}

const cache = new WeakMap<RouteIndex, Diagnostics>();

function diagnosticsOf(routeIndex: RouteIndex): Diagnostics {
  let found = cache.get(routeIndex);
  if (found === undefined) cache.set(routeIndex, (found = {}));
  return found;
}

export function diagnosticModel(routeIndex: RouteIndex, registry: Registry, deadLinks: readonly DeadBridgeLink[]): DiagnosticModel {
  const diagnostics = diagnosticsOf(routeIndex);
  diagnostics.model ??= buildDiagnosticModel(routeIndex.model, registry, deadLinks);
  return diagnostics.model;
}

export function chainGraph(routeIndex: RouteIndex, registry: Registry, deadLinks: readonly DeadBridgeLink[]): Graph {
  const diagnostics = diagnosticsOf(routeIndex);
  diagnostics.chains ??= buildChainGraph(registry, deadLinks);
  return diagnostics.chains;
}

const isTransfer = (channel: IbcChannel) => channel.chain_1.port_id === "transfer" && channel.chain_2.port_id === "transfer";

function buildDiagnosticModel(real: Model, registry: Registry, deadLinks: readonly DeadBridgeLink[]): DiagnosticModel {
  // An unordered chain pair as one number of the model's chain indexes (every channel's chains are listed).
  const n = real.chains.length;
  const pairKey = (a: string, b: string) => {
    const [i, j] = [real.chainIndexById.get(a)!, real.chainIndexById.get(b)!];
    return i < j ? i * n + j : j * n + i;
  };
  const activePairs = new Set<number>();
  for (const channel of registry.ibc_channels) {
    if (channel.status === "ACTIVE" && isTransfer(channel)) activePairs.add(pairKey(channel.chain_1.chain_id, channel.chain_2.chain_id));
  }
  // What the chains' transfer rules refuse is built too (the part has none), then tagged with the rule.
  const rules = transferRuleBook(registry);
  const refusedChains = new Set((registry.transfer_refusals ?? []).map((refusal) => refusal.chain_id));
  const refusing = (channel: IbcChannel) =>
    [channel.chain_1.chain_id, channel.chain_2.chain_id].some((chainId) => rules.refusesArrivals(chainId) !== undefined || refusedChains.has(chainId));
  const recordOf = (ref: { chain_id: string; denom: string }) => {
    const index = real.assetIndexOf(ref.chain_id, ref.denom);
    return index === undefined ? undefined : real.asset(index);
  };
  // A link the bridge's rule, or a refusal of the state one way (an Eureka link's Cosmos side), keeps from the router.
  const refusedLink = (link: Registry["bridge_links"][number]) => {
    const [from, to] = [recordOf(link.from), recordOf(link.to)];
    if (from === undefined || to === undefined) return false;
    return (
      rules.refusesOverBridge(link.bridge, from.originDenom) !== undefined ||
      rules.refusesBridgeHop(link.bridge, from, to) !== undefined ||
      (link.bidirectional && rules.refusesBridgeHop(link.bridge, to, from) !== undefined)
    );
  };
  // The missing part: listed assets over every channel. A transfer channel of a pair with no ACTIVE
  // one counts as ACTIVE (vouchers are derived over it); every other channel as UNKNOWN (its hops
  // exist, no voucher is derived: the router's own derivation over ACTIVE channels is kept as is).
  const part = buildModel({
    ...registry,
    transfer_rules: [],
    transfer_refusals: [],
    bridge_links: [...registry.bridge_links.filter(refusedLink), ...deadLinks.map((dead) => dead.link)],
    swap_venues: [],
    ibc_channels: registry.ibc_channels.map((channel) => {
      const derive = isTransfer(channel) && (!activePairs.has(pairKey(channel.chain_1.chain_id, channel.chain_2.chain_id)) || (channel.status === "ACTIVE" && refusing(channel)));
      return { ...channel, status: derive ? "ACTIVE" : "UNKNOWN" };
    }),
  });

  // Merge by asset key: the router's assets keep their indexes, new vouchers follow. Hop lists are
  // merged when the search reads them (a model loaded from a dataset builds its own lists lazily too).
  // The router's canonical assets: the decoded vouchers it admitted are admitted here on their own (below).
  // Indexes from the router's canonicalCount on: the part's vouchers the router lacks.
  const partOnly: AssetRecord[] = [];
  const partAssets = canonicalAssets(part);
  const toMerged: number[] = partAssets.map((asset) => {
    let index = real.assetIndexOf(asset.chainId, asset.denom);
    if (index === undefined) {
      index = real.canonicalCount + partOnly.length;
      partOnly.push(recordAt(asset, index));
    }
    return index;
  });
  // The router's look-up, then the part's for the vouchers only the part has: no index of its own to build.
  const assetIndexOf = (chainId: string, denom: string) => {
    const found = real.assetIndexOf(chainId, denom);
    if (found !== undefined) return found;
    const inPart = part.assetIndexOf(chainId, denom);
    return inPart === undefined ? undefined : toMerged[inPart];
  };
  const statusOf = indexChannelsByEnd(registry.ibc_channels);
  const added = new Map<HopEdge, MissingHop>();
  const extra = new Map<number, HopEdge[]>();
  // A dead link's hops, both ways, by their two assets' keys.
  const deadByHop = new Map<string, DeadBridgeLink>();
  for (const dead of deadLinks) {
    const [a, b] = [assetKey(dead.link.from.chain_id, dead.link.from.denom), assetKey(dead.link.to.chain_id, dead.link.to.denom)];
    deadByHop.set(`${a}\u0001${b}`, dead).set(`${b}\u0001${a}`, dead);
  }
  const ruleRefusing = (asset: AssetRecord, edge: HopEdge): MissingHop | undefined => {
    if (edge.kind === "bridge") {
      const target = part.asset(edge.to);
      return rules.refusesOverBridge(edge.bridge!, asset.originDenom) ?? rules.refusesBridgeHop(edge.bridge!, asset, target) ?? deadByHop.get(`${assetKey(asset.chainId, asset.denom)}\u0001${assetKey(target.chainId, target.denom)}`);
    }
    if (edge.kind !== "ibc") return undefined;
    const target = part.asset(edge.to);
    // A forward hop (its voucher's trace grows), not an unwind, is what a returning-only chain refuses.
    const rule = target.trace.length > asset.trace.length ? rules.refusesArrivals(target.chainId) : undefined;
    if (rule !== undefined || !rules.refusesAnyHop) return rule;
    const receiving = statusOf.get(channelKey(asset.chainId, edge.port!, edge.channel!))?.counterparty.channel_id ?? "";
    return rules.refusesHop({ chainId: asset.chainId, channelId: edge.channel!, denom: asset.denom }, { chainId: target.chainId, channelId: receiving, denom: target.denom });
  };
  partAssets.forEach((asset, partFrom) => {
    const from = toMerged[partFrom]!;
    for (const edge of part.hopsOf(partFrom)) {
      const merged: HopEdge = { ...edge, to: toMerged[edge.to]! };
      const list = extra.get(from);
      if (list === undefined) extra.set(from, [merged]);
      else list.push(merged);
      added.set(merged, ruleRefusing(asset, edge) ?? statusOf.get(channelKey(asset.chainId, edge.port ?? "", edge.channel ?? ""))?.status ?? "UNKNOWN");
    }
  });
  const lists = new Map<number, readonly HopEdge[]>();
  const hopsOf = (index: number): readonly HopEdge[] => {
    if (index >= canonicalCount) return admitted.hopsOf(index) ?? [];
    const own = index < real.canonicalCount ? real.hopsOf(index) : [];
    const more = extra.get(index);
    if (more === undefined) return own;
    let list = lists.get(index);
    if (list === undefined) {
      const fresh = more.filter((edge) => !own.some((e) => e.to === edge.to && e.kind === edge.kind && e.port === edge.port && e.channel === edge.channel));
      list = [...own, ...fresh].sort(compareHops);
      lists.set(index, list);
    }
    return list;
  };
  // Each chain's indexes ascending: the router's, then the part's own (all above them).
  const assetsByChain: number[][] = real.assetsByChain.map((indexes) => [...indexes]);
  for (const asset of partOnly) assetsByChain[asset.chainIndex]!.push(asset.index);
  const canonicalCount = real.canonicalCount + partOnly.length;
  const model: Model = {
    ...real,
    asset: (index) =>
      index < real.canonicalCount ? real.asset(index) : index < canonicalCount ? partOnly[index - real.canonicalCount]! : admitted.record(index),
    assetCount: () => canonicalCount + admitted.count,
    assetIndexOf,
    assetsByChain,
    canonicalCount,
    get hops() {
      return Array.from({ length: canonicalCount }, (_, index) => [...hopsOf(index)]);
    },
    hopsOf,
    admitIbcDenom: (chainId, denom) => admitted.admit(chainId, denom),
    onAdmittedEvicted: (listener) => admitted.onEvicted(listener),
  };
  // A decoded source is admitted into this model as into the router's: the same hops, its own
  // indexes, its own bounded LRU (nothing here keeps a result by index past one request).
  const admitted = new AdmittedVouchers(model);
  return { model, added };
}

function buildChainGraph(registry: Registry, deadLinks: readonly DeadBridgeLink[]): Graph {
  const graph = new Graph({ type: "undirected", multi: true, allowSelfLoops: false });
  // Prefixed keys: graphology-shortest-path keeps nodes in plain objects, where "__proto__" is no ordinary key.
  for (const chain of registry.chains) graph.addNode(chainNodeKey(chain.chain_id), { chain_id: chain.chain_id });
  const link = (a: string, b: string, kind: string) => {
    const [x, y] = [chainNodeKey(a), chainNodeKey(b)];
    if (a !== b && graph.hasNode(x) && graph.hasNode(y)) graph.addUndirectedEdge(x, y, { kind });
  };
  for (const channel of registry.ibc_channels) link(channel.chain_1.chain_id, channel.chain_2.chain_id, "ibc");
  for (const bridge of [...registry.bridge_links, ...deadLinks.map((dead) => dead.link)]) link(bridge.from.chain_id, bridge.to.chain_id, bridge.bridge);
  return graph;
}

/** The nearest chain path over any channel or bridge link, or `null` when the chains are not connected. */
export function nearestChainPath(graph: Graph, from: string, to: string): string[] | null {
  const [source, target] = [chainNodeKey(from), chainNodeKey(to)];
  if (!graph.hasNode(source) || !graph.hasNode(target)) return null;
  const nodes = bidirectional(graph, source, target);
  return nodes === null ? null : nodes.map((node) => graph.getNodeAttribute(node, "chain_id") as string);
}
