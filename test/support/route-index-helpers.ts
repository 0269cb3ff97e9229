import type Graph from "graphology";
import { buildRouter, parseRegistry, type AssetRouter, type RegistryInput, type WireAsset, type AssetsFromSourceResponse } from "../../src/index.js";
import { graphologyOf } from "../../src/entries/graphology.js";

export function engineFor(registry: RegistryInput): AssetRouter {
  return buildRouter(parseRegistry(registry));
}

/** The router's graphology view (`fungible-graph/graphology`), shared per router: read it, never change it. */
export function viewOf(routeIndex: AssetRouter): Graph {
  return graphologyOf(routeIndex);
}

/** Every canonical asset of the router, read from its graphology view. */
export function allAssets(routeIndex: AssetRouter): WireAsset[] {
  const view = viewOf(routeIndex);
  return view
    .filterNodes((_, attributes) => attributes.kind === "asset")
    .map((node) => {
      const { kind: _kind, listed: _listed, has_metadata: _meta, ...wire } = view.getNodeAttributes(node);
      return wire as WireAsset;
    });
}

export function assetsOf(response: AssetsFromSourceResponse): WireAsset[] {
  return Object.values(response.dest_assets).flatMap((group) => group.assets);
}

export const idOf = (asset: WireAsset) => `${asset.chain_id}|${asset.denom}`;
