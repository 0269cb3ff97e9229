/**
 * POST /v2/fungible/ibc_origin_assets in the Skip Go API's wire format: for each asset asked, the
 * asset at the origin of its IBC path (itself when it is native). `asset_found: false`, with no
 * asset, where the registry does not know the asset, or knows it but not the asset at its origin.
 */
import { ibcDenomIgnoringCase } from "../../model/suggest.js";
import { parseRequest } from "../../wire/schema.js";
import { IbcOriginAssetsRequestSchema, type IbcOriginAssetsRequest, type IbcOriginAssetsResponse } from "../../wire/skip.js";
import type { RouteIndex } from "../route-index.js";

export function skipIbcOriginAssets(routeIndex: RouteIndex, request: IbcOriginAssetsRequest): IbcOriginAssetsResponse {
  const { assets } = parseRequest(IbcOriginAssetsRequestSchema, request, "skipIbcOriginAssets");
  const { model } = routeIndex;
  // An unknown chain is not an error here: the answer says, asset by asset, what was found.
  const indexOf = (chainId: string, denom: string) =>
    model.chainIndexById.has(chainId) ? (model.assetIndexOf(chainId, denom) ?? ibcDenomIgnoringCase(model, chainId, denom)) : undefined;
  return {
    origin_assets: assets.map(({ chain_id, denom }) => {
      const index = indexOf(chain_id, denom);
      const asset = index === undefined ? undefined : model.assets[index]!;
      const origin = asset === undefined ? undefined : indexOf(asset.originChainId, asset.originDenom);
      return origin === undefined ? { asset_found: false } : { asset: model.assets[origin]!.wire, asset_found: true };
    }),
  };
}
