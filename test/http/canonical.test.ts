/**
 * Kept answers are keyed by what a request means (src/http/canonical.ts): the canonical form is
 * derived from the request schemas, so every field a schema declares reaches the key (a field
 * added to a schema cannot be silently dropped from it), and a query parameter no schema declares
 * is ignored, as the Skip Go API ignores unknown fields (docs/http.md, "Requests").
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { canonicalRequest } from "../../src/http/canonical.js";
import { meaningOf } from "../../src/http/kept-answers.js";
import { requestFields } from "../../src/http/query-params.js";
import { ROUTES } from "../../src/http/routes.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { AssetsBetweenChainsRequestSchema, AssetsFromSourceRequestSchema, parseRequest } from "../../src/wire/schema.js";
import { fixtureGraph } from "./fixture.js";

/** Every request schema the HTTP surface keys answers by: the kept GETs' and the two queries'. */
const KEYED: z.ZodMiniType[] = [
  ...new Set([...ROUTES.flatMap((route) => ("query" in route ? [...route.query] : [])), AssetsFromSourceRequestSchema, AssetsBetweenChainsRequestSchema]),
];

/** A value every field of `schema` accepts and turns into something other than `value`'s parse. */
const SENTINEL = "\u0000changed";

describe("the canonical request", () => {
  it("is derived from the schema: a field added to a request schema changes the key", () => {
    const before = z.object({ chain_id: z.string() });
    const after = z.object({ ...before.shape, include_extra: z.optional(z.boolean()) });
    const asked = { chain_id: "osmosis-1", include_extra: true };
    const key = (schema: z.ZodMiniType, input: unknown) => canonicalRequest("op", [[schema, parseRequest(schema, input, "op")]]);
    // Without the field, the schema ignores it: one key whatever it holds.
    expect(key(before, asked)).toBe(key(before, { ...asked, include_extra: false }));
    // With it, the key tells the two apart.
    expect(key(after, asked)).not.toBe(key(after, { ...asked, include_extra: false }));
    expect(key(after, asked)).not.toBe(key(before, asked));
  });

  it("writes every field of every keyed schema: changing any one field changes the key", () => {
    expect(KEYED.length).toBeGreaterThanOrEqual(9);
    for (const schema of KEYED) {
      const fields = Object.keys(requestFields(schema));
      expect(fields.length).toBeGreaterThan(0);
      const parsed = Object.fromEntries(fields.map((field) => [field, null]));
      const base = canonicalRequest("op", [[schema, parsed]]);
      for (const field of fields) {
        expect(canonicalRequest("op", [[schema, { ...parsed, [field]: SENTINEL }]]), `${field}`).not.toBe(base);
      }
      // A key no schema declares is no part of the request.
      expect(canonicalRequest("op", [[schema, { ...parsed, not_a_field: SENTINEL }]])).toBe(base);
    }
  });

  it("is one key for every order, repeat and extra field of a set (swap venues, chain ids)", () => {
    const venue = fc.record({ chain_id: fc.constantFrom("osmosis-1", "neutron-1", "a:b"), name: fc.constantFrom("pool", "astroport", "x") });
    fc.assert(
      fc.property(fc.array(venue, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 4 }), (venues, shift) => {
        const key = (list: unknown[]) =>
          canonicalRequest("assets_from_source", [
            [AssetsFromSourceRequestSchema, parseRequest(AssetsFromSourceRequestSchema, { source_asset_denom: "u", source_asset_chain_id: "c", include_swaps: true, swap_venues: list }, "t")],
          ]);
        const turned = [...venues.slice(shift % venues.length), ...venues.slice(0, shift % venues.length)];
        expect(key([...turned, { ...venues[0]!, logo_uri: "https://x" }])).toBe(key(venues));
      }),
    );
  });

  it("ignores query parameters no schema declares, and tells declared values apart", () => {
    const assets = ROUTES.find((route) => route.operationId === "assets")!;
    const query = "query" in assets ? assets.query : [];
    const key = (target: string) => meaningOf(assets.path, query, target);
    expect(key("/fungible-graph/v1/assets?chain_id=osmosis-1&x=1")).toBe(key("/fungible-graph/v1/assets?%63hain_id=osmosis-1&y=2&z"));
    expect(key("/fungible-graph/v1/assets?chain_id=osmosis-1")).not.toBe(key("/fungible-graph/v1/assets?chain_id=cosmoshub-4"));
    // A request the schema refuses has no key: the handler answers its 400, never kept.
    expect(key("/fungible-graph/v1/assets?chain_id=")).toBeUndefined();
  });
});

describe("kept answers keyed by meaning", () => {
  it("compute one answer for many requests that differ only in unknown parameters", async () => {
    const router = fixtureGraph();
    const onChain = vi.spyOn(router, "assetsOnChain");
    const chains = vi.spyOn(router, "chains");
    const handler = createFetchHandler(router);
    const bodies = new Set<string>();
    const tags = new Set<string | null>();
    for (let i = 0; i < 50; i++) {
      const assets = await handler(new Request(`http://fungible.test/fungible-graph/v1/assets?chain_id=osmosis-1&unknown_${i}=${i}`));
      expect(assets.status).toBe(200);
      bodies.add(await assets.text());
      tags.add(assets.headers.get("etag"));
      expect((await handler(new Request(`http://fungible.test/fungible-graph/v1/chains?cache_buster=${i}`))).status).toBe(200);
    }
    expect(bodies.size).toBe(1);
    expect(tags.size).toBe(1);
    expect(onChain).toHaveBeenCalledTimes(1);
    expect(chains).toHaveBeenCalledTimes(1);
    onChain.mockRestore();
    chains.mockRestore();
  });
});
