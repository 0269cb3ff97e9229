/**
 * The chosen route between two assets as a list of hops, with where each transaction starts.
 */
import type { AssetRef } from "../registry/schema.js";
import type { Route, SwapOptions } from "../graph/types.js";
import { routeEdges, searchBestRoutes, sourceLabel } from "./best-routes.js";
import { requireAsset, swapHops, type Engine } from "./engine.js";

const OPERATION = "route";

export function findRoute(engine: Engine, from: AssetRef, to: AssetRef, options: SwapOptions = {}): Route | null {
  const source = requireAsset(engine, from.chain_id, from.denom, OPERATION);
  const target = requireAsset(engine, to.chain_id, to.denom, OPERATION);
  const { assets } = engine.model;
  if (source === target) {
    return { from: assets[source]!.wire, to: assets[target]!.wire, txs_required: 0, bridges: [], hops: [] };
  }
  const labels = searchBestRoutes(engine.model, sourceLabel(source), engine.bridgeSets, swapHops(engine, options));
  const label = labels.find((candidate) => candidate.asset === target);
  if (label === undefined) return null;
  return {
    from: assets[source]!.wire,
    to: assets[target]!.wire,
    txs_required: label.txs,
    bridges: [...engine.bridgeSets.get(label.bridges)],
    hops: routeEdges(label).map((step) => ({
      kind: step.edge!.kind,
      bridge: step.edge!.bridge,
      from: assets[step.parent!.asset]!.wire,
      to: assets[step.asset]!.wire,
      port: step.edge!.port,
      channel: step.edge!.channel,
      venue: step.edge!.venue,
      starts_tx: step.startsTx,
    })),
  };
}
