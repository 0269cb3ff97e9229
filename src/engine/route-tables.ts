/**
 * Every asset's best routes, computed once at build time. Single-hop assets (most vouchers) share
 * the search from the far end of their hop, so build cost follows the assets that branch.
 */
import type { EngineModel, HopEdge } from "../model/model.js";
import { Arrival, SearchScratch, searchBestRoutes, sourceLabel } from "../query/best-routes.js";
import { BridgeSets } from "../query/bridge-sets.js";
import type { Engine } from "../query/engine.js";
import { ownView, reachableSet, type ReachableView } from "../query/reachable-set.js";

export function engineOfModel(model: EngineModel): Engine {
  const bridgeSets = new BridgeSets();
  return { model, bridgeSets, reachable: reachableViews(model, bridgeSets) };
}

function reachableViews(model: EngineModel, bridgeSets: BridgeSets): ReachableView[] {
  const scratch = new SearchScratch(model.assets.length);
  const shared = new Map<string, ReachableView>();
  return model.assets.map((asset): ReachableView => {
    const hops = model.hops[asset.index]!;
    if (hops.length !== 1) {
      return ownView(reachableSet(model, searchBestRoutes(model, sourceLabel(asset.index), bridgeSets, null, scratch)));
    }
    const hop = hops[0]!;
    const via = { asset: hop.to, txs: 1, hops: 1, bridges: bridgeSets.extend(BridgeSets.EMPTY, hop.bridge) };
    const key = `${hop.to}|${hop.kind}|${hop.bridge}`;
    let far = shared.get(key);
    if (far === undefined) {
      const start = { ...via, parent: null, edge: null, startsTx: false, arrival: arrivalBy(hop) };
      far = ownView(reachableSet(model, searchBestRoutes(model, start, bridgeSets, null, scratch)));
      shared.set(key, far);
    }
    return { ...far, exclude: asset.index, via };
  });
}

function arrivalBy(hop: HopEdge): Arrival {
  return hop.kind === "ibc" ? Arrival.Ibc : Arrival.Bridge;
}
