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
import { createFetchHandler } from "../../src/entries/http.js";
import { buildOpenApiDocument } from "../../src/entries/http.js";
import { ATOM_ON_OSMOSIS, fixtureGraph, jsonRequest, USDC_ON_ETHEREUM } from "./fixture.js";
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

/** The explorer's endpoints and the components they add (src/http/explorer-openapi.ts). */
/** The Skip Go paths besides the two queries: its read-only discovery calls, route and msgs for IBC transfers, and those answered with 501. */
const SKIP_PATHS = [
  "/v2/info/chains", "/v2/fungible/assets", "/v2/info/bridges", "/v2/fungible/venues", "/v2/fungible/ibc_origin_assets", "/v2/fungible/recommend_assets",
  "/v2/fungible/route", "/v2/fungible/msgs", "/v2/fungible/msgs_direct", "/v2/info/balances", "/v2/cosmos/balances", "/v2/tx/submit", "/v2/tx/track", "/v2/tx/status",
  "/fungible-graph/v1/resume",
];
const SKIP_SCHEMAS = [
  "SkipChainsResponse", "SkipAssetsResponse", "SkipBridgesResponse", "SkipVenuesResponse",
  "IbcOriginAssetsRequest", "IbcOriginAssetsResponse", "RecommendAssetsRequest", "RecommendAssetsResponse",
  "SkipRouteRequest", "SkipRouteResponse", "MsgsRequest", "MsgsResponse", "MsgsDirectRequest", "MsgsDirectResponse",
  "BalancesRequest", "BalancesResponse", "SubmitTxRequest", "TrackTxRequest", "TxHashResponse", "StatusTxResponse", "ResumeRequest", "ResumeResponse",
];
const EXPLORER_PATHS = ["/", "/fungible-graph/v1/explain", "/fungible-graph/v1/chains", "/fungible-graph/v1/assets", "/fungible-graph/v1/route", "/fungible-graph/v1/reach", "/fungible-graph/v1/destinations"];
const EXPLORER_SCHEMAS = [
  "AssetSummary",
  "AssetsAnswer",
  "ChainSummary",
  "ChainsAnswer",
  "DestinationsResponse",
  "ExplainAnswer",
  "ExplainPicture",
  "ExplainRequest",
  "ExplainResponse",
  "ReachPicture",
  "Reason",
  "Route",
  "RouteAnswer",
];

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
    expect(Object.keys(document.paths).sort()).toEqual(["/health", OPS.assetsBetweenChains.path, OPS.assetsFromSource.path, ...EXPLORER_PATHS, ...SKIP_PATHS].sort());
    // Strict mode refuses unknown keywords and ambiguous types; "components" is the only allowed extra.
    const strict = new Ajv2020({ strict: true, allowUnionTypes: true });
    strict.addKeyword("components");
    // A standard JSON Schema format (HealthBody's timestamps) that Ajv leaves to ajv-formats.
    strict.addFormat("date-time", true);
    strict.addSchema({ $id: DOC_ID, components: document.components });
    const ids = Object.keys((document.components as { schemas: object }).schemas);
    expect(ids.sort()).toEqual(["Asset", "AssetsBetweenChainsRequest", "AssetsBetweenChainsResponse", "AssetsFromSourceRequest", "AssetsFromSourceResponse", "ErrorBody", "HealthBody", ...EXPLORER_SCHEMAS, ...SKIP_SCHEMAS].sort());
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
      ["If-None-Match", false],
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
      // fast-check's count for every property (test/support/fast-check-setup.ts: FG_PROPERTY_RUNS for
      // a soak); the seed is printed with any counterexample, FC_SEED replays it.
      process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {},
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

describe("the explorer endpoints answer as documented", () => {
  const paths = document.paths as Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>>;

  /** The documented answer for the status the handler gave: the status must be listed, and the body must match. */
  async function expectDocumented(method: "get" | "post", url: string, body?: unknown): Promise<number> {
    const init = body === undefined ? { method: method.toUpperCase() } : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const response = await handler(new Request(`http://fungible.test${url}`, init));
    const path = url.split("?", 1)[0]!;
    // A 405 is documented on the path's operations, since the wrong method has none of its own.
    const operation = paths[path]?.[method] ?? (response.status === 405 ? Object.values(paths[path] ?? {})[0] : undefined);
    const documented = operation?.responses[String(response.status)];
    expect(documented, `${method} ${url} -> ${response.status} is not in the document`).toBeDefined();
    const ref = documented!.content!["application/json"]!.schema.$ref!;
    const validate = schema(ref.split("/").pop()!);
    const answer = await response.json();
    expect(validate(answer), `${url}: ${JSON.stringify(validate.errors)}`).toBe(true);
    return response.status;
  }

  const route = (from: string, to: string, extra = "") =>
    `/fungible-graph/v1/route?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`;
  const atomOnOsmosis = `osmosis-1:${ATOM_ON_OSMOSIS}`;
  it.each([
    ["get", "/fungible-graph/v1/chains", 200],
    ["get", "/fungible-graph/v1/assets?chain_id=cosmoshub-4", 200],
    ["get", "/fungible-graph/v1/assets?chain_id=__proto__", 200],
    ["get", "/fungible-graph/v1/assets?chain_id=cosmoshub", 404],
    ["get", "/fungible-graph/v1/assets", 400],
    ["get", route("cosmoshub-4:uatom", atomOnOsmosis), 200],
    ["get", route("cosmoshub-4:uatom", atomOnOsmosis, "&format=mermaid"), 200],
    ["get", route("cosmoshub-4:uatom", atomOnOsmosis, "&format=dot&include_swaps=true"), 200],
    ["get", route("cosmoshub-4:uatom", `1:${USDC_ON_ETHEREUM}`, "&format=dot"), 200],
    ["get", route("cosmoshub-4:ATOM", atomOnOsmosis), 404],
    ["get", route("cosmoshub-4", atomOnOsmosis), 400],
    ["get", route("cosmoshub-4:uatom", atomOnOsmosis, "&format=svg"), 200],
    ["get", route("cosmoshub-4:uatom", atomOnOsmosis, "&format=png"), 400],
    ["get", "/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1", 200],
    ["get", "/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub&source_asset_denom=ATOM&dest_chain_id=osmosis", 200],
    ["get", "/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom", 400],
    ["get", "/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1&format=mermaid", 200],
    ["get", "/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=1&format=svg", 200],
    ["get", "/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1&format=json", 400],
    ["get", "/fungible-graph/v1/reach?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom", 200],
    ["get", "/fungible-graph/v1/reach?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&format=svg&allow_multi_tx=true", 200],
    ["get", "/fungible-graph/v1/reach?source_asset_chain_id=cosmoshub&source_asset_denom=uatom", 404],
    ["get", "/fungible-graph/v1/reach?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&format=json", 400],
    ["get", "/fungible-graph/v1/destinations?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom", 200],
    ["get", "/fungible-graph/v1/destinations?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&native_only=true&allow_multi_tx=true", 200],
    ["get", "/fungible-graph/v1/destinations?source_asset_chain_id=cosmoshub-4&source_asset_denom=ATOMM", 404],
    ["get", "/fungible-graph/v1/destinations?source_asset_chain_id=cosmoshub-4", 400],
    ["post", "/fungible-graph/v1/chains", 405],
  ] as const)("%s %s", async (method, url, status) => {
    expect(await expectDocumented(method, url)).toBe(status);
  });

  it.each([
    [{ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "neutron-1", allow_multi_tx: true }, 200],
    [{ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "1" }, 200],
    [{ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "osmosis-1", dest_asset_denom: "uosmo" }, 200],
    [{ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: 7 }, 400],
    [[], 400],
  ] as const)("post explain %j", async (body, status) => {
    expect(await expectDocumented("post", "/fungible-graph/v1/explain", body)).toBe(status);
  });

  it("the ExplainRequest schema accepts and rejects what the handler does", async () => {
    const atom = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "osmosis-1" };
    const bodies: unknown[] = [
      atom,
      { ...atom, dest_asset_denom: null, allow_multi_tx: null, recommendation_reason: "BASE_TOKEN" },
      { ...atom, recommendation_reason: "base_token" },
      { ...atom, include_evm_assets: "true" },
      { ...atom, swap_venues: [{ name: "osmosis-poolmanager", chain_id: "osmosis-1" }] },
      { ...atom, swap_venues: [{ name: "" }] },
      { ...atom, dest_chain_id: "" },
      { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" },
      "explain",
    ];
    for (const body of bodies) {
      const response = await handler(jsonRequest("/fungible-graph/v1/explain", JSON.stringify(body)));
      expect([200, 400]).toContain(response.status);
      expect(schema("ExplainRequest")(body), JSON.stringify(body)).toBe(response.status === 200);
    }
  });

  it("documents one query parameter per field of the GET forms", () => {
    const names = (path: string) => paths[path]!.get!.parameters!.map((p) => p.name);
    expect(names("/fungible-graph/v1/route")).toEqual(["from", "to", "include_swaps", "format"]);
    expect(names("/fungible-graph/v1/assets")).toEqual(["chain_id"]);
    const explainFields = Object.keys((document.components as { schemas: Record<string, { properties: object }> }).schemas.ExplainRequest!.properties);
    expect(names("/fungible-graph/v1/explain")).toEqual([...explainFields, "format"]);
  });
});
