/**
 * What every query reads: the model, the interned bridge lists and each asset's precomputed
 * reachable set (computed on first use), plus the look-ups that turn request ids into indexes or a 404.
 */
import { FungibleError } from "../errors.js";
import type { Model } from "../model/model.js";
import { requestedAsset } from "../model/requested-asset.js";
import { didYouMean, suggestChainIds, suggestDenoms } from "../model/suggest.js";
import type { SwapOptions } from "../wire/schema.js";
import type { BridgeSets } from "./bridge-sets.js";
import { SwapVenueHops } from "./swap-venue-hops.js";
import type { ReachableView } from "./reachable-set.js";

export interface RouteIndex {
  model: Model;
  bridgeSets: BridgeSets;
  /** Per asset index: everything it reaches without swaps, once computed. Read it through `reachableOf`. */
  reachable: (ReachableView | undefined)[];
  fillReachable: (asset: number) => ReachableView;
}

/** The asset's reachable set: searched on first use, then kept. */
export function reachableOf(routeIndex: RouteIndex, asset: number): ReachableView {
  return (routeIndex.reachable[asset] ??= routeIndex.fillReachable(asset));
}

export function requireChain(routeIndex: RouteIndex, chainId: string, operation: string): number {
  const chainIndex = routeIndex.model.chainIndexById.get(chainId);
  if (chainIndex === undefined) {
    const hint = didYouMean(suggestChainIds(routeIndex.model, chainId));
    throw new FungibleError("unknown_chain", `${operation}: chain "${chainId}" is not in the registry${hint}`);
  }
  return chainIndex;
}

export function requireAsset(routeIndex: RouteIndex, chainId: string, denom: string, operation: string): number {
  requireChain(routeIndex, chainId, operation);
  const index = requestedAsset(routeIndex.model, chainId, denom);
  if (index === undefined) {
    const hint = didYouMean(suggestDenoms(routeIndex.model, chainId, denom));
    throw new FungibleError("unknown_asset", `${operation}: asset "${denom}" on chain "${chainId}" is not in the registry${hint}`);
  }
  return index;
}

/**
 * Swap steps on the venues a request allows: any two denoms of one venue swap in place on its
 * chain. `null` when the request does not ask for swaps or no venue matches.
 */
export function swapHops(routeIndex: RouteIndex, options: SwapOptions): SwapVenueHops | null {
  if (!options.include_swaps) return null;
  const wanted = options.swap_venues ?? null;
  const venues = routeIndex.model.swapVenues.filter(
    (venue) => wanted === null || wanted.some((w) => w.name === venue.name && w.chain_id === venue.chain_id),
  );
  if (venues.length === 0) return null;
  return new SwapVenueHops(
    venues.map((venue) => ({
      venue,
      members: [...new Set(venue.denoms.map((denom) => routeIndex.model.assetIndexOf(venue.chain_id, denom)))].filter(
        (index): index is number => index !== undefined,
      ),
    })),
  );
}
