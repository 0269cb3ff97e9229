/**
 * Msgs requests near their edges, for the properties that compare two ways of parsing them
 * (compiled-parse, shared-assets-parse): real routes of the shipped dataset, whole or with one part
 * replaced by a value near its edge. Each edit is left out half the time (fast-check's default is
 * a fifth), so whole requests are common (one in four with two possible edits, one in eight with
 * three) and the accepted side is always exercised.
 */
import fc from "fast-check";
import type { AssetRouter } from "../../src/index.js";

export const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
export const ADDRESSES = { "cosmoshub-4": "cosmos1x", "osmosis-1": "osmo1x" };

/** ATOM to Osmosis and OSMO to the Hub, as the router gives them. */
export function sampleRoutes(router: AssetRouter) {
  return [
    router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS }),
    router.route({ chain_id: "osmosis-1", denom: "uosmo" }, { chain_id: "cosmoshub-4", denom: "ibc/14F9BC3E44B8A9C1BE1FB08980FAB87034C9905EF17CF2F5008FC085218811CC" }),
  ].filter((route) => route !== null);
}

export const edge = fc.oneof(
  fc.constantFrom(undefined, null, true, 0, -1, 1.5, 256, 1e14, "", "x", "1000", [], {}, { __proto__: null }),
  fc.string({ maxLength: 4 }),
  fc.dictionary(fc.constantFrom("cosmoshub-4", "osmosis-1", "__proto__"), fc.oneof(fc.string({ maxLength: 3 }), fc.constant(1))),
);

/** An edit, or none half the time. */
export const maybe = <T>(edit: fc.Arbitrary<T>) => fc.option(edit, { nil: undefined, freq: 2 });

/** A top-level field of the request replaced by an edge value. */
export const replacedField = maybe(fc.tuple(fc.constantFrom("route", "amount", "addresses", "timeout_seconds", "forward_retries", "now_ms", "from", "to", "extra"), edge));
/** A field of the route's first hop replaced by an edge value. */
export const replacedHopField = maybe(fc.tuple(fc.constantFrom("kind", "port", "channel", "starts_tx", "from"), edge));
