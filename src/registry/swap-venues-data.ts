/**
 * The swap venues of the embedded mainnet default, read from ./data/swap-venues.json (dated,
 * cited facts; format in ./venue-facts.ts, refreshed by scripts/refresh-venues.mjs, docs/data.md).
 * The file is checked the first time it is asked for, never at import; the shipped datasets are
 * compiled with it, so a broken file fails the build.
 *
 * Only the registry loader and the chain-registry entry import this module (the loader lazily):
 * the query path never does, so its denoms stay out of a browser bundle of the core.
 */
import venueFactsFile from "./data/swap-venues.json" with { type: "json" };
import type { SwapVenue } from "./schema.js";
import { parseVenuesFile } from "./swap-venues.js";
import { parseVenueFacts, type SwapVenueFact } from "./venue-facts.js";

let facts: readonly SwapVenueFact[] | undefined;
let venues: readonly SwapVenue[] | undefined;

/** The venue facts as the file has them: name, chain, source, as_of and the denoms as given. */
export function swapVenueFacts(): readonly SwapVenueFact[] {
  facts ??= parseVenueFacts(venueFactsFile).venues;
  return facts;
}

/**
 * The venues the default mainnet registry carries: the facts read as a venue file, so a bare
 * Astroport contract address becomes the registry's `cw20:<address>` as in any user's file.
 */
export function defaultSwapVenues(): readonly SwapVenue[] {
  venues ??= parseVenuesFile({ venues: swapVenueFacts() });
  return venues;
}
