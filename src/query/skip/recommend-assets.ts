/**
 * POST /v2/fungible/recommend_assets in the Skip Go API's wire format: for each request, what the
 * source asset becomes on the destination chain, with the reason. The rules are assets_from_source's
 * `recommendation_reason` (docs/behaviour.md §6), run by that query itself over every route
 * (allow_multi_tx): BASE_TOKEN, MOST_LIQUID or DIRECT as asked; without a reason (or UNKNOWN), the
 * base token where the source comes home, else the most liquid version. An entry whose chain or
 * asset is unknown, or that reaches nothing there, carries `error` instead of failing the call.
 */
import { isFungibleError } from "../../errors.js";
import { parseRequest, type WireAsset } from "../../wire/schema.js";
import { RecommendAssetsRequestSchema, type RecommendAssetsRequest, type RecommendAssetsResponse } from "../../wire/skip.js";
import { assetsFromSource } from "../assets-from-source.js";
import { requireChain, type RouteIndex } from "../route-index.js";

const OPERATION = "skipRecommendAssets";

type Reason = "MOST_LIQUID" | "BASE_TOKEN" | "DIRECT";
type Entry = RecommendAssetsResponse["recommendation_entries"][number];

export function skipRecommendAssets(routeIndex: RouteIndex, request: RecommendAssetsRequest): RecommendAssetsResponse {
  const { requests } = parseRequest(RecommendAssetsRequestSchema, request, OPERATION);
  return { recommendation_entries: requests.map((entry) => recommendationEntry(routeIndex, entry)) };
}

function recommendationEntry(
  routeIndex: RouteIndex,
  entry: { source_asset_denom: string; source_asset_chain_id: string; dest_chain_id: string; reason: string },
): Entry {
  const reasons: Reason[] = entry.reason === "UNKNOWN" ? ["BASE_TOKEN", "MOST_LIQUID"] : [entry.reason as Reason];
  try {
    requireChain(routeIndex, entry.dest_chain_id, OPERATION);
    for (const reason of reasons) {
      const assets = reachedAs(routeIndex, entry, reason);
      if (assets.length > 0) return { recommendations: assets.map((asset) => ({ asset, reason })) };
    }
  } catch (error) {
    // Unknown chain or source asset: this entry's answer, with the message the queries give.
    if (isFungibleError(error) && error.status === 404) return { recommendations: [], error: { message: error.message } };
    throw error;
  }
  const why = `${OPERATION}: "${entry.source_asset_denom}" on chain "${entry.source_asset_chain_id}" reaches no asset on chain "${entry.dest_chain_id}" for ${reasons.join(" or ")}`;
  return { recommendations: [], error: { message: why } };
}

function reachedAs(routeIndex: RouteIndex, entry: { source_asset_denom: string; source_asset_chain_id: string; dest_chain_id: string }, reason: Reason): readonly WireAsset[] {
  const answer = assetsFromSource(routeIndex, {
    source_asset_denom: entry.source_asset_denom,
    source_asset_chain_id: entry.source_asset_chain_id,
    allow_multi_tx: true,
    recommendation_reason: reason,
  });
  return Object.hasOwn(answer.dest_assets, entry.dest_chain_id) ? answer.dest_assets[entry.dest_chain_id]!.assets : [];
}
