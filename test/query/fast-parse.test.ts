/**
 * The fast path generated from a request schema (src/wire/fast-parse.ts): on any request it
 * either declines (undefined) or returns exactly the schema's own parse, for every request schema
 * that has one; and it does take the plain requests the queries mostly get (else it would be dead).
 * Both of its forms: compiled (`new Function`, as on Node) and the loop a runtime that refuses
 * `new Function` gets (Cloudflare Workers; here a fresh copy of the module with `Function` throwing).
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { fastPathOf } from "../../src/wire/fast-parse.js";
import { AssetsBetweenChainsRequestSchema, AssetsFromSourceRequestSchema } from "../../src/wire/schema.js";
import { ExplainRequestSchema } from "../../src/wire/explain.js";

// Values near each field's edge: right and wrong types, empty strings, null and absent, venue lists.
const anyValue = fc.oneof(
  fc.constantFrom(undefined, null, true, false, 0, 1, "", "chain_id", "MOST_LIQUID", "DIRECT", "BASE_TOKEN", "UNKNOWN", "most_liquid", [], {}),
  fc.string({ maxLength: 3 }),
  fc.array(fc.record({ name: fc.string({ maxLength: 2 }), chain_id: fc.string({ maxLength: 2 }) }), { maxLength: 2 }),
);
const ids = fc.constantFrom("osmosis-1", "cosmoshub-4", "uatom");

const SCHEMAS: [string, z.ZodMiniType, string[]][] = [
  ["assets_from_source", AssetsFromSourceRequestSchema, ["source_asset_denom", "source_asset_chain_id"]],
  ["assets_between_chains", AssetsBetweenChainsRequestSchema, ["source_chain_id", "dest_chain_id"]],
  ["explain", ExplainRequestSchema, ["source_asset_denom", "source_asset_chain_id", "dest_chain_id"]],
];

const keysOf = (schema: z.ZodMiniType) => {
  const def = schema._zod.def as { type: string; out?: z.ZodMiniObject };
  return Object.keys((def.type === "pipe" ? def.out! : (schema as z.ZodMiniObject)).shape);
};

vi.resetModules();
vi.stubGlobal("Function", function refused() {
  throw new EvalError("Code generation from strings disallowed for this context");
});
const interpretedOf: typeof fastPathOf = (await import("../../src/wire/fast-parse.js")).fastPathOf;
// Made now, while Function throws (each schema's fast path is made once, on first use).
for (const [, schema] of SCHEMAS) interpretedOf(schema);
vi.unstubAllGlobals();

// Under zod's jitless setting (what a page with a strict CSP sets), not even tried.
vi.resetModules();
z.config({ jitless: true });
const jitlessOf: typeof fastPathOf = (await import("../../src/wire/fast-parse.js")).fastPathOf;
for (const [, schema] of SCHEMAS) jitlessOf(schema);
z.config({ jitless: undefined });

const FORMS: [string, typeof fastPathOf][] = [
  ["compiled", fastPathOf],
  ["interpreted", interpretedOf],
];

it("is compiled where the runtime allows new Function, a loop where it does not or zod is jitless", () => {
  for (const [, schema] of SCHEMAS) {
    expect(fastPathOf(schema)!.name).toBe("fastParse");
    expect(interpretedOf(schema)!.name).not.toBe("fastParse");
    expect(jitlessOf(schema)!.name).not.toBe("fastParse");
  }
});

describe.each(SCHEMAS.flatMap(([name, schema, required]) => FORMS.map(([form, of]) => [`${name} (${form})`, schema, required, of] as const)))("the fast path of the %s request", (_name, schema, required, of) => {
  const fast = of(schema)!;
  const request = fc.record(
    // Mostly absent or right, so a good share of requests is one the fast path takes.
    Object.fromEntries([...keysOf(schema), "extra"].map((key) => [key, required.includes(key) ? fc.oneof({ arbitrary: ids, weight: 6 }, anyValue) : fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, anyValue)])),
    { requiredKeys: [] },
  );

  it("exists", () => {
    expect(fast).toBeTypeOf("function");
  });

  it("declines or returns exactly the schema's parse", () => {
    let taken = 0;
    fc.assert(
      fc.property(request, (body) => {
        const answer = fast(body);
        if (answer === undefined) return;
        taken++;
        const parsed = schema.safeParse(body);
        expect(parsed.success).toBe(true);
        expect(answer).toEqual(parsed.data);
        expect(Object.keys(answer as object)).toEqual(Object.keys(parsed.data as object));
      }),
      { numRuns: 2000 },
    );
    expect(taken).toBeGreaterThan(0);
  });

  it("takes a plain request with its required fields only, and declines what only zod can say", () => {
    const plain = Object.fromEntries(required.map((key, i) => [key, ["osmosis-1", "cosmoshub-4", "neutron-1"][i]]));
    expect(fast(plain)).toEqual(schema.parse(plain));
    const throwing = Object.defineProperty({ ...plain }, required[0]!, {
      get() {
        throw new Error("no");
      },
      enumerable: true,
    });
    for (const odd of [null, undefined, "x", [], throwing, new (class Request {})(), { ...plain, [required[0]!]: "" }, { ...plain, [required[0]!]: 5 }]) {
      expect(fast(odd)).toBeUndefined();
    }
  });
});
