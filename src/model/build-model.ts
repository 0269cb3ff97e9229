/** From a parsed registry to the model: chains, canonical assets and hop edges. */
import type { Registry } from "../registry/schema.js";
import { compareStrings } from "../compare.js";
import { canonicalAssets, type DerivedVoucher } from "./canonical-assets.js";
import { hopAdjacency } from "./hops.js";
import type { Model } from "./model.js";

/** `derived`, when given, replaces the voucher derivation (a dataset or snapshot already did it). */
export function buildModel(registry: Registry, derived?: readonly DerivedVoucher[]): Model {
  const chains = [...registry.chains].sort((a, b) => compareStrings(a.chain_id, b.chain_id));
  const chainIndexById = new Map(chains.map((chain, i) => [chain.chain_id, i]));
  const { assets, assetIndexByKey } = canonicalAssets(registry, chainIndexById, derived);
  const assetsByChain: number[][] = chains.map(() => []);
  for (const asset of assets) assetsByChain[asset.chainIndex]!.push(asset.index);
  const hops = hopAdjacency(registry, assets, assetIndexByKey);
  return {
    chains,
    chainIndexById,
    assets,
    assetIndexByKey,
    assetsByChain,
    hops,
    hopsOf: (asset) => hops[asset]!,
    swapVenues: registry.swap_venues,
  };
}
