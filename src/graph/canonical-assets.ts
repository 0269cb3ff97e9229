/**
 * The canonical asset set of SEMANTICS section 2: every listed asset, plus the single-hop voucher
 * of each native asset on each chain directly connected over an ACTIVE transfer channel, where
 * the registry lists no version of that origin asset.
 */
import { forwardTrace, ibcDenom } from "../denom/trace.js";
import { assetKey, denomKey, type Asset, type Registry } from "../registry/schema.js";
import type { WireAsset } from "../wire/schema.js";
import { chooseTransferChannels, type ChannelView } from "./channels.js";
import type { AssetRecord } from "./model.js";

export interface CanonicalAssets {
  assets: AssetRecord[];
  assetIndexByKey: Map<string, number>;
}

type AssetFields = Omit<AssetRecord, "index" | "chainIndex" | "wire">;

export function canonicalAssets(registry: Registry, chainIndexById: Map<string, number>): CanonicalAssets {
  const listed = registry.assets.map(listedFields);
  const derived = derivedVouchers(registry, listed);
  const assets: AssetRecord[] = [];
  const assetIndexByKey = new Map<string, number>();
  const add = (fields: AssetFields, metadata: Partial<Asset>) => {
    const index = assets.length;
    assets.push({ ...fields, index, chainIndex: chainIndexById.get(fields.chainId)!, wire: wireAsset(fields, metadata) });
    assetIndexByKey.set(assetKey(fields.chainId, fields.denom), index);
  };
  registry.assets.forEach((asset, i) => add(listed[i]!, asset));
  for (const fields of derived) add(fields, {});
  return { assets, assetIndexByKey };
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
    hasMetadata: asset.symbol !== undefined,
  };
}

function derivedVouchers(registry: Registry, listed: AssetFields[]): AssetFields[] {
  const versionsOnChain = new Set(listed.map((a) => originOnChainKey(a.chainId, a.originChainId, a.originDenom)));
  const channelsFrom = new Map<string, ChannelView[]>();
  for (const [pair, view] of chooseTransferChannels(registry.ibc_channels)) {
    const from = pair.slice(0, pair.indexOf("\u0000"));
    const list = channelsFrom.get(from) ?? [];
    list.push(view);
    channelsFrom.set(from, list);
  }
  const derived = new Map<string, AssetFields>();
  for (const native of listed) {
    if (native.trace !== "" || native.isCw20 || native.originChainId !== native.chainId) continue;
    for (const view of channelsFrom.get(native.chainId) ?? []) {
      const chainId = view.self.chain_id;
      const versionKey = originOnChainKey(chainId, native.chainId, native.denom);
      if (versionsOnChain.has(versionKey)) continue;
      const trace = forwardTrace("", view.self.port_id, view.self.channel_id);
      const denom = ibcDenom(trace, native.denom);
      derived.set(versionKey, {
        chainId,
        denom,
        trace,
        originChainId: native.chainId,
        originDenom: native.denom,
        isCw20: false,
        isEvm: false,
        listed: false,
        hasMetadata: false,
      });
    }
  }
  return [...derived.values()].sort((a, b) => compareStrings(a.chainId, b.chainId) || compareStrings(a.denom, b.denom));
}

function originOnChainKey(chainId: string, originChainId: string, originDenom: string): string {
  return `${chainId}\u0000${originChainId}\u0000${denomKey(originDenom)}`;
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Field order follows the spec's Asset table; metadata fields appear only when present. */
function wireAsset(fields: AssetFields, metadata: Partial<Asset>): WireAsset {
  const wire: WireAsset = {
    denom: fields.denom,
    chain_id: fields.chainId,
    origin_denom: fields.originDenom,
    origin_chain_id: fields.originChainId,
    trace: fields.trace,
    is_cw20: fields.isCw20,
    is_evm: fields.isEvm,
  };
  if (metadata.symbol !== undefined) wire.symbol = metadata.symbol;
  if (metadata.name !== undefined) wire.name = metadata.name;
  if (metadata.logo_uri !== undefined) wire.logo_uri = metadata.logo_uri;
  if (metadata.decimals !== undefined) wire.decimals = metadata.decimals;
  if (metadata.description !== undefined) wire.description = metadata.description;
  if (metadata.coingecko_id !== undefined) wire.coingecko_id = metadata.coingecko_id;
  if (metadata.recommended_symbol !== undefined) wire.recommended_symbol = metadata.recommended_symbol;
  return Object.freeze(wire);
}
