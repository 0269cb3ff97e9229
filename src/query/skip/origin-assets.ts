/**
 * POST /v2/fungible/ibc_origin_assets in the Skip Go API's wire format: for each asset asked, the
 * asset at the origin of its IBC path (itself when it is native). `asset_found: false`, with no
 * asset, where the registry does not know the asset, or knows it but not the asset at its origin.
 * An `ibc/` denom the registry neither lists nor derives is decoded (`Model.decodeIbcDenom`).
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
      const asset = index === undefined ? undefined : model.asset(index);
      // A voucher neither listed nor derived: decoded by walking the channels back to a listed native.
      const decoded = index === undefined && model.chainIndexById.has(chain_id) ? model.decodeIbcDenom(chain_id, denom) : undefined;
      const origin = asset === undefined ? decoded?.origin : indexOf(asset.originChainId, asset.originDenom);
      return origin === undefined ? { asset_found: false } : { asset: model.asset(origin).wire, asset_found: true };
    }),
  };
}
