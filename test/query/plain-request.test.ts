/**
 * The hand-checked fast path of request parsing (src/query/plain-request.ts) against the schemas it
 * stands in for: on any request, it either declines (null) or returns exactly the schema's parse.
 */
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { plainBetweenOptions, plainFromSourceOptions } from "../../src/query/plain-request.js";
import { AssetsBetweenChainsRequestSchema, AssetsFromSourceRequestSchema } from "../../src/wire/schema.js";

// Values near each field's edge: right and wrong types, empty strings, null and absent.
const anyValue = fc.oneof(
  fc.constantFrom(undefined, null, true, false, 0, 1, "", "chain_id", "MOST_LIQUID", "DIRECT", "BASE_TOKEN", "UNKNOWN", "most_liquid", [], {}),
  fc.string({ maxLength: 3 }),
  fc.array(fc.record({ name: fc.string({ maxLength: 2 }), chain_id: fc.string({ maxLength: 2 }) }), { maxLength: 2 }),
);
const fromSourceKeys = ["source_asset_denom", "source_asset_chain_id", "allow_multi_tx", "recommendation_reason", "include_swaps", "swap_venues", "native_only", "group_by", "include_cw20_assets", "extra"];
const betweenKeys = ["source_chain_id", "dest_chain_id", "include_no_metadata_assets", "include_cw20_assets", "include_evm_assets", "allow_multi_tx", "extra"];
const ids = fc.constantFrom("osmosis-1", "cosmoshub-4", "uatom");
const request = (keys: string[], required: string[]) =>
  fc.record(Object.fromEntries(keys.map((key) => [key, required.includes(key) ? fc.oneof(ids, anyValue) : anyValue])), { requiredKeys: [] });

function schemaParse(schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } }, value: unknown): unknown {
  const result = schema.safeParse(value);
  return result.success ? result.data : "invalid";
}

describe("plain request fast path", () => {
  it("assets_from_source: declines or equals the schema's parse (swap_venues ignored without include_swaps)", () => {
    fc.assert(
      fc.property(request(fromSourceKeys, ["source_asset_denom", "source_asset_chain_id"]), (body) => {
        const fast = plainFromSourceOptions(body);
        if (fast === null) return;
        const { swap_venues: _ignored, ...withoutVenues } = body as Record<string, unknown>;
        expect(fast).toEqual(schemaParse(AssetsFromSourceRequestSchema, withoutVenues));
        expect(Object.keys(fast)).toEqual(Object.keys(AssetsFromSourceRequestSchema.shape));
      }),
      { numRuns: 3000 },
    );
  });

  it("assets_between_chains: declines or equals the schema's parse", () => {
    fc.assert(
      fc.property(request(betweenKeys, ["source_chain_id", "dest_chain_id"]), (body) => {
        const fast = plainBetweenOptions(body);
        if (fast !== null) expect(fast).toEqual(schemaParse(AssetsBetweenChainsRequestSchema, body));
      }),
      { numRuns: 3000 },
    );
  });

  it("takes the plain well-formed requests, and leaves everything unusual to the schema", () => {
    expect(plainFromSourceOptions({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", allow_multi_tx: null })).toEqual({
      source_asset_denom: "uatom",
      source_asset_chain_id: "cosmoshub-4",
      allow_multi_tx: false,
      recommendation_reason: "UNKNOWN",
      include_swaps: false,
      swap_venues: null,
      native_only: false,
      group_by: "chain_id",
      include_cw20_assets: false,
    });
    expect(plainBetweenOptions({ source_chain_id: "a", dest_chain_id: "b", include_evm_assets: true })).toEqual({
      source_chain_id: "a",
      dest_chain_id: "b",
      include_no_metadata_assets: false,
      include_cw20_assets: false,
      include_evm_assets: true,
      allow_multi_tx: false,
    });
    const throwing = { get source_chain_id(): string { throw new Error("no"); }, dest_chain_id: "b" };
    const nullPrototype = Object.assign(Object.create(null), { source_chain_id: "a", dest_chain_id: "b" });
    for (const odd of [null, undefined, "x", [], throwing, nullPrototype, { source_chain_id: "a", dest_chain_id: "a" }, { source_chain_id: "a", dest_chain_id: "b", other: 1 }]) {
      expect(plainBetweenOptions(odd)).toBeNull();
    }
    expect(plainFromSourceOptions({ source_asset_denom: "u", source_asset_chain_id: "c", include_swaps: true })).toBeNull();
  });
});
