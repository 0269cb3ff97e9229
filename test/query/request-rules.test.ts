/**
 * The request rules of the contract (SEMANTICS §4-§6, docs/behaviour.md §6-§8), each checked where
 * a request enters: the library method, the HTTP handler (POST and GET) and the OpenAPI document's
 * request schema. The schemas in src/wire/schema.ts state every rule once; these tests restate the
 * contract on their own (`isVenueList` below is written from the contract, not from the schema).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, createFetchHandler } from "../../src/entries/http.js";
import { isFungibleError } from "../../src/index.js";
import { fixtureGraph, jsonRequest } from "../http/fixture.js";

const FROM_SOURCE = "/v2/fungible/assets_from_source";
const BETWEEN = "/v2/fungible/assets_between_chains";
const atom = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", allow_multi_tx: true };
const VENUE = { name: "osmosis-poolmanager", chain_id: "osmosis-1" };

const router = fixtureGraph();
const handler = createFetchHandler(router);
const document = buildOpenApiDocument() as { components: unknown };
const ajv = new Ajv2020({ strict: false });
ajv.addSchema({ $id: "https://fungible.test/openapi.json", components: document.components });
const openApiAccepts = (id: string, body: unknown) => ajv.getSchema(`https://fungible.test/openapi.json#/components/schemas/${id}`)!(body) as boolean;

/** The library's verdict: the answer as JSON text, or the error's code. */
function library(call: () => unknown): { answer: string } | { error: string } {
  try {
    return { answer: JSON.stringify(call()) };
  } catch (error) {
    if (!isFungibleError(error)) throw error;
    return { error: error.code };
  }
}
async function post(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await handler(jsonRequest(path, JSON.stringify(body)));
  return { status: response.status, text: await response.text() };
}
async function get(path: string, query: string): Promise<{ status: number; text: string }> {
  const response = await handler(new Request(`http://fungible.test${path}?${query}`));
  return { status: response.status, text: await response.text() };
}

/** SEMANTICS §4: items are objects {name, chain_id} (extra fields ignored); names and chain ids are ids, so not empty. */
function isVenueList(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (!Array.isArray(value)) return false;
  return value.every((item) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return false;
    const { name, chain_id } = item as Record<string, unknown>;
    return typeof name === "string" && name !== "" && typeof chain_id === "string" && chain_id !== "";
  });
}

const plainAnswer = JSON.stringify(router.assetsFromSource(atom));
const swappedAnswer = JSON.stringify(router.assetsFromSource({ ...atom, include_swaps: true, swap_venues: [VENUE] }));

describe("swap_venues: ignored unless include_swaps is true (§4)", () => {
  it("changes the answer when read, so ignoring it can be seen", () => {
    expect(swappedAnswer).not.toBe(plainAnswer);
  });

  it("is ignored, whatever it holds, without include_swaps: library, POST and OpenAPI alike", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(false, null, undefined), fc.jsonValue(), async (include_swaps, swap_venues) => {
        const body = { ...atom, include_swaps, swap_venues };
        expect(library(() => router.assetsFromSource(body as never))).toEqual({ answer: plainAnswer });
        const viaPost = await post(FROM_SOURCE, body);
        expect(viaPost.status).toBe(200);
        expect(JSON.parse(viaPost.text)).toEqual(JSON.parse(plainAnswer));
        expect(openApiAccepts("AssetsFromSourceRequest", JSON.parse(JSON.stringify(body)))).toBe(true);
        // route() takes the same swap options, under the same rule.
        expect(library(() => router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "cosmoshub-4", denom: "uatom" }, { include_swaps, swap_venues } as never))).not.toHaveProperty("error");
      }),
    );
  });

  it("is checked with include_swaps: true, and refused exactly when it is not a venue list", async () => {
    const venueish = fc.oneof(
      fc.jsonValue(),
      fc.array(fc.record({ name: fc.constantFrom("osmosis-poolmanager", "", 1), chain_id: fc.constantFrom("osmosis-1", "", null) }, { requiredKeys: [] }), { maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(venueish, async (swap_venues) => {
        const body = { ...atom, include_swaps: true, swap_venues };
        const valid = isVenueList(swap_venues);
        expect(library(() => router.assetsFromSource(body as never))).toEqual(valid ? expect.objectContaining({ answer: expect.any(String) }) : { error: "invalid_request" });
        expect((await post(FROM_SOURCE, body)).status).toBe(valid ? 200 : 400);
        expect(openApiAccepts("AssetsFromSourceRequest", body)).toBe(valid);
      }),
    );
  });

  it("matches venues by name and chain_id, extra fields ignored; null means every venue", () => {
    const withLogo = { ...atom, include_swaps: true, swap_venues: [{ ...VENUE, logo_uri: "https://x" }] };
    expect(JSON.stringify(router.assetsFromSource(withLogo))).toBe(swappedAnswer);
    expect(JSON.stringify(router.assetsFromSource({ ...atom, include_swaps: true, swap_venues: null }))).toBe(swappedAnswer);
    expect(JSON.stringify(router.assetsFromSource({ ...atom, include_swaps: true, swap_venues: [{ ...VENUE, chain_id: "cosmoshub-4" }] }))).toBe(plainAnswer);
  });

  it("GET: an unreadable venue is ignored without include_swaps=true and refused, naming the form, with it", async () => {
    const query = "source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true&swap_venues=junk";
    const ignored = await get(FROM_SOURCE, query);
    expect(ignored.status).toBe(200);
    expect(JSON.parse(ignored.text)).toEqual(JSON.parse(plainAnswer));
    const refused = await get(FROM_SOURCE, `${query}&include_swaps=true`);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).message).toMatch(/swap_venues\.0: swap_venues must be <chain_id>:<name>/);
    const read = await get(FROM_SOURCE, "source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true&include_swaps=true&swap_venues=osmosis-1:osmosis-poolmanager");
    expect(JSON.parse(read.text)).toEqual(JSON.parse(swappedAnswer));
  });

  it("explain follows the same rule", async () => {
    const { explain } = await import("../../src/entries/explain.js");
    const ask = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" };
    expect(library(() => explain(router, { ...ask, swap_venues: 7 } as never))).toEqual(library(() => explain(router, ask)));
    expect(library(() => explain(router, { ...ask, include_swaps: true, swap_venues: 7 } as never))).toEqual({ error: "invalid_request" });
    expect(openApiAccepts("ExplainRequest", { ...ask, swap_venues: 7 })).toBe(true);
    expect(openApiAccepts("ExplainRequest", { ...ask, include_swaps: true, swap_venues: 7 })).toBe(false);
  });
});

describe("group_by: absent, null or \"chain_id\"; anything else is 400 (§4)", () => {
  it.each([[undefined], [null], ["chain_id"], ["denom"], ["CHAIN_ID"], [""], [1], [["chain_id"]]])("%j", async (group_by) => {
    const body = { ...atom, group_by };
    const accepted = group_by === undefined || group_by === null || group_by === "chain_id";
    expect(library(() => router.assetsFromSource(body as never))).toEqual(accepted ? { answer: plainAnswer } : { error: "invalid_request" });
    expect((await post(FROM_SOURCE, body)).status).toBe(accepted ? 200 : 400);
    expect(openApiAccepts("AssetsFromSourceRequest", JSON.parse(JSON.stringify(body)))).toBe(accepted);
  });
});

describe("assets_between_chains: both chains needed and different (§5)", () => {
  it.each([
    [{ source_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" }, true],
    [{ source_chain_id: "cosmoshub-4", dest_chain_id: "cosmoshub-4" }, false],
    [{ source_chain_id: "cosmoshub-4" }, false],
    [{ dest_chain_id: "osmosis-1" }, false],
    [{ source_chain_id: "", dest_chain_id: "osmosis-1" }, false],
  ])("%j", async (body, accepted) => {
    expect(library(() => router.assetsBetweenChains(body as never))).toEqual(accepted ? expect.objectContaining({ answer: expect.any(String) }) : { error: "invalid_request" });
    expect((await post(BETWEEN, body)).status).toBe(accepted ? 200 : 400);
  });
});

describe("fields (§6): unknown ones ignored, wrong types and bad enum values 400, null is absent", () => {
  const flags = ["allow_multi_tx", "include_cw20_assets", "native_only", "include_swaps"] as const;
  it("the same answer with unknown fields and with null for absent", async () => {
    const spelled = { ...atom, client_id: "wallet", native_only: null, recommendation_reason: null, include_cw20_assets: null };
    expect(library(() => router.assetsFromSource(spelled as never))).toEqual({ answer: plainAnswer });
    expect(JSON.parse((await post(FROM_SOURCE, spelled)).text)).toEqual(JSON.parse(plainAnswer));
  });

  it("a flag that is not a boolean, or an unknown recommendation_reason, is 400 everywhere", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ field: fc.constantFrom(...flags), value: fc.jsonValue().filter((v) => typeof v !== "boolean" && v !== null) }),
          fc.record({ field: fc.constant("recommendation_reason"), value: fc.jsonValue().filter((v) => v !== null && !["UNKNOWN", "MOST_LIQUID", "BASE_TOKEN", "DIRECT"].includes(v as string)) }),
        ),
        async ({ field, value }) => {
          const body = { ...atom, [field]: value };
          expect(library(() => router.assetsFromSource(body as never))).toEqual({ error: "invalid_request" });
          expect((await post(FROM_SOURCE, body)).status).toBe(400);
          expect(openApiAccepts("AssetsFromSourceRequest", body)).toBe(false);
        },
      ),
    );
  });
});
