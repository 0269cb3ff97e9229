/**
 * The OpenAPI document says what the handler does: its request schemas accept and reject the
 * same bodies as the handler (hand-picked cases, the shared table and generated bodies), and the
 * handler's answers match its response schemas. Only the one rule JSON Schema cannot state
 * (source and destination chain must differ) is left to the description.
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFetchHandler } from "../../src/http/handler.js";
import { buildOpenApiDocument } from "../../src/http/openapi.js";
import { fixtureGraph, jsonRequest } from "./fixture.js";
import { QUERY_CASES, type Operation } from "./query-cases.js";

const DOC_ID = "https://fungible.test/openapi.json";
const document = buildOpenApiDocument() as { openapi: string; paths: Record<string, unknown>; components: unknown };
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: DOC_ID, components: document.components });
const schema = (id: string) => ajv.getSchema(`${DOC_ID}#/components/schemas/${id}`)!;

const OPS = {
  assetsFromSource: { path: "/v2/fungible/assets_from_source", request: "AssetsFromSourceRequest", response: "AssetsFromSourceResponse" },
  assetsBetweenChains: { path: "/v2/fungible/assets_between_chains", request: "AssetsBetweenChainsRequest", response: "AssetsBetweenChainsResponse" },
} as const;

const handler = createFetchHandler(fixtureGraph());

/** The handler's verdict on the body's shape: 400 means refused; 200 and 404 mean the shape was fine. */
async function handlerAccepts(op: Operation, body: unknown): Promise<boolean> {
  const response = await handler(jsonRequest(OPS[op].path, JSON.stringify(body)));
  expect([200, 400, 404]).toContain(response.status);
  return response.status !== 400;
}

/** The schema's verdict, plus the one rule it can only describe in words. */
function schemaAccepts(op: Operation, body: unknown): boolean {
  const valid = schema(OPS[op].request)(body) as boolean;
  if (op !== "assetsBetweenChains" || !valid) return valid;
  const { source_chain_id, dest_chain_id } = body as Record<string, unknown>;
  return source_chain_id !== dest_chain_id;
}

describe("the document", () => {
  it("is OpenAPI 3.1 with both queries, health, and schemas that compile strictly", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual(["/health", OPS.assetsBetweenChains.path, OPS.assetsFromSource.path].sort());
    // Strict mode refuses unknown keywords and ambiguous types; "components" is the only allowed extra.
    const strict = new Ajv2020({ strict: true, allowUnionTypes: true });
    strict.addKeyword("components");
    strict.addSchema({ $id: DOC_ID, components: document.components });
    const ids = Object.keys((document.components as { schemas: object }).schemas);
    expect(ids.sort()).toEqual(["Asset", "AssetsBetweenChainsRequest", "AssetsBetweenChainsResponse", "AssetsFromSourceRequest", "AssetsFromSourceResponse", "ErrorBody"]);
    for (const id of ids) expect(typeof strict.getSchema(`${DOC_ID}#/components/schemas/${id}`), id).toBe("function");
  });

  it("documents the GET form of assets_between_chains with one query parameter per field", () => {
    const get = (document.paths[OPS.assetsBetweenChains.path] as { get: { parameters: { name: string; required: boolean }[] } }).get;
    expect(get.parameters.map((p) => [p.name, p.required])).toEqual([
      ["source_chain_id", true],
      ["dest_chain_id", true],
      ["include_no_metadata_assets", false],
      ["include_cw20_assets", false],
      ["include_evm_assets", false],
      ["allow_multi_tx", false],
    ]);
  });
});

describe("request schemas accept and reject what the handler does", () => {
  const atom = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" };
  const picked: [Operation, unknown][] = [
    ["assetsFromSource", atom],
    ["assetsFromSource", { ...atom, group_by: "chain_id" }],
    ["assetsFromSource", { ...atom, group_by: null }],
    ["assetsFromSource", { ...atom, group_by: "denom" }],
    ["assetsFromSource", { ...atom, group_by: 1 }],
    ["assetsFromSource", { ...atom, recommendation_reason: "MOST_LIQUID" }],
    ["assetsFromSource", { ...atom, recommendation_reason: "most_liquid" }],
    ["assetsFromSource", { ...atom, swap_venues: [{ name: "osmosis-poolmanager", chain_id: "osmosis-1", logo_uri: "x" }] }],
    ["assetsFromSource", { ...atom, swap_venues: [{ name: "", chain_id: "osmosis-1" }] }],
    ["assetsFromSource", { ...atom, swap_venues: {} }],
    ["assetsFromSource", { ...atom, native_only: 0 }],
    ["assetsFromSource", { source_asset_denom: "uatom" }],
    ["assetsFromSource", { ...atom, source_asset_denom: "" }],
    ["assetsFromSource", []],
    ["assetsBetweenChains", { source_chain_id: "a", dest_chain_id: "b" }],
    ["assetsBetweenChains", { source_chain_id: "a", dest_chain_id: "a" }],
    ["assetsBetweenChains", { source_chain_id: "a", dest_chain_id: "b", include_evm_assets: null, extra: [1] }],
    ["assetsBetweenChains", { source_chain_id: "a", dest_chain_id: "b", include_evm_assets: "true" }],
    ["assetsBetweenChains", { source_chain_id: "a" }],
    ["assetsBetweenChains", "a"],
    ...QUERY_CASES.map((test): [Operation, unknown] => [test.op, test.request]),
  ];

  it.each(picked)("%s %j", async (op, body) => {
    expect(schemaAccepts(op, body)).toBe(await handlerAccepts(op, body));
  });

  it("agree on generated bodies", async () => {
    // Mostly well-formed fields with the odd wrong one, so each run probes one rule at a time.
    const anything = fc.oneof(
      fc.constantFrom("cosmoshub-4", "", "chain_id", "denom", "direct", "true"),
      fc.boolean(),
      fc.constant(null),
      fc.integer({ min: -1, max: 1 }),
      fc.constant([]),
      fc.constant({}),
      fc.array(fc.record({ name: fc.constantFrom("osmosis-poolmanager", ""), chain_id: fc.constantFrom("osmosis-1", 7) }, { requiredKeys: [] }), { maxLength: 2 }),
    );
    const mostly = <T,>(valid: fc.Arbitrary<T>) =>
      fc.option(fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: anything, weight: 1 }), { nil: undefined, freq: 3 });
    const id = fc.constantFrom("cosmoshub-4", "osmosis-1", "uatom", "__proto__");
    const flag = fc.constantFrom(true, false, null);
    const common = { allow_multi_tx: mostly(flag), include_cw20_assets: mostly(flag), client_id: mostly(fc.string({ maxLength: 3 })) };
    const fromSource = fc.record({
      source_asset_denom: mostly(id),
      source_asset_chain_id: mostly(id),
      recommendation_reason: mostly(fc.constantFrom("UNKNOWN", "MOST_LIQUID", "BASE_TOKEN", "DIRECT", null)),
      include_swaps: mostly(flag),
      swap_venues: mostly(fc.constantFrom(null, [{ name: "osmosis-poolmanager", chain_id: "osmosis-1" }])),
      native_only: mostly(flag),
      group_by: mostly(fc.constantFrom("chain_id", null)),
      ...common,
    });
    const betweenChains = fc.record({
      source_chain_id: mostly(id),
      dest_chain_id: mostly(id),
      include_no_metadata_assets: mostly(flag),
      include_evm_assets: mostly(flag),
      ...common,
    });
    const cases = fc.oneof(
      fc.tuple(fc.constant<Operation>("assetsFromSource"), fromSource),
      fc.tuple(fc.constant<Operation>("assetsBetweenChains"), betweenChains),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ([op, generated]) => {
        const body = JSON.parse(JSON.stringify(generated)) as unknown; // drops absent (undefined) fields
        expect(schemaAccepts(op, body)).toBe(await handlerAccepts(op, body));
      }),
      // The seed is printed with any counterexample; FC_SEED replays it.
      { numRuns: 1000, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  });
});

describe("answers match the response schemas", () => {
  it.each(QUERY_CASES.map((test) => [test.name, test] as const))("%s", async (_name, test) => {
    const response = await handler(jsonRequest(OPS[test.op].path, JSON.stringify(test.request)));
    const body = await response.json();
    const validate = schema(response.status === 200 ? OPS[test.op].response : "ErrorBody");
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe("dist/openapi.json", () => {
  it("is the document GET /openapi.json serves (written by npm run build)", async () => {
    const written = JSON.parse(readFileSync(new URL("../../dist/openapi.json", import.meta.url), "utf8")) as unknown;
    const served = await (await handler(new Request("http://fungible.test/openapi.json"))).json();
    expect(written).toEqual(served);
  });
});
