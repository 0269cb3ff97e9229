/**
 * Why nothing on the destination is reached: the nearest path with every channel counted. If it
 * exists, an INACTIVE channel on it is what breaks it (the real engine has every other hop); if
 * not, the chains are either not connected at all or connected without a version of this asset.
 */
import type { AssetRecord } from "../model/model.js";
import { assetKey } from "../registry/schema.js";
import type { Reason } from "../wire/explain.js";
import { diagnosticGraphs, nearestAssetPath, nearestChainPath } from "./diagnostic-graph.js";
import type { ExplainInput } from "./input.js";

export function diagnoseUnreached(input: ExplainInput, source: AssetRecord, destChainId: string, destDenom: string | null): Reason {
  const graphs = diagnosticGraphs(input.engine, input.registry);
  const what = destDenom === null ? `"${destChainId}"` : `"${destDenom}" on "${destChainId}"`;
  const path = nearestAssetPath(graphs, { chainId: source.chainId, denom: source.denom }, { chainId: destChainId, denom: destDenom });
  const broken = path?.find((hop) => hop.inactive);
  if (path !== null && broken !== undefined && broken.port !== null && broken.channel !== null) {
    const chains = [path[0]!.fromChainId, ...path.map((hop) => hop.toChainId)];
    return {
      code: "inactive_channel",
      message: `the nearest path to ${what} (${chains.join(" -> ")}) crosses channel ${broken.port}/${broken.channel} from "${broken.fromChainId}" to "${broken.toChainId}", which the registry marks INACTIVE`,
      chain_id: broken.fromChainId,
      port: broken.port,
      channel: broken.channel,
      counterparty_chain_id: broken.toChainId,
      path: chains,
    };
  }
  const chainPath = nearestChainPath(graphs, source.chainId, destChainId);
  const dest = destDenom === null ? undefined : input.engine.model.assets[input.engine.model.assetIndexByKey.get(assetKey(destChainId, destDenom))!];
  if (chainPath !== null && dest !== undefined && (dest.originChainId !== source.originChainId || dest.originDenom !== source.originDenom)) {
    return {
      code: "no_path",
      message:
        `"${destDenom}" on "${destChainId}" is another asset (origin "${dest.originDenom}" on "${dest.originChainId}") and no bridge link leads to it: ` +
        "IBC transfers keep an asset's origin; only bridges and swaps (include_swaps) change it",
      chain_path: chainPath,
    };
  }
  const message =
    chainPath === null
      ? `no channel or bridge connects "${source.chainId}" to "${destChainId}", even counting INACTIVE channels`
      : `"${source.chainId}" and "${destChainId}" are connected (${chainPath.join(" -> ")}), but no hop moves "${source.wire.symbol ?? source.denom}" to ${what}: ` +
        "only single-hop vouchers of native assets are derived, and multi-hop vouchers exist only where the registry lists them";
  return { code: "no_path", message, chain_path: chainPath };
}
