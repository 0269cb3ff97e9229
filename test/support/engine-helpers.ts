import { buildAssetGraph, parseRegistry, type AssetGraph, type RegistryInput, type WireAsset, type AssetsFromSourceResponse } from "../../src/index.js";

export function engineFor(registry: RegistryInput): AssetGraph {
  return buildAssetGraph(parseRegistry(registry));
}

/** Every canonical asset of the engine, read from its graphology view. */
export function allAssets(engine: AssetGraph): WireAsset[] {
  return engine.graph
    .filterNodes((_, attributes) => attributes.kind === "asset")
    .map((node) => {
      const { kind: _kind, listed: _listed, has_metadata: _meta, ...wire } = engine.graph.getNodeAttributes(node);
      return wire as WireAsset;
    });
}

export function assetsOf(response: AssetsFromSourceResponse): WireAsset[] {
  return Object.values(response.dest_assets).flatMap((group) => group.assets);
}

export const idOf = (asset: WireAsset) => `${asset.chain_id}|${asset.denom}`;
