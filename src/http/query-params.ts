/**
 * Reads a request from a query string, for clients that send a query as GET: the official
 * `@skip-go/client` calls assets_between_chains as `GET ?source_chain_id=..&include_cw20_assets=true`.
 * Only the fields of the schema are read (so `__proto__` and friends are never assigned);
 * `true`/`false` become booleans where the field is a flag; a repeated field stays a list so
 * validation rejects it instead of silently picking one.
 */
import type { z } from "zod";

export function queryToBody(params: URLSearchParams, shape: Record<string, z.ZodType>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    const values = params.getAll(field);
    if (values.length === 0) continue;
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
