/** The graphology view of a router, built once per router and shared, and its node keys. */
// The type from graphology-types (a declared dependency): graphology itself is bundled, so a
// caller needs no copy of it to type the view.
import type { AbstractGraph as Graph } from "graphology-types";
import * as z from "zod";
import type { AssetRouter } from "./router.js";
import { routeIndexOfRouter } from "./build-router.js";
import { graphologyView } from "../model/graphology-view.js";
import { assetNodeKey as assetKey, chainNodeKey as chainKey } from "../model/node-keys.js";
import { parseArgument } from "../arguments.js";

const views = new WeakMap<AssetRouter, Graph>();

export function graphologyOf(router: AssetRouter): Graph {
  let view = views.get(router);
  if (view === undefined) views.set(router, (view = graphologyView(routeIndexOfRouter(router, "graphologyOf").model)));
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
