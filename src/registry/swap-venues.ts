/**
 * Swap venue files: where the denoms each venue trades come from when a user brings fresher data
 * than the embedded default (`defaultSwapVenues()`, read from ./data/swap-venues.json).
 *
 * Format (JSON):
 *
 *     { "about": "optional text",
 *       "venues": [ { "name": "osmosis-poolmanager", "chain_id": "osmosis-1",
 *                     "source": "where the list was read, and when",
 *                     "denoms": ["uosmo", "ibc/27394F..."] } ] }
 *
 * `denoms` is a list of strings or of objects `{ "denom": "uosmo", ...figures }` (the extra fields,
 * such as `pool_count` or `liquidity_usd`, are accepted and not used). A denom is letters, digits
 * and `/:._-` (Cosmos, EVM and Solana denoms all are; a quote or bracket means a broken extract).
 * A bare CosmWasm contract address (`terra1...`, 32-byte bech32), as Astroport names a CW20 token,
 * becomes the registry's `cw20:<address>`. Every venue trades at least two distinct denoms; a
 * `(name, chain_id)` pair appears once, since requests select venues by it.
 */
import * as z from "zod/mini";
import { safeParseArgument } from "../arguments.js";
import { errorFromZod } from "../errors.js";
import { denomKey, type SwapVenue } from "./schema.js";

const NonEmpty = z.string().check(z.minLength(1, "must be a non-empty string"));

const VENUE_DENOM = /^[A-Za-z0-9][A-Za-z0-9/:._-]*$/;

/** Whether a venue file's string can be a denom (a quote or bracket means a broken extract). */
export const isVenueDenom = (text: string): boolean => VENUE_DENOM.test(text);

const Denom = z.string().check(z.regex(VENUE_DENOM, "must be a denom: letters, digits and /:._- only"));

const VenueDenomSchema = z.union([Denom, z.looseObject({ denom: Denom })]);

/** A CosmWasm contract address: bech32 of 32 bytes (58 data characters after the separator). */
const CONTRACT_ADDRESS = /^[a-z][a-z0-9]*1[02-9ac-hj-np-z]{58}$/;

/** The registry's spelling of a venue's denom: a bare contract address is a CW20 token. */
export function registryDenomOfVenueDenom(denom: string): string {
  return CONTRACT_ADDRESS.test(denom) ? `cw20:${denom}` : denom;
}

const VenueEntrySchema = z.looseObject({
  name: NonEmpty,
  chain_id: NonEmpty,
  source: z.optional(z.string()),
  denoms: z.array(VenueDenomSchema),
});

export const SwapVenuesFileSchema = z
  .looseObject({
    about: z.optional(z.string()),
    venues: z.array(VenueEntrySchema),
  })
  .check(
    z.superRefine((file, ctx) => {
      const seen = new Map<string, number>();
      file.venues.forEach((venue, i) => {
        const key = `${venue.chain_id}\u0000${venue.name}`;
        const first = seen.get(key);
        if (first !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["venues", i, "name"],
            message: `venue "${venue.name}" on "${venue.chain_id}" is already listed at venues[${first}]`,
          });
        } else seen.set(key, i);
        const distinct = new Set(venue.denoms.map((denom) => denomKey(denomOf(denom))));
        if (distinct.size < 2) {
          ctx.addIssue({ code: "custom", path: ["venues", i, "denoms"], message: "a venue trades at least two distinct denoms" });
        }
      });
    }),
  );
export type SwapVenuesFile = z.infer<typeof SwapVenuesFileSchema>;

function denomOf(entry: z.infer<typeof VenueDenomSchema>): string {
  return registryDenomOfVenueDenom(typeof entry === "string" ? entry : entry.denom);
}

/**
 * The venues of a venue file (JSON already parsed), in file order, each denom once (the first
 * spelling of an EVM address). Throws `FungibleError("invalid_venues")` with every problem's path.
 */
export function parseVenuesFile(json: unknown): SwapVenue[] {
  // Only a venues file: `parseRegistry` checks the venues' chains against a registry.
  const result = safeParseArgument(SwapVenuesFileSchema, json, { fn: "parseVenuesFile", arg: "json", code: "invalid_venues" });
  if (!result.success) throw errorFromZod("invalid_venues", "parseVenuesFile: the venues file is invalid", result.error);
  return result.data.venues.map((venue) => {
    const denoms = new Map<string, string>();
    for (const entry of venue.denoms) {
      const denom = denomOf(entry);
      if (!denoms.has(denomKey(denom))) denoms.set(denomKey(denom), denom);
    }
    return { name: venue.name, chain_id: venue.chain_id, denoms: [...denoms.values()] };
  });
}
