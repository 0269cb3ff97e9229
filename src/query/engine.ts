/**
 * What every query reads: the model, the interned bridge lists and each asset's precomputed
 * reachable set, plus the look-ups that turn request ids into indexes or a 404.
 */
import { FungibleError } from "../errors.js";
import type { EngineModel, HopEdge } from "../model/model.js";
import { assetKey, type SwapVenue } from "../registry/schema.js";
import type { SwapOptions } from "../wire/schema.js";
import type { BridgeSets } from "./bridge-sets.js";
import type { ExtraHops } from "./best-routes.js";
import type { ReachableView } from "./reachable-set.js";

export interface Engine {
  model: EngineModel;
  bridgeSets: BridgeSets;
  /** Per asset index: everything it reaches without swaps. */
  reachable: ReachableView[];
}

export function requireChain(engine: Engine, chainId: string, operation: string): number {
  const chainIndex = engine.model.chainIndexById.get(chainId);
  if (chainIndex === undefined) {
    throw new FungibleError("unknown_chain", `${operation}: chain "${chainId}" is not in the registry`);
  }
  return chainIndex;
}

export function requireAsset(engine: Engine, chainId: string, denom: string, operation: string): number {
  requireChain(engine, chainId, operation);
  const index = engine.model.assetIndexByKey.get(assetKey(chainId, denom));
  if (index === undefined) {
    throw new FungibleError("unknown_asset", `${operation}: asset "${denom}" on chain "${chainId}" is not in the registry`);
  }
  return index;
}

/**
 * Swap steps on the venues a request allows: any two denoms of one venue swap in place on its
 * chain. `null` when the request does not ask for swaps or no venue matches.
 */
export function swapHops(engine: Engine, options: SwapOptions): ExtraHops | null {
  if (!options.include_swaps) return null;
  const wanted = options.swap_venues ?? null;
  const venues = engine.model.swapVenues.filter(
    (venue) => wanted === null || wanted.some((w) => w.name === venue.name && w.chain_id === venue.chain_id),
  );
  if (venues.length === 0) return null;
  const byAsset = new Map<number, HopEdge[]>();
  for (const venue of venues) addVenueHops(engine, venue, byAsset);
  return (asset) => byAsset.get(asset) ?? [];
}

function addVenueHops(engine: Engine, venue: SwapVenue, byAsset: Map<number, HopEdge[]>): void {
  const members = [...new Set(venue.denoms.map((denom) => engine.model.assetIndexByKey.get(assetKey(venue.chain_id, denom))))]
    .filter((index): index is number => index !== undefined);
  for (const from of members) {
    const list = byAsset.get(from) ?? [];
    for (const to of members) {
      if (to === from) continue;
      list.push({
        to,
        kind: "swap",
        bridge: null,
        port: null,
        channel: null,
        venue: venue.name,
        sequenceLabel: `${venue.chain_id}\u0000swap:${venue.name}`,
      });
    }
    byAsset.set(from, list);
  }
}
