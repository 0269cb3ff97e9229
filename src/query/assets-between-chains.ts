/**
 * assets_between_chains (docs/behaviour.md §7): for each asset on the source chain, the best route
 * to an asset on the destination chain, with filters applied to both sides.
 */
import type { AssetRecord } from "../model/model.js";
import {
  AssetsBetweenChainsRequestSchema,
  parseRequest,
  type AssetPair,
  type AssetsBetweenChainsOptions,
  type AssetsBetweenChainsRequest,
  type AssetsBetweenChainsResponse,
} from "../wire/schema.js";
import { reachableOf, requireChain, type RouteIndex } from "./route-index.js";
import { forEachReachable, type VisitReachable } from "./reachable-set.js";

const OPERATION = "assetsBetweenChains";

export function assetsBetweenChains(routeIndex: RouteIndex, request: AssetsBetweenChainsRequest): AssetsBetweenChainsResponse {
  return answerAssetsBetweenChains(routeIndex, parseRequest(AssetsBetweenChainsRequestSchema, request, OPERATION));
}

/** The answer to a request the schema already parsed: the HTTP handler parses once (its cache key reads the options too). */
export function answerAssetsBetweenChains(routeIndex: RouteIndex, options: AssetsBetweenChainsOptions): AssetsBetweenChainsResponse {
  const sourceChain = requireChain(routeIndex, options.source_chain_id, OPERATION);
  const destChain = requireChain(routeIndex, options.dest_chain_id, OPERATION);
  const { asset, assetsByChain } = routeIndex.model;
  const pairs: AssetPair[] = [];
  // One visitor for the whole query (not one closure per source asset): the best target so far.
  let best = -1;
  let bestRank = 0;
  let bestTxs = 0;
  let bestBridges = 0;
  const consider: VisitReachable = (target, txs, _hops, rank, bridges) => {
    if (best !== -1 && rank >= bestRank) return;
    if (!passes(asset(target), options)) return;
    best = target;
    bestRank = rank;
    bestTxs = txs;
    bestBridges = bridges;
  };
  for (const sourceIndex of assetsByChain[sourceChain]!) {
    const source = asset(sourceIndex);
    // Derived vouchers have no metadata, so `passes` admits them as sources exactly when
    // include_no_metadata_assets admits assets without metadata on both sides. They come after
    // every listed asset of the chain (canonical order), so without that flag the walk ends there.
    if (!source.listed && !options.include_no_metadata_assets) break;
    if (!passes(source, options)) continue;
    best = -1;
    forEachReachable(routeIndex.model, reachableOf(routeIndex, sourceIndex), options.allow_multi_tx, consider, destChain);
    if (best === -1) continue;
    pairs.push({
      asset_on_source: source.wire,
      asset_on_dest: asset(best).wire,
      txs_required: bestTxs,
      bridges: routeIndex.bridgeSets.get(bestBridges) as AssetPair["bridges"],
    });
  }
  return { assets_between_chains: pairs };
}

/** The CW20, EVM and metadata filters of docs/behaviour.md §7, applied to either side of a pair. */
function passes(asset: AssetRecord, options: AssetsBetweenChainsOptions): boolean {
  return !excludedCw20(asset, options) && !excludedEvm(asset, options) && !excludedNoMetadata(asset, options);
}

// Each filter on its own, for `explain` to name every one an asset breaks (one definition of each).
/** A CW20 token, unless include_cw20_assets. */
export function excludedCw20(asset: AssetRecord, options: { include_cw20_assets: boolean }): boolean {
  return asset.isCw20 && !options.include_cw20_assets;
}
/** An EVM token, unless include_evm_assets. */
export function excludedEvm(asset: AssetRecord, options: { include_evm_assets: boolean }): boolean {
  return asset.isEvm && !options.include_evm_assets;
}
/** An asset without metadata, unless include_no_metadata_assets. */
export function excludedNoMetadata(asset: AssetRecord, options: { include_no_metadata_assets: boolean }): boolean {
  return !asset.hasMetadata && !options.include_no_metadata_assets;
}
