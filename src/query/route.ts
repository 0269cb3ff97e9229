/**
 * The chosen route between two assets as a list of hops, with where each transaction starts.
 */
import type { AssetRef } from "../registry/schema.js";
import type { HopEdge } from "../model/model.js";
import type { Route, RouteHop } from "../wire/route.js";
import type { BridgeType, SwapOptions, WireAsset } from "../wire/schema.js";
import { routeEdges, searchBestRoutes, sourceLabel } from "./best-routes.js";
import { requireAsset, swapHops, type RouteIndex } from "./route-index.js";

const OPERATION = "route";

export function findRoute(routeIndex: RouteIndex, from: AssetRef, to: AssetRef, options: SwapOptions = {}): Route | null {
  const source = requireAsset(routeIndex, from.chain_id, from.denom, OPERATION);
  const target = requireAsset(routeIndex, to.chain_id, to.denom, OPERATION);
  const { assets } = routeIndex.model;
  if (source === target) {
    return { from: assets[source]!.wire, to: assets[target]!.wire, txs_required: 0, bridges: [], hops: [] };
  }
  const labels = searchBestRoutes(routeIndex.model, sourceLabel(source), routeIndex.bridgeSets, swapHops(routeIndex, options));
  const label = labels.find((candidate) => candidate.asset === target);
  if (label === undefined) return null;
  return {
    from: assets[source]!.wire,
    to: assets[target]!.wire,
    txs_required: label.txs,
    bridges: [...routeIndex.bridgeSets.get(label.bridges)],
    hops: routeEdges(label).map((step) =>
      routeHop(step.edge!, assets[step.parent!.asset]!.wire, assets[step.asset]!.wire, step.startsTx),
    ),
  };
}

/** The wire form of one hop edge: each kind with exactly its own facts. */
function routeHop(edge: HopEdge, from: WireAsset, to: WireAsset, starts_tx: boolean): RouteHop {
  switch (edge.kind) {
    case "ibc":
      return { kind: "ibc", bridge: "IBC", port: edge.port!, channel: edge.channel!, from, to, starts_tx };
    case "bridge":
      return { kind: "bridge", bridge: edge.bridge as Exclude<BridgeType, "IBC">, from, to, starts_tx };
    case "swap":
      return { kind: "swap", venue: edge.venue!, from, to, starts_tx };
  }
}
