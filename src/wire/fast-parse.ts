/**
 * A request's fast path, generated from its zod schema (never written by hand): zod's parse of a
 * small request costs more than the query it asks (bench/README.md, "Profile"), so a plain,
 * well-formed request is read by a function made once per schema from the schema's own parts.
 *
 * It understands the few forms the request schemas are made of, and only those: an object
 * (unknown keys stripped, `z.refine` checks run) behind an optional preprocess (the swap rule);
 * text fields (`z.string()` with `z.minLength`); and every other field as a finite table, its outputs
 * computed by the field's own schema for the inputs it can take as a primitive (`undefined`,
 * `null`, the booleans, enum and literal values); `z.describe` checks, metadata only, are passed
 * over. Anything else in a value (a wrong type, an array, a string a table lacks, a getter that
 * throws) returns `undefined`, and the caller parses with zod, which gives the answer or the errors. A schema made of other forms gets no fast path.
 * So this accepts a subset of what the schema accepts and returns exactly what zod would
 * (test/query/fast-parse.test.ts checks it on generated requests, in both of its forms: compiled
 * to one function where the runtime allows `new Function`, as classic zod compiles its own
 * parsers, and a loop over the fields where it does not).
 */
import * as z from "zod/mini";
import { safeParse } from "../errors.js";

export type FastParse = (input: unknown) => unknown;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const fastPaths = new WeakMap<object, FastParse | null>();
/** zod/mini's `z.describe` and `z.meta` are checks that only register metadata: they never refuse or change a value. */
const METADATA_CHECKS = new Set(["describe", "meta"]);
const PREPROCESS_CONTEXT = Object.freeze({ value: undefined, issues: Object.freeze([]) });

/** The schema's fast path, made on first use; `null` when the schema has a form it does not know. */
export function fastPathOf(schema: z.ZodMiniType): FastParse | null {
  let fast = fastPaths.get(schema);
  if (fast === undefined) {
    fast = generate(schema);
    fastPaths.set(schema, fast);
  }
  return fast;
}

function generate(schema: z.ZodMiniType): FastParse | null {
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
    if (METADATA_CHECKS.has(checkDef.check as string)) continue;
    if (checkDef.check !== "custom" || typeof checkDef.fn !== "function") return null;
    refinements.push(checkDef.fn as (value: unknown) => unknown);
  }
  // Each field is a text field (its minimum length) or a table; in the schema's order, the output's.
  const fields: Field[] = [];
  for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodMiniType>)) {
    if (name === "__proto__") return null; // an own key no object literal or store makes
    const minimum = textMinimum(field);
    const table = minimum === null ? outputTable(field) : null;
    if (minimum === null && table === null) return null;
    fields.push({ name, minimum, table });
  }
  const plan: Plan = { pre, fields, refinements };
  return (allowsCompiling() && compiled(plan)) || interpreted(plan);
}

interface Field {
  name: string;
  /** A text field's minimum length; `null` for a table field. */
  minimum: number | null;
  table: Table | null;
}

interface Plan {
  pre: ((input: unknown) => unknown) | null;
  fields: Field[];
  refinements: ((value: unknown) => unknown)[];
}

/** A field's outputs by primitive input; a slot per kind, so no input is hashed (a Map hashes `true` or `undefined` slowly). */
interface Table {
  ifUndefined: unknown;
  ifNull: unknown;
  ifTrue: unknown;
  ifFalse: unknown;
  /** Strings and the other primitives an enum or literal lists. */
  values: Map<unknown, unknown>;
}

/** The output for `value`, or undefined when the table has none (then zod parses). */
function lookup(table: Table, value: unknown): unknown {
  switch (typeof value) {
    case "undefined":
      return table.ifUndefined;
    case "boolean":
      return value ? table.ifTrue : table.ifFalse;
    case "object":
      return value === null ? table.ifNull : undefined;
    default:
      return table.values.get(value);
  }
}

/**
 * Where the runtime allows it (not where `new Function` is refused, as in Cloudflare Workers),
 * the plan becomes one function with each field read and written by name, as classic zod
 * compiles its own object parsers: the loop over names below is several times slower (every read
 * and write by a computed key). Only field names enter the code, as JSON string literals; every value
 * (tables, minimums, refinements, the preprocess) is passed in.
 */
function compiled({ pre, fields, refinements }: Plan): FastParse | null {
  const reads = fields.map(({ name, minimum }, i) =>
    minimum === null
      ? `const v${i} = lookup(tables[${i}], r[${JSON.stringify(name)}]); if (v${i} === undefined) return undefined;`
      : `const v${i} = r[${JSON.stringify(name)}]; if (typeof v${i} !== "string" || v${i}.length < minimums[${i}]) return undefined;`,
  );
  const output = fields.map(({ name }, i) => `${JSON.stringify(name)}: v${i}`).join(", ");
  const body = `"use strict";
    return function fastParse(input) {
      try {
        const r = pre === null ? input : pre(input);
        if (typeof r !== "object" || r === null) return undefined;
        const prototype = Object.getPrototypeOf(r);
        if (prototype !== Object.prototype && prototype !== null) return undefined;
        ${reads.join("\n")}
        const output = { ${output} };
        for (let i = 0; i < refinements.length; i++) if (refinements[i](output) !== true) return undefined;
        return output;
      } catch {
        return undefined;
      }
    };`;
  try {
    return new Function("pre", "lookup", "tables", "minimums", "refinements", body)(pre, lookup, fields.map((f) => f.table), fields.map((f) => f.minimum), refinements) as FastParse;
  } catch {
    return null;
  }
}

/** The same plan read by one loop over the fields (no closure per field: this runs on every query). */
function interpreted({ pre, fields, refinements }: Plan): FastParse {
  // Every output starts as a copy of one object with the fields in the schema's order: one shape
  // for every answer, and stores into existing properties.
  const template: Record<string, unknown> = Object.fromEntries(fields.map(({ name }) => [name, null]));
  return (input) => {
    try {
      const request = (pre === null ? input : pre(input)) as Record<string, unknown>;
      if (typeof request !== "object" || request === null) return undefined;
      const prototype = Object.getPrototypeOf(request);
      if (prototype !== Object.prototype && prototype !== null) return undefined;
      const output: Record<string, unknown> = { ...template };
      for (const { name, minimum, table } of fields) {
        const value = request[name];
        const parsed = table === null ? (typeof value === "string" && value.length >= minimum! ? value : undefined) : lookup(table, value);
        // Not in the table; or undefined, which zod leaves out when the input lacks the key: not worth matching.
        if (parsed === undefined) return undefined;
        output[name] = parsed;
      }
      for (const refinement of refinements) if (refinement(output) !== true) return undefined;
      return output;
    } catch {
      return undefined; // a getter or Proxy trap that throws: zod's parse reports it
    }
  };
}

let compiling: boolean | undefined;

/**
 * Whether `new Function` works here: checked once, on the first schema (a Worker refuses it).
 * Not even tried under zod's `jitless` setting, which a page with a strict CSP sets so that no
 * caught attempt is reported as a violation.
 */
export function allowsCompiling(): boolean {
  if (compiling === undefined) {
    try {
      compiling = z.config().jitless !== true && new Function("return true")() === true;
    } catch {
      compiling = false;
    }
  }
  return compiling;
}

/** `z.string()`, with at most a minimum length: a string that long is itself. */
function textMinimum(field: z.ZodMiniType): number | null {
  const def = defOf(field);
  if (def.type !== "string") return null;
  let minimum = 0;
  for (const check of (def.checks as unknown[] | undefined) ?? []) {
    const checkDef = defOf(check);
    if (METADATA_CHECKS.has(checkDef.check as string)) continue;
    if (checkDef.check !== "min_length" || typeof checkDef.minimum !== "number") return null;
    minimum = Math.max(minimum, checkDef.minimum);
  }
  return minimum;
}

/** A field whose primitive inputs can be listed: each one's output, as the field's schema gives it. */
function outputTable(field: z.ZodMiniType): Table | null {
  const candidates: unknown[] = [undefined, null];
  let inner = defOf(field);
  if (inner.type === "pipe" && defOf(inner.out).type === "transform") inner = defOf(inner.in);
  while (inner.type === "optional" || inner.type === "nullable") inner = defOf(inner.innerType);
  if (inner.type === "boolean") candidates.push(true, false);
  else if (inner.type === "enum") candidates.push(...Object.values(inner.entries as Record<string, unknown>));
  else if (inner.type === "literal") candidates.push(...(inner.values as unknown[]));
  const table: Table = { ifUndefined: undefined, ifNull: undefined, ifTrue: undefined, ifFalse: undefined, values: new Map() };
  let size = 0;
  for (const candidate of candidates) {
    const result = safeParse(field, candidate);
    // Outputs are shared by every request: only primitives (an object could be changed by a
    // caller), and never undefined (the read's "not in the table").
    if (!result.success || result.data === undefined || (result.data !== null && typeof result.data === "object")) continue;
    size++;
    if (candidate === undefined) table.ifUndefined = result.data;
    else if (candidate === null) table.ifNull = result.data;
    else if (candidate === true) table.ifTrue = result.data;
    else if (candidate === false) table.ifFalse = result.data;
    else table.values.set(candidate, result.data);
  }
  return size === 0 ? null : table;
}
