/**
 * Everything one source reaches, with its best route's cost, in compact parallel arrays sorted by
 * (destination chain, canonical asset order), so a query reads one chain's slice by binary search
 * and walks only the part of the answer it returns.
 */
import type { EngineModel } from "../graph/model.js";
import type { RouteLabel } from "./best-routes.js";

export interface ReachableSet {
  targets: Int32Array;
  txs: Uint16Array;
  hops: Uint16Array;
  /** Position in best-route order over all targets: lower is a better route. */
  rank: Int32Array;
  /** `BridgeSets` id of each target's route. */
  bridges: Uint16Array;
}

export function reachableSet(model: EngineModel, labels: readonly RouteLabel[]): ReachableSet {
  const order = labels.map((_, i) => i);
  const assets = model.assets;
  order.sort((i, j) => {
    const a = assets[labels[i]!.asset]!;
    const b = assets[labels[j]!.asset]!;
    return a.chainIndex - b.chainIndex || a.index - b.index;
  });
  const n = labels.length;
  const set: ReachableSet = {
    targets: new Int32Array(n),
    txs: new Uint16Array(n),
    hops: new Uint16Array(n),
    rank: new Int32Array(n),
    bridges: new Uint16Array(n),
  };
  order.forEach((labelIndex, i) => {
    const label = labels[labelIndex]!;
    set.targets[i] = label.asset;
    set.txs[i] = label.txs;
    set.hops[i] = label.hops;
    set.rank[i] = labelIndex;
    set.bridges[i] = label.bridges;
  });
  return set;
}

/** The half-open slice `[start, end)` of `set` whose targets sit on chain `chainIndex`. */
export function chainSlice(model: EngineModel, set: ReachableSet, chainIndex: number): [number, number] {
  const chainOf = (i: number) => model.assets[set.targets[i]!]!.chainIndex;
  const lowerBound = (value: number) => {
    let lo = 0;
    let hi = set.targets.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (chainOf(mid) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [lowerBound(chainIndex), lowerBound(chainIndex + 1)];
}
