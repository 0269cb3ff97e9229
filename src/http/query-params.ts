/**
 * Reads a request from a query string, for the GET forms: the official `@skip-go/client` calls
 * assets_between_chains as `GET ?source_chain_id=..&include_cw20_assets=true`, and caches and CDNs
 * can only keep GET answers. Only the fields of the schema are read (so `__proto__` and friends
 * are never assigned); `true`/`false` become booleans where the field is a flag; a repeated field
 * stays a list so validation rejects it instead of silently picking one.
 *
 * `swap_venues` is the one list: one `swap_venues=<chain_id>:<name>` per venue, split at the first
 * `:` as the CLI's `--swap-venue` is (chain ids have no `:`; venue names may). A text that does not
 * split stays text, which the request schema refuses where it reads the venues (and names the
 * form). Absent means null (every venue); an empty list cannot be written.
 */
import type * as z from "zod/mini";
import { safeParse } from "../errors.js";

export const SWAP_VENUES_PARAM = "swap_venues";

export function queryToBody(params: URLSearchParams, shape: Record<string, z.ZodMiniType>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    const values = params.getAll(field);
    if (values.length === 0) continue;
    if (field === SWAP_VENUES_PARAM) {
      body[field] = values.map(venueOf);
      continue;
    }
    if (values.length > 1) {
      body[field] = values;
      continue;
    }
    const value = values[0]!;
    const asFlag = value === "true" ? true : value === "false" ? false : undefined;
    body[field] = asFlag !== undefined && safeParse(schema, asFlag).success ? asFlag : value;
  }
  return body;
}

/** `<chain_id>:<name>` split at the first `:`, or the text itself when it does not split so. */
function venueOf(text: string): { chain_id: string; name: string } | string {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) return text;
  return { chain_id: text.slice(0, colon), name: text.slice(colon + 1) };
}
