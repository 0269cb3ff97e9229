/**
 * What every query reads: the model, the interned bridge lists and each asset's precomputed
 * reachable set, plus the look-ups that turn request ids into indexes or a 404.
 */
import { FungibleError } from "../errors.js";
import type { EngineModel } from "../model/model.js";
import { didYouMean, ibcDenomIgnoringCase, suggestChainIds, suggestDenoms } from "../model/suggest.js";
import { assetKey } from "../registry/schema.js";
import type { SwapOptions } from "../wire/schema.js";
import type { BridgeSets } from "./bridge-sets.js";
import { SwapVenueHops } from "./swap-venue-hops.js";
import type { ReachableView } from "./reachable-set.js";

export interface Engine {
  model: EngineModel;
  bridgeSets: BridgeSets;
  /**
   * Per asset index: everything it reaches without swaps. Read it through `reachableOf`: an engine
   * restored from a dataset leaves holes that `fillReachable` computes on first use.
   */
  reachable: (ReachableView | undefined)[];
  fillReachable?: (asset: number) => ReachableView;
}

/** The asset's precomputed reachable set, searched and kept on first use when the engine is lazy. */
export function reachableOf(engine: Engine, asset: number): ReachableView {
  const known = engine.reachable[asset];
  if (known !== undefined) return known;
  if (engine.fillReachable === undefined) throw new FungibleError("internal", `reachableOf: asset ${asset} has no route table`);
  return (engine.reachable[asset] = engine.fillReachable(asset));
}

export function requireChain(engine: Engine, chainId: string, operation: string): number {
  const chainIndex = engine.model.chainIndexById.get(chainId);
  if (chainIndex === undefined) {
    const hint = didYouMean(suggestChainIds(engine.model, chainId));
    throw new FungibleError("unknown_chain", `${operation}: chain "${chainId}" is not in the registry${hint}`);
  }
  return chainIndex;
}

export function requireAsset(engine: Engine, chainId: string, denom: string, operation: string): number {
  requireChain(engine, chainId, operation);
  const index = engine.model.assetIndexByKey.get(assetKey(chainId, denom)) ?? ibcDenomIgnoringCase(engine.model, chainId, denom);
  if (index === undefined) {
    const hint = didYouMean(suggestDenoms(engine.model, chainId, denom));
    throw new FungibleError("unknown_asset", `${operation}: asset "${denom}" on chain "${chainId}" is not in the registry${hint}`);
  }
  return index;
}

/**
 * Swap steps on the venues a request allows: any two denoms of one venue swap in place on its
 * chain. `null` when the request does not ask for swaps or no venue matches.
 */
export function swapHops(engine: Engine, options: SwapOptions): SwapVenueHops | null {
  if (!options.include_swaps) return null;
  const wanted = options.swap_venues ?? null;
  const venues = engine.model.swapVenues.filter(
    (venue) => wanted === null || wanted.some((w) => w.name === venue.name && w.chain_id === venue.chain_id),
  );
  if (venues.length === 0) return null;
  return new SwapVenueHops(
    venues.map((venue) => ({
      venue,
      members: [...new Set(venue.denoms.map((denom) => engine.model.assetIndexByKey.get(assetKey(venue.chain_id, denom))))].filter(
        (index): index is number => index !== undefined,
      ),
    })),
  );
}
