/**
 * Reads a request from a query string, for the GET forms: the official `@skip-go/client` calls
 * assets_between_chains as `GET ?source_chain_id=..&include_cw20_assets=true`, and caches and CDNs
 * can only keep GET answers. Only the fields of the schema are read (so `__proto__` and friends
 * are never assigned); `true`/`false` become booleans where the field is a flag; a repeated field
 * stays a list so validation rejects it instead of silently picking one.
 *
 * `swap_venues` is the one list: one `swap_venues=<chain_id>:<name>` per venue, split at the first
 * `:` as the CLI's `--swap-venue` is (chain ids have no `:`; venue names may). Absent means null
 * (every venue); an empty list cannot be written, and is the same answer as `include_swaps=false`.
 */
import type * as z from "zod";
import { FungibleError } from "../errors.js";

export const SWAP_VENUES_PARAM = "swap_venues";

/** `operation` prefixes the message of a malformed venue, as `parseRequest` prefixes its own. */
export function queryToBody(params: URLSearchParams, shape: Record<string, z.ZodType>, operation = "query"): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    const values = params.getAll(field);
    if (values.length === 0) continue;
    if (field === SWAP_VENUES_PARAM) {
      body[field] = values.map((value, i) => parseVenue(value, i, operation));
      continue;
    }
    if (values.length > 1) {
      body[field] = values;
      continue;
    }
    const value = values[0]!;
    const asFlag = value === "true" ? true : value === "false" ? false : undefined;
    body[field] = asFlag !== undefined && schema.safeParse(asFlag).success ? asFlag : value;
  }
  return body;
}

function parseVenue(text: string, index: number, operation: string): { chain_id: string; name: string } {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) {
    const message = `swap_venues must be <chain_id>:<name>, got ${JSON.stringify(text.slice(0, 200))}`;
    throw new FungibleError("invalid_request", `${operation}: swap_venues.${index}: ${message}`, [
      { path: [SWAP_VENUES_PARAM, index], message },
    ]);
  }
  return { chain_id: text.slice(0, colon), name: text.slice(colon + 1) };
}
