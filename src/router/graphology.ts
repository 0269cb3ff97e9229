/** The graphology view of a router, built once per router and shared, and its node keys. */
// The type from graphology-types (a declared dependency): graphology itself is bundled, so a
// caller needs no copy of it to type the view.
import type { AbstractGraph as Graph } from "graphology-types";
import * as z from "zod/mini";
import type { AssetRouter } from "./router.js";
import { routeIndexOfRouter } from "./core.js";
import { graphologyView } from "../model/graphology-view.js";
import { assetNodeKey as assetKey, chainNodeKey as chainKey } from "../model/node-keys.js";
import { parseArgument } from "../arguments.js";

// A cache keyed by the route index, not by the router: a wrapper shares the view of the router it wraps.
const views = new WeakMap<object, Graph>();

export function graphologyOf(router: AssetRouter): Graph {
  const routeIndex = routeIndexOfRouter(router, "graphologyOf");
  let view = views.get(routeIndex);
  if (view === undefined) views.set(routeIndex, (view = graphologyView(routeIndex.model)));
  return view;
}

const ID = z.string();

// The public keys check their arguments; the view's builder calls the model's own, unchecked.
/** The key of a chain's node: `chain:<chain_id>`. */
export function chainNodeKey(chainId: string): string {
  return chainKey(parseArgument(ID, chainId, { fn: "chainNodeKey", arg: "chainId", expected: "a chain id (string)" }));
}

/** The key of an asset's node: `asset:<chain_id>:<denom>`. */
export function assetNodeKey(chainId: string, denom: string): string {
  const site = { fn: "assetNodeKey", expected: "a string" };
  return assetKey(parseArgument(ID, chainId, { ...site, arg: "chainId" }), parseArgument(ID, denom, { ...site, arg: "denom" }));
}
