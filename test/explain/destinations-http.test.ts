/**
 * GET and POST /fungible-graph/v1/destinations on the shipped mainnet graph: the library's answer,
 * byte for byte, in both forms; bad input is a 4xx JSON error; the work is bounded like explain's;
 * the OpenAPI document lists the endpoint with its schema.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import { destinations } from "../../src/entries/explain.js";
import { DestinationsResponseSchema } from "../../src/wire/destinations.js";
import type { AssetRouter } from "../../src/index.js";
import { jsonRequest } from "../http/fixture.js";
import { mainnetGraph } from "./graphs.js";

const PATH = "/fungible-graph/v1/destinations";
const OSMO = { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo", native_only: true } as const;

let router: AssetRouter;
let handler: ReturnType<typeof createFetchHandler>;
beforeAll(async () => {
  router = await mainnetGraph();
  handler = createFetchHandler(router);
}, 60_000);

describe("destinations over HTTP", () => {
  test("POST and GET answer the library's answer exactly", async () => {
    const expected = JSON.stringify(destinations(router, OSMO));
    const posted = await handler(jsonRequest(PATH, OSMO));
    expect(posted.status).toBe(200);
    expect(posted.headers.get("content-type")).toMatch(/^application\/json/);
    const text = await posted.text();
    expect(text).toBe(expected);
    expect(DestinationsResponseSchema.safeParse(JSON.parse(text)).success).toBe(true);
    const got = await handler(new Request(`http://fungible.test${PATH}?${new URLSearchParams({ ...OSMO, native_only: "true" })}`));
    expect(got.status).toBe(200);
    expect(await got.text()).toBe(expected);
  });

  test.each([
    ["an unknown source asset: 404 with a close match", jsonRequest(PATH, { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosm" }), 404, /did you mean/],
    ["a missing field: 400", jsonRequest(PATH, { source_asset_chain_id: "osmosis-1" }), 400, /source_asset_denom/],
    ["a bad enum: 400", jsonRequest(PATH, { ...OSMO, recommendation_reason: "FASTEST" }), 400, /recommendation_reason/],
    ["malformed JSON: 400", jsonRequest(PATH, "{"), 400, /JSON/i],
    ["another content type: 415", new Request(`http://fungible.test${PATH}`, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" }), 415, /./],
    ["a GET without the source: 400", new Request(`http://fungible.test${PATH}?source_asset_chain_id=osmosis-1`), 400, /source_asset_denom/],
    ["PUT: 405", new Request(`http://fungible.test${PATH}`, { method: "PUT" }), 405, /./],
  ] as const)("%s", async (_name, request, status, words) => {
    const response = await handler(request);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(words);
  });

  test("over its budget: 503 with Retry-After, as explain", async () => {
    const bounded = createFetchHandler(router, { explainBudgetMs: 1 });
    const response = await bounded(jsonRequest(PATH, { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo", include_swaps: true, allow_multi_tx: true }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
  });

  test("the OpenAPI document lists both forms with the response schema", async () => {
    const doc = (await (await handler(new Request("http://fungible.test/openapi.json"))).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const path = doc.paths[PATH]!;
    expect(Object.keys(path).sort()).toEqual(["get", "post"]);
    expect(path.post!.responses["200"]!.content!["application/json"]!.schema.$ref).toBe("#/components/schemas/DestinationsResponse");
    expect(Object.keys(doc.components.schemas.DestinationsResponse!.properties!)).toEqual(["source", "destinations"]);
  });
});
