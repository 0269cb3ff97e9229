/**
 * Every asset's best routes, each computed on the first query that reads it: a table depends only
 * on the model, so when it is computed changes no answer, and a router (built or loaded) costs one
 * search per asset asked about, not thousands up front (a reload's checks ask a few). Single-hop
 * assets (most vouchers) share the search from the far end of their hop, so the cost follows the
 * assets that branch.
 */
import type { Model } from "../model/model.js";
import { Arrival, SearchScratch, arrivalOver, axelarHub, searchBestRoutes, sourceLabel } from "./best-routes.js";
import { BridgeSets } from "./bridge-sets.js";
import type { RouteIndex } from "./route-index.js";
import { ownView, reachableSet, type ReachableView } from "./reachable-set.js";

/** A route index whose route tables are computed on first use (`reachableOf`). */
export function routeIndexOf(model: Model): RouteIndex {
  const bridgeSets = new BridgeSets();
  let scratch: SearchScratch | undefined;
  // Made again when decoded vouchers admitted since (model.admitIbcDenom, at most its limit) outgrow it.
  const scratchFor = (assets: number) => (scratch !== undefined && scratch.assetCount >= assets ? scratch : (scratch = new SearchScratch(assets)));
  const search = (start: Parameters<typeof searchBestRoutes>[1]) =>
    ownView(reachableSet(model, searchBestRoutes(model, start, bridgeSets, null, scratchFor(model.assetCount()))));
  // By the far end of a leaf's hop, then the hop's kind and bridge.
  const shared = new Map<number, Map<string, ReachableView>>();
  const fillReachable = (index: number): ReachableView => {
    const hops = model.hopsOf(index);
    if (hops.length !== 1) return search(sourceLabel(index));
    const hop = hops[0]!;
    const via = { asset: hop.to, txs: 1, hops: 1, bridges: bridgeSets.extend(BridgeSets.EMPTY, hop.bridge) };
    let byHop = shared.get(hop.to);
    if (byHop === undefined) shared.set(hop.to, (byHop = new Map()));
    const key = `${hop.kind}|${hop.bridge}`;
    let far = byHop.get(key);
    if (far === undefined) {
      // The key fixes the arrival: it depends only on the hop's kind, bridge and far end.
      const arrival = arrivalOver(model, axelarHub(model), hop, Arrival.Start);
      far = search({ ...via, parent: null, edge: null, startsTx: false, arrival });
      byHop.set(key, far);
    }
    return { ...far, exclude: index, via };
  };
  // Sparse: filled with the tables queries read, not a slot per asset up front.
  const reachable: RouteIndex["reachable"] = [];
  // A decoded voucher given up frees its index for another: what was computed for it goes too.
  model.onAdmittedEvicted((asset) => {
    reachable[asset] = undefined;
    shared.delete(asset);
  });
  return { model, bridgeSets, reachable, fillReachable };
}
