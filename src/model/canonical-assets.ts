/**
 * The canonical asset set of docs/behaviour.md §2: every listed asset, plus the single-hop voucher
 * of each native asset on each chain directly connected over an ACTIVE transfer channel, where
 * the registry lists no version of that origin asset.
 */
import { compareStrings } from "../compare.js";
import { forwardTrace, ibcDenom } from "../denom/trace.js";
import { assetKey, denomKey, isOwnOrigin, type Asset, type Registry } from "../registry/schema.js";
import type { WireAsset } from "../wire/schema.js";
import type { ChannelView } from "../registry/channel-ends.js";
import { chooseTransferChannels } from "./channels.js";
import type { AssetRecord } from "./model.js";

export interface CanonicalAssets {
  assets: AssetRecord[];
  assetIndexByKey: Map<string, number>;
}

export type AssetFields = Omit<AssetRecord, "index" | "chainIndex" | "wire">;

/** A derived voucher as a snapshot stores it: `[chain_id, denom, trace, origin_chain_id, origin_denom]`. */
export type DerivedVoucher = [string, string, string, string, string];

/**
 * `derived`, when given, replaces the derivation (a snapshot already did it, hashes included);
 * it must be what `derivedVouchersOf` returned for the same registry.
 */
export function canonicalAssets(
  registry: Registry,
  chainIndexById: Map<string, number>,
  derived: readonly DerivedVoucher[] = derivedVouchers(registry),
): CanonicalAssets {
  const assets: AssetRecord[] = [];
  const assetIndexByKey = new Map<string, number>();
  const add = (fields: AssetFields, metadata: Partial<Asset>) => {
    const record = fields as AssetRecord;
    record.index = assets.length;
    record.chainIndex = chainIndexById.get(fields.chainId)!;
    record.wire = wireAsset(fields, metadata);
    assets.push(record);
    assetIndexByKey.set(assetKey(fields.chainId, fields.denom), record.index);
  };
  for (const asset of registry.assets) add(listedFields(asset), asset);
  for (const [chainId, denom, trace, originChainId, originDenom] of derived) {
    add({ chainId, denom, trace, originChainId, originDenom, isCw20: false, isEvm: false, listed: false, isBaseToken: false, hasMetadata: false }, {});
  }
  return { assets, assetIndexByKey };
}

function derivedVouchersOf(assets: readonly AssetRecord[]): DerivedVoucher[] {
  return assets.filter((a) => !a.listed).map((a) => [a.chainId, a.denom, a.trace, a.originChainId, a.originDenom]);
}

function listedFields(asset: Asset): AssetFields {
  return {
    chainId: asset.chain_id,
    denom: asset.denom,
    trace: asset.trace,
    originChainId: asset.origin_chain_id,
    originDenom: asset.origin_denom,
    isCw20: asset.is_cw20,
    isEvm: asset.is_evm,
    listed: true,
    isBaseToken: isOwnOrigin(asset),
    // Without metadata means lacking all of it (docs/behaviour.md §1: no symbol, name, logo...); any one field counts.
    hasMetadata: METADATA_FIELDS.some((field) => asset[field] !== undefined),
  };
}

function derivedVouchers(registry: Registry): DerivedVoucher[] {
  const versionsOnChain = new Set(registry.assets.map((a) => originOnChainKey(a.chain_id, a.origin_chain_id, a.origin_denom)));
  const channelsFrom = new Map<string, ChannelView[]>();
  for (const [pair, view] of chooseTransferChannels(registry.ibc_channels)) {
    const from = pair.slice(0, pair.indexOf("\u0000"));
    const list = channelsFrom.get(from) ?? [];
    list.push(view);
    channelsFrom.set(from, list);
  }
  const derived = new Map<string, DerivedVoucher>();
  for (const native of registry.assets) {
    if (native.is_cw20 || !isOwnOrigin(native)) continue;
    for (const view of channelsFrom.get(native.chain_id) ?? []) {
      const chainId = view.self.chain_id;
      const versionKey = originOnChainKey(chainId, native.chain_id, native.denom);
      if (versionsOnChain.has(versionKey) || derived.has(versionKey)) continue;
      const trace = forwardTrace("", view.self.port_id, view.self.channel_id);
      derived.set(versionKey, [chainId, ibcDenom(trace, native.denom), trace, native.chain_id, native.denom]);
    }
  }
  return [...derived.values()].sort((a, b) => compareStrings(a[0], b[0]) || compareStrings(a[1], b[1]));
}

function originOnChainKey(chainId: string, originChainId: string, originDenom: string): string {
  return `${chainId}\u0000${originChainId}\u0000${denomKey(originDenom)}`;
}


const METADATA_FIELDS = ["symbol", "name", "logo_uri", "decimals", "description", "coingecko_id", "recommended_symbol"] as const;

/** Field order follows the answers of docs/behaviour.md §6; metadata fields appear only when present. */
export function wireAsset(fields: AssetFields, metadata: Partial<Asset>): WireAsset {
  const wire: Record<string, unknown> = {
    denom: fields.denom,
    chain_id: fields.chainId,
    origin_denom: fields.originDenom,
    origin_chain_id: fields.originChainId,
    trace: fields.trace,
    is_cw20: fields.isCw20,
    is_evm: fields.isEvm,
  };
  for (const field of METADATA_FIELDS) if (metadata[field] !== undefined) wire[field] = metadata[field];
  return Object.freeze(wire) as WireAsset;
}
