import type Graph from "graphology";
import { buildAssetGraph, parseRegistry, type AssetGraph, type RegistryInput, type WireAsset, type AssetsFromSourceResponse } from "../../src/index.js";
import { engineOfGraph } from "../../src/engine/build-asset-graph.js";
import { graphologyView } from "../../src/model/graphology-view.js";

export function engineFor(registry: RegistryInput): AssetGraph {
  return buildAssetGraph(parseRegistry(registry));
}

/** The engine's graphology view, built synchronously (the public `graph.graphology()` loads graphology on demand). */
export function viewOf(engine: AssetGraph): Graph {
  return graphologyView(engineOfGraph(engine).model);
}

/** Every canonical asset of the engine, read from its graphology view. */
export function allAssets(engine: AssetGraph): WireAsset[] {
  const view = viewOf(engine);
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
