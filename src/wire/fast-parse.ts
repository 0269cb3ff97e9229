/**
 * A request's fast path, generated from its zod schema (never written by hand): zod's parse of a
 * small request costs more than the query it asks (bench/README.md, "Profile"), so a plain,
 * well-formed request is read by a function made once per schema from the schema's own parts.
 *
 * It understands the few forms the request schemas are made of, and only those: an object
 * (unknown keys stripped, `.refine` checks run) behind an optional preprocess (the swap rule);
 * text fields (`z.string()` with `.min`); and every other field as a finite table, its outputs
 * computed by the field's own schema for the inputs it can take as a primitive (`undefined`,
 * `null`, the booleans, enum and literal values). Anything else in a value (a wrong type, an
 * array, a string a table lacks, a getter that throws) returns `undefined`, and the caller parses
 * with zod, which gives the answer or the errors. A schema made of other forms gets no fast path.
 * So this accepts a subset of what the schema accepts and returns exactly what zod would
 * (test/query/fast-parse.test.ts checks it on generated requests).
 */
import type * as z from "zod";

export type FastParse = (input: unknown) => unknown;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const fastPaths = new WeakMap<object, FastParse | null>();
const PREPROCESS_CONTEXT = Object.freeze({ value: undefined, issues: Object.freeze([]) });

/** The schema's fast path, made on first use; `null` when the schema has a form it does not know. */
export function fastPathOf(schema: z.ZodType): FastParse | null {
  let fast = fastPaths.get(schema);
  if (fast === undefined) {
    fast = generate(schema);
    fastPaths.set(schema, fast);
  }
  return fast;
}

function generate(schema: z.ZodType): FastParse | null {
  let def = defOf(schema);
  let pre: ((input: unknown) => unknown) | null = null;
  if (def.type === "pipe" && defOf(def.in).type === "transform") {
    const transform = defOf(def.in).transform as (input: unknown, context: unknown) => unknown;
    // A preprocess that reports an issue (pushing to the frozen list throws) is left to zod.
    pre = (input) => transform(input, PREPROCESS_CONTEXT);
    def = defOf(def.out);
  }
  if (def.type !== "object" || def.catchall !== undefined) return null;
  const refinements: ((value: unknown) => unknown)[] = [];
  for (const check of (def.checks as unknown[] | undefined) ?? []) {
    const checkDef = defOf(check);
    if (checkDef.check !== "custom" || typeof checkDef.fn !== "function") return null;
    refinements.push(checkDef.fn as (value: unknown) => unknown);
  }
  // Two kinds of field, each read by one loop over flat arrays (no closure per field: this runs
  // on every query).
  const textNames: string[] = [];
  const minimums: number[] = [];
  const tableNames: string[] = [];
  const tables: Map<unknown, unknown>[] = [];
  for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    const minimum = textMinimum(field);
    const table = minimum === null ? outputTable(field) : null;
    if (minimum !== null) {
      textNames.push(name);
      minimums.push(minimum);
    } else if (table !== null) {
      tableNames.push(name);
      tables.push(table);
    } else return null;
  }
  // Every output starts as a copy of one object with the fields in the schema's order: one shape
  // for every answer, and stores into existing properties.
  const template: Record<string, unknown> = Object.fromEntries(Object.keys(def.shape as object).map((name) => [name, null]));
  return (input) => {
    try {
      const request = (pre === null ? input : pre(input)) as Record<string, unknown>;
      if (typeof request !== "object" || request === null) return undefined;
      const prototype = Object.getPrototypeOf(request);
      if (prototype !== Object.prototype && prototype !== null) return undefined;
      const output: Record<string, unknown> = { ...template };
      for (let i = 0; i < textNames.length; i++) {
        const value = request[textNames[i]!];
        if (typeof value !== "string" || value.length < minimums[i]!) return undefined;
        output[textNames[i]!] = value;
      }
      for (let i = 0; i < tableNames.length; i++) {
        const table = tables[i]!;
        const value = request[tableNames[i]!];
        const parsed = table.get(value);
        // Not in the table; or undefined, which zod leaves out when the input lacks the key: not worth matching.
        if (parsed === undefined) return undefined;
        output[tableNames[i]!] = parsed;
      }
      for (const refinement of refinements) if (refinement(output) !== true) return undefined;
      return output;
    } catch {
      return undefined; // a getter or Proxy trap that throws: zod's parse reports it
    }
  };
}

/** `z.string()`, with at most a minimum length: a string that long is itself. */
function textMinimum(field: z.ZodType): number | null {
  const def = defOf(field);
  if (def.type !== "string") return null;
  let minimum = 0;
  for (const check of (def.checks as unknown[] | undefined) ?? []) {
    const checkDef = defOf(check);
    if (checkDef.check !== "min_length" || typeof checkDef.minimum !== "number") return null;
    minimum = Math.max(minimum, checkDef.minimum);
  }
  return minimum;
}

/** A field whose primitive inputs can be listed: each one's output, as the field's schema gives it. */
function outputTable(field: z.ZodType): Map<unknown, unknown> | null {
  const candidates: unknown[] = [undefined, null];
  let inner = defOf(field);
  if (inner.type === "pipe" && defOf(inner.out).type === "transform") inner = defOf(inner.in);
  while (inner.type === "optional" || inner.type === "nullable") inner = defOf(inner.innerType);
  if (inner.type === "boolean") candidates.push(true, false);
  else if (inner.type === "enum") candidates.push(...Object.values(inner.entries as Record<string, unknown>));
  else if (inner.type === "literal") candidates.push(...(inner.values as unknown[]));
  const table = new Map<unknown, unknown>();
  for (const candidate of candidates) {
    const result = field.safeParse(candidate);
    // Outputs are shared by every request: only primitives (an object could be changed by a
    // caller), and never undefined (the read's "not in the table").
    if (result.success && result.data !== undefined && (result.data === null || typeof result.data !== "object")) table.set(candidate, result.data);
  }
  return table.size === 0 ? null : table;
}
