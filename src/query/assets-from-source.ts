/**
 * assets_from_source (docs/behaviour.md §6): every asset the source can become, grouped by chain,
 * read from the source's precomputed reachable set (or a fresh search when swaps are allowed).
 */
import type { AssetRecord } from "../model/model.js";
import {
  AssetsFromSourceRequestSchema,
  parseRequest,
  type AssetsFromSourceOptions,
  type AssetsFromSourceRequest,
  type AssetsFromSourceResponse,
  type WireAsset,
} from "../wire/schema.js";
import { searchBestRoutes, sourceLabel } from "./best-routes.js";
import { reachableOf, requireAsset, swapHops, type RouteIndex } from "./route-index.js";
import { forEachReachable, ownView, reachableSet, type ReachableView } from "./reachable-set.js";
import { excludedCw20 } from "./assets-between-chains.js";

const OPERATION = "assetsFromSource";

export function assetsFromSource(routeIndex: RouteIndex, request: AssetsFromSourceRequest): AssetsFromSourceResponse {
  return answerAssetsFromSource(routeIndex, parseRequest(AssetsFromSourceRequestSchema, request, OPERATION));
}

/** The answer to a request the schema already parsed: the HTTP handler parses once (its cache key reads the options too). */
export function answerAssetsFromSource(routeIndex: RouteIndex, options: AssetsFromSourceOptions): AssetsFromSourceResponse {
  const source = requireAsset(routeIndex, options.source_asset_chain_id, options.source_asset_denom, OPERATION);
  const swaps = swapHops(routeIndex, options);
  const view: ReachableView =
    swaps === null
      ? reachableOf(routeIndex, source)
      : ownView(reachableSet(routeIndex.model, searchBestRoutes(routeIndex.model, sourceLabel(source), routeIndex.bridgeSets, swaps)));
  return { dest_assets: groupByChain(routeIndex, view, options) };
}

function groupByChain(routeIndex: RouteIndex, view: ReachableView, options: AssetsFromSourceOptions) {
  const groups: Record<string, { assets: WireAsset[] }> = {};
  const { asset: assetAt, chains } = routeIndex.model;
  const mostLiquid = options.recommendation_reason === "MOST_LIQUID";
  let chainIndex = -1;
  let kept: WireAsset[] = [];
  let best: Candidate | null = null;
  const closeGroup = () => {
    if (best !== null) kept.push(assetAt(best.asset).wire);
    if (kept.length > 0) addGroup(groups, chains[chainIndex]!.chain_id, { assets: kept });
    kept = [];
    best = null;
  };
  forEachReachable(routeIndex.model, view, options.allow_multi_tx, (target, txs, hops) => {
    const asset = assetAt(target);
    if (asset.chainIndex !== chainIndex) {
      if (chainIndex !== -1) closeGroup();
      chainIndex = asset.chainIndex;
    }
    if (!keeps(asset, hops, options)) return;
    if (!mostLiquid) kept.push(asset.wire);
    else if (best === null || moreLiquid(asset, txs, hops, best)) best = { asset: target, listed: asset.listed, txs, hops };
  });
  if (chainIndex !== -1) closeGroup();
  return groups;
}

/**
 * Chain ids are data: an answer is a plain object (its `hasOwnProperty` works), and a chain named
 * `__proto__` is an own key defined as such, not a prototype assignment. (`constructor` and the
 * other names on Object.prototype are ordinary assignments: they only shadow.)
 */
function addGroup(groups: Record<string, { assets: WireAsset[] }>, chainId: string, group: { assets: WireAsset[] }): void {
  if (chainId === "__proto__") Object.defineProperty(groups, chainId, { value: group, enumerable: true, writable: true, configurable: true });
  else groups[chainId] = group;
}

export interface Candidate {
  asset: number;
  listed: boolean;
  txs: number;
  hops: number;
}

/** Filters of docs/behaviour.md §6 besides allow_multi_tx, which chose the set walked. */
function keeps(asset: AssetRecord, hops: number, options: AssetsFromSourceOptions): boolean {
  return !excludedCw20(asset, options) && !excludedNonNative(asset, options) && !excludedByRecommendation(asset, hops, options);
}

// Each filter on its own, for `explain` to name every one an asset breaks (one definition of each).
/** native_only: an asset with a trace. */
export function excludedNonNative(asset: AssetRecord, options: { native_only: boolean }): boolean {
  return options.native_only && asset.trace !== "";
}
/** recommendation_reason DIRECT (not one hop) or BASE_TOKEN (not its own origin); MOST_LIQUID picks with `moreLiquid`. */
export function excludedByRecommendation(asset: AssetRecord, hops: number, options: Pick<AssetsFromSourceOptions, "recommendation_reason">): boolean {
  switch (options.recommendation_reason) {
    case "DIRECT":
      return hops !== 1;
    case "BASE_TOKEN":
      return !asset.isBaseToken;
    default:
      return false;
  }
}

/** MOST_LIQUID: the listed version over a derived one, then fewer txs, then fewer hops. */
export function moreLiquid(asset: AssetRecord, txs: number, hops: number, best: Candidate): boolean {
  if (asset.listed !== best.listed) return asset.listed;
  if (txs !== best.txs) return txs < best.txs;
  return hops < best.hops;
}
