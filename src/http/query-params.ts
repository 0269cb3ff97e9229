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
import { parseRequest } from "../wire/schema.js";

export const SWAP_VENUES_PARAM = "swap_venues";

/** The fields of a request schema: its object's shape, behind a preprocess (the swap rule) if it has one. */
export function requestFields(schema: z.ZodMiniType): Record<string, z.ZodMiniType> {
  const def = (schema as unknown as { _zod: { def: { type: string; out?: z.ZodMiniType; shape?: Record<string, z.ZodMiniType> } } })._zod.def;
  if (def.type === "pipe" && def.out !== undefined) return requestFields(def.out);
  if (def.type !== "object" || def.shape === undefined) throw new TypeError("requestFields: a request schema is an object, or a preprocess of one");
  return def.shape;
}

/**
 * The request a query string asks with `schema`, parsed (a 400 FungibleError naming `operation`
 * otherwise): only the schema's fields are read, so a parameter it does not declare is ignored,
 * as the Skip Go API ignores unknown fields (docs/http.md, "Requests").
 */
export function queryRequest<S extends z.ZodMiniType>(params: URLSearchParams, schema: S, operation: string): z.output<S> {
  return parseRequest(schema, queryToBody(params, requestFields(schema)), operation);
}

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
