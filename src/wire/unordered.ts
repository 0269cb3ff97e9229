/**
 * Lists a request reads as sets: their order and repeats mean nothing (swap venues, chain ids).
 * Stated on the schema, where every other rule of a request is, so the canonical form of a request
 * (src/http/canonical.ts) reads it there instead of a hand list of fields.
 */
import * as z from "zod/mini";

const unorderedLists = z.registry<Record<string, never>>();

/** `list` marked as a set: the same schema, registered. */
export function unordered<S extends z.ZodMiniType>(list: S): S {
  unorderedLists.add(list, {});
  return list;
}

export function isUnordered(schema: z.ZodMiniType): boolean {
  return unorderedLists.has(schema);
}
