/**
 * The format of the embedded venue facts (./data/swap-venues.json): a venues file (./swap-venues.ts)
 * whose every venue also says where its list was read (`source`, verbatim from the snapshot) and
 * the date that source names (`as_of`), with each denom a plain string. `factsFromSnapshot` turns a
 * snapshot dump into that file; scripts/refresh-venues.mjs runs it (docs/data.md).
 */
import * as z from "zod/mini";
import { errorFromZod, safeParse } from "../errors.js";
import { isVenueDenom } from "./swap-venues.js";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const SwapVenueFactSchema = z
  .strictObject({
    name: z.string().check(z.minLength(1)),
    chain_id: z.string().check(z.minLength(1)),
    /** Where the denom list was read, verbatim from the snapshot. */
    source: z.string().check(z.minLength(1)),
    /** The date the source names (commit date of the file read). */
    as_of: z.string().check(z.regex(ISO_DATE, "must be a date YYYY-MM-DD")),
    denoms: z.array(z.string()),
  })
  .check(z.refine((fact) => fact.source.includes(`(${fact.as_of})`), { path: ["as_of"], message: "must be the date the source names, as (YYYY-MM-DD)" }));
export type SwapVenueFact = z.infer<typeof SwapVenueFactSchema>;

const SwapVenueFactsFileSchema = z.strictObject({
  about: z.string().check(z.minLength(1)),
  venues: z.array(SwapVenueFactSchema).check(z.minLength(1)),
});
type SwapVenueFactsFile = z.infer<typeof SwapVenueFactsFileSchema>;

/** The facts file's text checked (the venues-file rules are checked where it is read as venues). */
export function parseVenueFacts(json: unknown): SwapVenueFactsFile {
  const result = safeParse(SwapVenueFactsFileSchema, json);
  if (!result.success) throw errorFromZod("invalid_venues", "parseVenueFacts: the venue facts are invalid", result.error);
  return result.data;
}

const FACTS_ABOUT =
  "Swap venues of the embedded mainnet default, as dated facts with their sources: the venue name, its chain " +
  "and the denoms it trades, copied from a snapshot that records where each list was read (source, verbatim; " +
  "as_of, the date it names). Denoms are as given, the source's own cut included; a string that is no denom " +
  "(a piece of the extract's JSON, with a quote or bracket) is left out, and the per-denom figures are not " +
  "copied. Written by scripts/refresh-venues.mjs (docs/data.md).";

const SnapshotSchema = z.looseObject({
  venues: z.array(
    z.looseObject({
      name: z.string(),
      chain_id: z.string(),
      source: z.string(),
      denoms: z.array(z.union([z.string(), z.looseObject({ denom: z.string() })])),
    }),
  ),
});

/**
 * A snapshot dump (a venues file whose venues each name a source with its date in parentheses)
 * as the facts file, with the strings left out because they are no denom, per venue.
 */
export function factsFromSnapshot(json: unknown): { facts: SwapVenueFactsFile; dropped: { venue: string; denom: string }[] } {
  const result = safeParse(SnapshotSchema, json);
  if (!result.success) throw errorFromZod("invalid_venues", "factsFromSnapshot: the snapshot is not a venues file with sources", result.error);
  const dropped: { venue: string; denom: string }[] = [];
  const venues = result.data.venues.map((venue) => {
    const denoms = venue.denoms.map((entry) => (typeof entry === "string" ? entry : entry.denom));
    for (const denom of denoms.filter((d) => !isVenueDenom(d))) dropped.push({ venue: venue.name, denom });
    return {
      name: venue.name,
      chain_id: venue.chain_id,
      source: venue.source,
      as_of: /\((\d{4}-\d{2}-\d{2})\)/.exec(venue.source)?.[1] ?? "",
      denoms: denoms.filter(isVenueDenom),
    };
  });
  return { facts: parseVenueFacts({ about: FACTS_ABOUT, venues }), dropped };
}
