/**
 * The chosen route between two assets as a list of hops, with where each transaction starts.
 */
import { AssetRefSchema, type AssetRef } from "../registry/schema.js";
import type { Model } from "../model/model.js";
import type { Route, RouteHop } from "../wire/route.js";
import { SwapOptionsSchema, type BridgeType, type SwapOptions } from "../wire/schema.js";
import { parseArgument } from "../arguments.js";
import { isAxelarLeg, routeEdges, searchBestRoutes, sourceLabel, type RouteLabel } from "./best-routes.js";
import { requireAsset, swapHops, type RouteIndex } from "./route-index.js";
import type { BridgeSets } from "./bridge-sets.js";

const OPERATION = "route";
const ASSET_REF = "an object {chain_id, denom}";

export function findRoute(routeIndex: RouteIndex, fromArg: AssetRef, toArg: AssetRef, optionsArg?: SwapOptions): Route | null {
  const from = parseArgument(AssetRefSchema, fromArg, { fn: OPERATION, arg: "from", expected: ASSET_REF });
  const to = parseArgument(AssetRefSchema, toArg, { fn: OPERATION, arg: "to", expected: ASSET_REF });
  const options = parseArgument(SwapOptionsSchema, optionsArg, { fn: OPERATION, arg: "options", expected: "an object {include_swaps, swap_venues} or undefined" }) ?? {};
  const source = requireAsset(routeIndex, from.chain_id, from.denom, OPERATION);
  const target = requireAsset(routeIndex, to.chain_id, to.denom, OPERATION);
  const { asset } = routeIndex.model;
  if (source === target) {
    return { from: asset(source).wire, to: asset(target).wire, txs_required: 0, bridges: [], hops: [] };
  }
  const labels = searchBestRoutes(routeIndex.model, sourceLabel(source), routeIndex.bridgeSets, swapHops(routeIndex, options));
  const label = labels.find((candidate) => candidate.asset === target);
  return label === undefined ? null : routeOfLabel(routeIndex.model, routeIndex.bridgeSets, label);
}

/** A label of a search as the route it ends: from the search's start asset, hop by hop. */
export function routeOfLabel(model: Model, bridgeSets: BridgeSets, label: RouteLabel): Route {
  const { asset } = model;
  const steps = routeEdges(label);
  return {
    from: asset(steps[0]?.parent?.asset ?? label.asset).wire,
    to: asset(label.asset).wire,
    txs_required: label.txs,
    bridges: [...bridgeSets.get(label.bridges)],
    hops: steps.map((step) => routeHop(model, step)),
  };
}

/** The wire form of one step of a route (a label with its edge): each kind with exactly its own facts. */
export function routeHop(model: Model, step: RouteLabel): RouteHop {
  const edge = step.edge!;
  const from = model.asset(step.parent!.asset).wire;
  const to = model.asset(step.asset).wire;
  const starts_tx = step.startsTx;
  switch (edge.kind) {
    case "ibc": {
      const [port, channel] = [edge.port!, edge.channel!];
      if (isAxelarLeg(step)) return { kind: "ibc", bridge: "IBC", port, channel, part_of: "AXELAR", from, to, starts_tx };
      return { kind: "ibc", bridge: "IBC", port, channel, from, to, starts_tx };
    }
    case "bridge":
      return { kind: "bridge", bridge: edge.bridge as Exclude<BridgeType, "IBC">, from, to, starts_tx };
    case "swap":
      return { kind: "swap", venue: edge.venue!, from, to, starts_tx };
  }
}
