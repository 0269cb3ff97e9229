/**
 * Everything one source reaches, with its best route's cost, in compact parallel arrays sorted by
 * (destination chain, canonical asset order), so a query reads one chain's slice by binary search
 * and walks only the part of the answer it returns.
 */
import type { Model } from "../model/model.js";
import type { RouteLabel } from "./best-routes.js";

interface ReachableSet {
  targets: Int32Array;
  /** The chain index of each target: contiguous, so finding a chain's slice touches no asset object. */
  chains: Int32Array;
  txs: Uint16Array;
  hops: Uint16Array;
  /** Position in best-route order over all targets: lower is a better route. */
  rank: Int32Array;
  /** `BridgeSets` id of each target's route. */
  bridges: Uint16Array;
}

export function reachableSet(model: Model, labels: readonly RouteLabel[]): ReachableSet {
  const order = labels.map((_, i) => i);
  const { asset } = model;
  order.sort((i, j) => {
    const a = asset(labels[i]!.asset);
    const b = asset(labels[j]!.asset);
    return a.chainIndex - b.chainIndex || a.index - b.index;
  });
  const n = labels.length;
  const set: ReachableSet = {
    targets: new Int32Array(n),
    chains: new Int32Array(n),
    txs: new Uint16Array(n),
    hops: new Uint16Array(n),
    rank: new Int32Array(n),
    bridges: new Uint16Array(n),
  };
  order.forEach((labelIndex, i) => {
    const label = labels[labelIndex]!;
    set.targets[i] = label.asset;
    set.chains[i] = asset(label.asset).chainIndex;
    set.txs[i] = label.txs;
    set.hops[i] = label.hops;
    set.rank[i] = labelIndex;
    set.bridges[i] = label.bridges;
  });
  return set;
}

/** The entries whose route needs a single transaction: what default queries walk. */
function singleTransactionSubset(set: ReachableSet): ReachableSet {
  const keep: number[] = [];
  set.txs.forEach((txs, i) => {
    if (txs === 1) keep.push(i);
  });
  if (keep.length === set.targets.length) return set;
  const pick = <T extends Int32Array | Uint16Array>(from: T, into: T) => {
    keep.forEach((i, j) => (into[j] = from[i]!));
    return into;
  };
  const n = keep.length;
  return {
    targets: pick(set.targets, new Int32Array(n)),
    chains: pick(set.chains, new Int32Array(n)),
    txs: pick(set.txs, new Uint16Array(n)),
    hops: pick(set.hops, new Uint16Array(n)),
    rank: pick(set.rank, new Int32Array(n)),
    bridges: pick(set.bridges, new Uint16Array(n)),
  };
}

/** The half-open slice `[start, end)` of `set` whose targets sit on chain `chainIndex`. */
function chainSlice(set: ReachableSet, chainIndex: number): [number, number] {
  const chains = set.chains;
  const lowerBound = (value: number) => {
    let lo = 0;
    let hi = chains.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (chains[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [lowerBound(chainIndex), lowerBound(chainIndex + 1)];
}

/** A view over a freshly searched set (no sharing). */
export function ownView(set: ReachableSet): ReachableView {
  return { set, singleTx: singleTransactionSubset(set), exclude: -1, via: null };
}

/**
 * What one asset reaches. An asset with a single hop (most vouchers: their only move is back to
 * where they came from) shares the set searched from the far end of that hop, minus itself, plus
 * that far end, which is always its best target. This keeps build time and memory proportional to
 * the assets that branch, not to every voucher times its family.
 */
export interface ReachableView {
  set: ReachableSet;
  /** `set` restricted to single-transaction routes (the same object when all are). */
  singleTx: ReachableSet;
  /** An asset of `set` not reachable as a target (the leaf itself), or -1. */
  exclude: number;
  /** The far end of the leaf's single hop, or null. */
  via: { asset: number; txs: number; hops: number; bridges: number } | null;
}

export type VisitReachable = (asset: number, txs: number, hops: number, rank: number, bridges: number) => void;

/**
 * Visits the view's targets in (chain, canonical) order, all chains or only `chainIndex`; only
 * single-transaction routes unless `multiTx`, so a default query walks no more than it returns.
 */
export function forEachReachable(
  model: Model,
  view: ReachableView,
  multiTx: boolean,
  visit: VisitReachable,
  chainIndex = -1,
): void {
  const { exclude, via } = view;
  const set = multiTx ? view.set : view.singleTx;
  const [start, end] = chainIndex === -1 ? [0, set.targets.length] : chainSlice(set, chainIndex);
  const { asset } = model;
  let pending = via !== null && (chainIndex === -1 || asset(via.asset).chainIndex === chainIndex) ? via : null;
  for (let i = start; i < end; i++) {
    const target = set.targets[i]!;
    if (pending !== null && comesBefore(model, pending.asset, target)) {
      visit(pending.asset, pending.txs, pending.hops, -1, pending.bridges);
      pending = null;
    }
    if (target === exclude) continue;
    visit(target, set.txs[i]!, set.hops[i]!, set.rank[i]!, set.bridges[i]!);
  }
  if (pending !== null) visit(pending.asset, pending.txs, pending.hops, -1, pending.bridges);
}

function comesBefore(model: Model, a: number, b: number): boolean {
  const x = model.asset(a);
  const y = model.asset(b);
  return x.chainIndex !== y.chainIndex ? x.chainIndex < y.chainIndex : x.index < y.index;
}
