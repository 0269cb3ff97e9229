/**
 * Discovery: the chains of a graph and the assets of one chain, as `chains` / `assets` list them.
 */
import type { Engine } from "../query/engine.js";
import { requireChain } from "../query/engine.js";
import type { AssetSummary, ChainSummary } from "../wire/explain.js";

/** Every chain, sorted by chain id, with its capability flags and asset count. */
export function chainSummaries(engine: Engine): ChainSummary[] {
  const { chains, assetsByChain } = engine.model;
  return chains.map((chain, index) => ({
    chain_id: chain.chain_id,
    ...(chain.chain_name === undefined ? {} : { chain_name: chain.chain_name }),
    ...(chain.pretty_name === undefined ? {} : { pretty_name: chain.pretty_name }),
    chain_type: chain.chain_type,
    pfm_enabled: chain.pfm_enabled,
    supports_memo: chain.supports_memo,
    asset_count: assetsByChain[index]!.length,
  }));
}

/** The canonical assets of one chain in canonical order; an unknown chain throws `unknown_chain`. */
export function assetSummaries(engine: Engine, chainId: string): AssetSummary[] {
  const chainIndex = requireChain(engine, chainId, "assetsOnChain");
  return engine.model.assetsByChain[chainIndex]!.map((index) => {
    const asset = engine.model.assets[index]!;
    return {
      chain_id: asset.chainId,
      denom: asset.denom,
      ...(asset.wire.symbol === undefined ? {} : { symbol: asset.wire.symbol }),
      origin_chain_id: asset.originChainId,
      origin_denom: asset.originDenom,
      trace: asset.trace,
      is_cw20: asset.isCw20,
      is_evm: asset.isEvm,
      has_metadata: asset.hasMetadata,
      listed: asset.listed,
    };
  });
}
