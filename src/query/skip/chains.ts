/**
 * GET /v2/info/chains in the Skip Go API's wire format: the chains of the graph with what the
 * registry says of them (bech32 prefix, fee assets, logo, capability flags). The Skip format knows
 * three chain types; a chain of type "other" (Namada, Penumbra) has no word there and is left out.
 */
import type { Chain } from "../../registry/schema.js";
import { parseRequest } from "../../wire/schema.js";
import { SkipChainsRequestSchema, type SkipChain, type SkipChainsRequest, type SkipChainsResponse } from "../../wire/skip.js";
import { requireChain, type RouteIndex } from "../route-index.js";

const OPERATION = "skipChains";

/** The chain filters both listings share: chain type, network, and the chain ids asked for. */
interface ChainFilter {
  chain_ids: string[] | null;
  only_testnets: boolean;
  /** Which chain types to keep besides "cosmos". */
  evm: boolean;
  svm: boolean;
}

/**
 * The chains a filter keeps, in chain id order. A chain id the graph does not know is
 * `unknown_chain` (with close matches), as in every query; one it knows but filters out is no error.
 */
export function filteredChains(routeIndex: RouteIndex, filter: ChainFilter, operation: string): Chain[] {
  const wanted = filter.chain_ids === null ? null : new Set(filter.chain_ids.map((id) => requireChain(routeIndex, id, operation)));
  return routeIndex.model.chains.filter((chain, index) => {
    if (wanted !== null && !wanted.has(index)) return false;
    if ((chain.is_testnet === true) !== filter.only_testnets) return false;
    switch (chain.chain_type) {
      case "cosmos":
        return true;
      case "evm":
        return filter.evm;
      case "svm":
        return filter.svm;
      default:
        return false;
    }
  });
}

export function skipChains(routeIndex: RouteIndex, request: SkipChainsRequest = {}): SkipChainsResponse {
  const options = parseRequest(SkipChainsRequestSchema, request, OPERATION);
  const filter = { chain_ids: options.chain_ids, only_testnets: options.only_testnets, evm: options.include_evm, svm: options.include_svm };
  return { chains: filteredChains(routeIndex, filter, OPERATION).map(skipChain) };
}

/** One chain as the Skip Go API writes it (components.schemas.Chain); "other" chains never get here. */
function skipChain(chain: Chain): SkipChain {
  const chainName = chain.chain_name ?? chain.chain_id;
  return {
    chain_name: chainName,
    chain_id: chain.chain_id,
    pretty_name: chain.pretty_name ?? chainName,
    chain_type: chain.chain_type as SkipChain["chain_type"],
    bech32_prefix: chain.bech32_prefix ?? "",
    fee_assets: (chain.fee_assets ?? []).map((fee) => (fee.gas_price === undefined ? { denom: fee.denom } : { denom: fee.denom, gas_price: { ...fee.gas_price } })),
    ...(chain.logo_uri === undefined ? {} : { logo_uri: chain.logo_uri }),
    pfm_enabled: chain.pfm_enabled,
    supports_memo: chain.supports_memo,
    // The hosted API's meanings: cosmos_memo is supports_memo, cosmos_pfm is pfm_enabled.
    ibc_capabilities: {
      cosmos_pfm: chain.pfm_enabled,
      cosmos_ibc_hooks: chain.ibc_hooks,
      cosmos_memo: chain.supports_memo,
      cosmos_autopilot: chain.autopilot,
    },
    cosmos_module_support: {},
    is_testnet: chain.is_testnet === true,
  };
}
