/**
 * GET /v2/fungible/assets in the Skip Go API's wire format: the canonical assets of each chain
 * (listed and derived vouchers, docs/behaviour.md §2), filtered as the hosted API's parameters say,
 * every flag false unless set: CW20, EVM and SVM tokens and assets without metadata only when asked.
 */
import type { AssetRecord } from "../../model/model.js";
import { parseRequest, type WireAsset } from "../../wire/schema.js";
import { SkipAssetsRequestSchema, type SkipAssetsRequest, type SkipAssetsResponse } from "../../wire/skip.js";
import type { RouteIndex } from "../route-index.js";
import { filteredChains } from "./chains.js";

const OPERATION = "skipAssets";

type AssetsOptions = ReturnType<typeof SkipAssetsRequestSchema.parse>;

export function skipAssets(routeIndex: RouteIndex, request: SkipAssetsRequest = {}): SkipAssetsResponse {
  const options = parseRequest(SkipAssetsRequestSchema, request, OPERATION);
  const { model } = routeIndex;
  // Every chain type that may hold a kept asset: an EVM (SVM) chain's own tokens are is_evm (is_svm).
  const filter = { chain_ids: options.chain_ids, only_testnets: options.only_testnets, evm: true, svm: true };
  const groups: Record<string, { assets: WireAsset[] }> = {};
  for (const chain of filteredChains(routeIndex, filter, OPERATION)) {
    const assets: WireAsset[] = [];
    for (const index of model.assetsByChain[model.chainIndexById.get(chain.chain_id)!]!) {
      const asset = model.asset(index);
      if (keeps(asset, options)) assets.push(asset.wire);
    }
    if (assets.length > 0) setOwn(groups, chain.chain_id, { assets });
  }
  return { chain_to_assets_map: groups };
}

function keeps(asset: AssetRecord, options: AssetsOptions): boolean {
  if (asset.isCw20 && !options.include_cw20_assets) return false;
  if (asset.isEvm && !options.include_evm_assets) return false;
  if (!asset.hasMetadata && !options.include_no_metadata_assets) return false;
  if (options.native_only && asset.trace !== "") return false;
  // Last: a derived voucher's wire object is made on first read.
  return options.include_svm_assets || !asset.wire.is_svm;
}

/** A chain id is data: `__proto__` becomes an own key, never a prototype assignment. */
function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
