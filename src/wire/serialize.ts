/**
 * JSON text of query answers, equal byte for byte to `JSON.stringify`, but each asset is
 * serialised once and reused: answers share frozen asset objects, so a server that sends the same
 * assets in thousands of answers copies their text instead of re-encoding it.
 */
import type { AssetsBetweenChainsResponse, AssetsFromSourceResponse, WireAsset } from "./schema.js";

const assetText = new WeakMap<WireAsset, string>();

function wireAssetJson(asset: WireAsset): string {
  let text = assetText.get(asset);
  if (text === undefined) {
    text = JSON.stringify(asset);
    // Only frozen assets are the router's shared ones; a caller's own object may still change.
    if (Object.isFrozen(asset)) assetText.set(asset, text);
  }
  return text;
}

export function assetsFromSourceJson(response: AssetsFromSourceResponse): string {
  const groups: string[] = [];
  // Own keys only: a caller's polluted Object.prototype adds nothing to an answer.
  for (const chainId of Object.keys(response.dest_assets)) {
    const assets = response.dest_assets[chainId]!.assets.map(wireAssetJson).join(",");
    groups.push(`${JSON.stringify(chainId)}:{"assets":[${assets}]}`);
  }
  return `{"dest_assets":{${groups.join(",")}}}`;
}

export function assetsBetweenChainsJson(response: AssetsBetweenChainsResponse): string {
  const pairs = response.assets_between_chains.map(
    (pair) =>
      `{"asset_on_source":${wireAssetJson(pair.asset_on_source)},"asset_on_dest":${wireAssetJson(pair.asset_on_dest)},` +
      `"txs_required":${pair.txs_required},"bridges":${JSON.stringify(pair.bridges)}}`,
  );
  return `{"assets_between_chains":[${pairs.join(",")}]}`;
}
