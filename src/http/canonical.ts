/**
 * The canonical form of a request: what it means, written from its parsed value and its schema.
 * Every spelling of one question (POST or GET, fields or parameters in any order, percent-encoded
 * or not, an omitted flag or `false`, `null` or absent, venues in any order or repeated, a
 * parameter no schema reads) has one canonical string; it keys the kept answers and, with the
 * data version, the ETag. It is derived from the schema alone, never from a list of fields kept
 * by hand: every field of an object schema is written, in the schema's order, so a field added to
 * a request schema is part of the key from then on (test/http/canonical.test.ts).
 */
import type * as z from "zod/mini";
import { compareStrings } from "../compare.js";
import { isUnordered } from "../wire/unordered.js";

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** A schema and the value it parsed: one part of a request (a GET may read two, such as explain and its `format`). */
export type RequestPart = readonly [schema: z.ZodMiniType, parsed: unknown];

/**
 * `[name, ...the fields of each part]` as JSON: `name` tells the operations apart; each part's
 * fields are its object schema's, in order (for the two queries the same string, and so the same
 * ETag, as the hand-written forms this replaced).
 */
export function canonicalRequest(name: string, parts: readonly RequestPart[]): string {
  const fields: unknown[] = [name];
  for (const [schema, parsed] of parts) {
    const value = canonicalValue(schema, parsed);
    if (Array.isArray(value) && objectDef(schema) !== null) fields.push(...value);
    else fields.push(value);
  }
  return JSON.stringify(fields);
}

/**
 * The schema under its wrappers (optional, nullable, readonly, a default, a pipe: its output side,
 * or its input side when the output is a transform), and whether a layer marks it as a set.
 */
function unwrapped(schema: z.ZodMiniType | undefined): { def: Def | null; isSet: boolean } {
  let isSet = false;
  let current: unknown = schema;
  for (let depth = 0; current !== undefined && depth < 32; depth++) {
    if (isUnordered(current as z.ZodMiniType)) isSet = true;
    const def = defOf(current);
    if (def.type === "pipe") current = defOf(def.out).type === "transform" ? def.in : def.out;
    else if (def.type === "optional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault") current = def.innerType;
    else return { def, isSet };
  }
  return { def: null, isSet };
}

function objectDef(schema: z.ZodMiniType): Def | null {
  const { def } = unwrapped(schema);
  return def?.type === "object" ? def : null;
}

/**
 * An object its schema describes becomes the list of its schema's fields (keys it does not
 * declare, such as a venue's `logo_uri`, are left out); a set is sorted and its repeats dropped;
 * an object no schema describes (a transform's output) is written with its keys sorted.
 */
function canonicalValue(schema: z.ZodMiniType | undefined, value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== "object") return value;
  const { def, isSet } = unwrapped(schema);
  if (Array.isArray(value)) {
    const element = def?.type === "array" ? (def.element as z.ZodMiniType) : undefined;
    const items = value.map((item) => canonicalValue(element, item));
    if (!isSet) return items;
    const texts = [...new Set(items.map((item) => JSON.stringify(item)))].sort(compareStrings);
    return texts.map((text) => JSON.parse(text) as unknown);
  }
  const record = value as Record<string, unknown>;
  if (def?.type === "object") {
    const shape = def.shape as Record<string, z.ZodMiniType>;
    return Object.keys(shape).map((field) => canonicalValue(shape[field], Object.hasOwn(record, field) ? record[field] : undefined));
  }
  const keys = Object.keys(record).sort(compareStrings);
  return Object.fromEntries(keys.map((key) => [key, canonicalValue(undefined, record[key])]));
}
