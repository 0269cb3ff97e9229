/**
 * The Skip Go API's read-only discovery calls on a router, in the hosted API's wire format
 * (src/wire/skip.ts): what /v2/info/chains, /v2/fungible/assets, /v2/info/bridges,
 * /v2/fungible/venues, /v2/fungible/ibc_origin_assets and /v2/fungible/recommend_assets answer.
 * Functions of a router, as `explain` is: each checks its router and its request (FungibleError
 * naming the function), then reads the router's route index and registry.
 */
import { skipAssets as assetsOf } from "../query/skip/assets.js";
import { skipBridges as bridgesOf, skipVenues as venuesOf } from "../query/skip/bridges-venues.js";
import { skipChains as chainsOf } from "../query/skip/chains.js";
import { skipIbcOriginAssets as originsOf } from "../query/skip/origin-assets.js";
import { skipRecommendAssets as recommendationsOf } from "../query/skip/recommend-assets.js";
import type {
  IbcOriginAssetsRequest,
  IbcOriginAssetsResponse,
  RecommendAssetsRequest,
  RecommendAssetsResponse,
  SkipAssetsRequest,
  SkipAssetsResponse,
  SkipBridgesResponse,
  SkipChainsRequest,
  SkipChainsResponse,
  SkipVenuesRequest,
  SkipVenuesResponse,
} from "../wire/skip.js";
import { routeIndexOfRouter } from "./core.js";
import type { AssetRouter } from "./router.js";

/** GET /v2/info/chains: chains with bech32 prefix, fee assets, logo and capabilities. */
export function skipChains(router: AssetRouter, request: SkipChainsRequest = {}): SkipChainsResponse {
  return chainsOf(routeIndexOfRouter(router, "skipChains"), request);
}

/** GET /v2/fungible/assets: `chain_to_assets_map`, filtered as the hosted API's parameters say. */
export function skipAssets(router: AssetRouter, request: SkipAssetsRequest = {}): SkipAssetsResponse {
  return assetsOf(routeIndexOfRouter(router, "skipAssets"), request);
}

/** GET /v2/info/bridges: the bridge types the data routes over. */
export function skipBridges(router: AssetRouter): SkipBridgesResponse {
  routeIndexOfRouter(router, "skipBridges");
  return bridgesOf(router.registry);
}

/** GET /v2/fungible/venues: the registry's swap venues. */
export function skipVenues(router: AssetRouter, request: SkipVenuesRequest = {}): SkipVenuesResponse {
  routeIndexOfRouter(router, "skipVenues");
  return venuesOf(router.registry, request);
}

/** POST /v2/fungible/ibc_origin_assets: the asset at the origin of each asset's IBC path. */
export function skipIbcOriginAssets(router: AssetRouter, request: IbcOriginAssetsRequest): IbcOriginAssetsResponse {
  return originsOf(routeIndexOfRouter(router, "skipIbcOriginAssets"), request);
}

/** POST /v2/fungible/recommend_assets: what each source becomes on a destination chain, and why. */
export function skipRecommendAssets(router: AssetRouter, request: RecommendAssetsRequest): RecommendAssetsResponse {
  return recommendationsOf(routeIndexOfRouter(router, "skipRecommendAssets"), request);
}
