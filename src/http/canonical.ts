/**
 * The canonical form of a request: the validated, defaulted options written in one fixed key
 * order. Every spelling of one question (POST or GET, fields in any order, an omitted flag or
 * `false`, `null` or absent, venues in any order or repeated) has one canonical string; it keys
 * the answer caches and, with the data version, the ETag.
 */
import { compareStrings } from "../compare.js";
import type { AssetsBetweenChainsOptions, AssetsFromSourceOptions } from "../wire/schema.js";

export function canonicalAssetsFromSource(options: AssetsFromSourceOptions): string {
  // Venues are a set the router matches by (chain_id, name); the schema already dropped unread ones.
  let venues: string[] | null = null;
  if (options.swap_venues !== null) {
    const keys = new Set(options.swap_venues.map((venue) => JSON.stringify([venue.chain_id, venue.name])));
    venues = [...keys].sort(compareStrings);
  }
  return JSON.stringify([
    "assets_from_source",
    options.source_asset_chain_id,
    options.source_asset_denom,
    options.allow_multi_tx,
    options.recommendation_reason,
    options.include_swaps,
    venues,
    options.native_only,
    options.group_by,
    options.include_cw20_assets,
  ]);
}

export function canonicalAssetsBetweenChains(options: AssetsBetweenChainsOptions): string {
  return JSON.stringify([
    "assets_between_chains",
    options.source_chain_id,
    options.dest_chain_id,
    options.include_no_metadata_assets,
    options.include_cw20_assets,
    options.include_evm_assets,
    options.allow_multi_tx,
  ]);
}
