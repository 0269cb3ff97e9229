/**
 * Discovery: the chains of a graph and the assets of one chain, as `chains` / `assets` list them.
 */
import type { RouteIndex } from "../query/route-index.js";
import { requireChain } from "../query/route-index.js";
import type { AssetSummary, ChainSummary } from "../wire/explain.js";
import { parseArgument } from "../arguments.js";
import { ChainIdArgumentSchema } from "../wire/schema.js";

/** Every chain, sorted by chain id, with its capability flags and asset count. */
export function chainSummaries(routeIndex: RouteIndex): ChainSummary[] {
  const { chains, assetsByChain } = routeIndex.model;
  return chains.map((chain, index) => ({
    chain_id: chain.chain_id,
    ...(chain.chain_name === undefined ? {} : { chain_name: chain.chain_name }),
    ...(chain.pretty_name === undefined ? {} : { pretty_name: chain.pretty_name }),
    chain_type: chain.chain_type,
    pfm_enabled: chain.pfm_enabled,
    supports_memo: chain.supports_memo,
    forwards_after_bridge: chain.forwards_after_bridge,
    asset_count: assetsByChain[index]!.length,
  }));
}

/** The canonical assets of one chain in canonical order; an unknown chain throws `unknown_chain`. */
export function assetSummaries(routeIndex: RouteIndex, chainIdArg: string): AssetSummary[] {
  const chainId = parseArgument(ChainIdArgumentSchema, chainIdArg, { fn: "assetsOnChain", arg: "chainId", expected: "a chain id (string)" });
  const chainIndex = requireChain(routeIndex, chainId, "assetsOnChain");
  return routeIndex.model.assetsByChain[chainIndex]!.map((index) => {
    const asset = routeIndex.model.asset(index);
    return {
      chain_id: asset.chainId,
      denom: asset.wire.denom,
      ...(asset.wire.symbol === undefined ? {} : { symbol: asset.wire.symbol }),
      origin_chain_id: asset.originChainId,
      origin_denom: asset.wire.origin_denom,
      trace: asset.trace,
      is_cw20: asset.isCw20,
      is_evm: asset.isEvm,
      has_metadata: asset.hasMetadata,
      listed: asset.listed,
    };
  });
}
