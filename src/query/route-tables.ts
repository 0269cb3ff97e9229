/**
 * Every asset's best routes. Single-hop assets (most vouchers) share the search from the far end
 * of their hop, so the cost follows the assets that branch. `buildRouter` computes every table
 * up front; a graph restored from a dataset computes each on first use (cold start is one search,
 * not thousands), with the same answers: a table depends only on the model.
 */
import type { Model } from "../model/model.js";
import { Arrival, AXELAR_HUB, SearchScratch, arrivalOver, searchBestRoutes, sourceLabel } from "./best-routes.js";
import { BridgeSets } from "./bridge-sets.js";
import type { RouteIndex } from "./route-index.js";
import { ownView, reachableSet, type ReachableView } from "./reachable-set.js";

/** A route index with every route table computed now. */
export function routeIndexOf(model: Model): RouteIndex {
  const routeIndex = lazyRouteIndexOf(model);
  const fill = routeIndex.fillReachable!;
  for (let asset = 0; asset < model.assets.length; asset++) routeIndex.reachable[asset] = fill(asset);
  return routeIndex;
}

/** A route index whose route tables are computed on first use (`reachableOf`). */
export function lazyRouteIndexOf(model: Model): RouteIndex {
  const bridgeSets = new BridgeSets();
  let scratch: SearchScratch | undefined;
  const search = (start: Parameters<typeof searchBestRoutes>[1]) =>
    ownView(reachableSet(model, searchBestRoutes(model, start, bridgeSets, null, (scratch ??= new SearchScratch(model.assets.length)))));
  const shared = new Map<string, ReachableView>();
  const fillReachable = (index: number): ReachableView => {
    const hops = model.hopsOf(index);
    if (hops.length !== 1) return search(sourceLabel(index));
    const hop = hops[0]!;
    const via = { asset: hop.to, txs: 1, hops: 1, bridges: bridgeSets.extend(BridgeSets.EMPTY, hop.bridge) };
    const key = `${hop.to}|${hop.kind}|${hop.bridge}`;
    let far = shared.get(key);
    if (far === undefined) {
      // The key fixes the arrival: it depends only on the hop's kind, bridge and far end.
      const arrival = arrivalOver(model, model.chainIndexById.get(AXELAR_HUB) ?? -1, hop, Arrival.Start);
      far = search({ ...via, parent: null, edge: null, startsTx: false, arrival });
      shared.set(key, far);
    }
    return { ...far, exclude: index, via };
  };
  // Sparse: a loaded graph fills the tables its queries read, not a slot per asset up front.
  return { model, bridgeSets, reachable: [], fillReachable };
}
