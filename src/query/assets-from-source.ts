/**
 * assets_from_source (SEMANTICS section 4): every asset the source can become, grouped by chain,
 * read from the source's precomputed reachable set (or a fresh search when swaps are allowed).
 */
import type { AssetRecord } from "../graph/model.js";
import {
  AssetsFromSourceRequestSchema,
  parseRequest,
  type AssetsFromSourceOptions,
  type AssetsFromSourceRequest,
  type AssetsFromSourceResponse,
  type WireAsset,
} from "../wire/schema.js";
import { searchBestRoutes } from "./best-routes.js";
import { requireAsset, swapHops, type Engine } from "./engine.js";
import { reachableSet, type ReachableSet } from "./reachable-set.js";

const OPERATION = "assetsFromSource";

export function assetsFromSource(engine: Engine, request: AssetsFromSourceRequest): AssetsFromSourceResponse {
  const options = parseRequest(AssetsFromSourceRequestSchema, request, OPERATION);
  const source = requireAsset(engine, options.source_asset_chain_id, options.source_asset_denom, OPERATION);
  const swaps = swapHops(engine, options);
  const set =
    swaps === null
      ? engine.reachable[source]!
      : reachableSet(engine.model, searchBestRoutes(engine.model, source, engine.bridgeSets, swaps));
  return { dest_assets: groupByChain(engine, set, options) };
}

function groupByChain(engine: Engine, set: ReachableSet, options: AssetsFromSourceOptions) {
  // Chain ids are data: a null-prototype map keeps "__proto__" an ordinary key.
  const groups: AssetsFromSourceResponse["dest_assets"] = Object.create(null);
  const { assets, chains } = engine.model;
  const mostLiquid = options.recommendation_reason === "MOST_LIQUID";
  let i = 0;
  while (i < set.targets.length) {
    const chainIndex = assets[set.targets[i]!]!.chainIndex;
    const kept: WireAsset[] = [];
    let best = -1;
    for (; i < set.targets.length && assets[set.targets[i]!]!.chainIndex === chainIndex; i++) {
      const asset = assets[set.targets[i]!]!;
      if (!keeps(asset, set.txs[i]!, set.hops[i]!, options)) continue;
      if (!mostLiquid) kept.push(asset.wire);
      else if (best === -1 || moreLiquid(engine, set, i, best)) best = i;
    }
    if (best !== -1) kept.push(assets[set.targets[best]!]!.wire);
    if (kept.length > 0) groups[chains[chainIndex]!.chain_id] = { assets: kept };
  }
  return groups;
}

function keeps(asset: AssetRecord, txs: number, hops: number, options: AssetsFromSourceOptions): boolean {
  if (txs > 1 && !options.allow_multi_tx) return false;
  if (asset.isCw20 && !options.include_cw20_assets) return false;
  if (options.native_only && asset.trace !== "") return false;
  switch (options.recommendation_reason) {
    case "DIRECT":
      return hops === 1;
    case "BASE_TOKEN":
      return asset.trace === "" && asset.originChainId === asset.chainId && asset.originDenom === asset.denom;
    default:
      return true;
  }
}

/** MOST_LIQUID: the listed version over a derived one, then fewer txs, then fewer hops. */
function moreLiquid(engine: Engine, set: ReachableSet, i: number, j: number): boolean {
  const a = engine.model.assets[set.targets[i]!]!;
  const b = engine.model.assets[set.targets[j]!]!;
  if (a.listed !== b.listed) return a.listed;
  if (set.txs[i] !== set.txs[j]) return set.txs[i]! < set.txs[j]!;
  return set.hops[i]! < set.hops[j]!;
}
