/**
 * The one look-up of an asset a request names (a source, a destination, an asset asked about):
 * exact or EVM address folded (`assetIndexOf`), an `ibc/` hash in any case, or a decoded voucher
 * admitted as an asset (`admitIbcDenom`). Every query, explain and msgs path calls it, so each sees
 * the same asset with the same hops.
 */
import type { Model } from "./model.js";
import { ibcDenomIgnoringCase } from "./suggest.js";

export function requestedAsset(model: Model, chainId: string, denom: string): number | undefined {
  return model.assetIndexOf(chainId, denom) ?? ibcDenomIgnoringCase(model, chainId, denom) ?? model.admitIbcDenom(chainId, denom);
}
