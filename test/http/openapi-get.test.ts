/**
 * The OpenAPI document's GET forms and headers say what the handler does: every documented query
 * parameter, written as its schema says, is read by the handler (a value outside the schema is
 * refused), the health answer matches HealthBody, and the documented headers are sent.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import { buildOpenApiDocument } from "../../src/entries/http.js";
import { fixtureGraph } from "./fixture.js";

type Parameter = { name: string; in: string; required: boolean; schema: { type: string; enum?: string[]; items?: { pattern: string } } };
type Operation = { parameters: Parameter[]; responses: Record<string, { headers?: Record<string, unknown> }> };

const document = buildOpenApiDocument() as { paths: Record<string, { get: Operation }>; components: unknown };
const handler = createFetchHandler(fixtureGraph());
const FROM_SOURCE = "/v2/fungible/assets_from_source";

describe("GET assets_from_source in the document", () => {
  const get = document.paths[FROM_SOURCE]!.get;
  const query = get.parameters.filter((p) => p.in === "query");

  it("has one query parameter per request field, swap_venues as a repeated <chain_id>:<name>", () => {
    expect(query.map((p) => [p.name, p.required, p.schema.type])).toEqual([
      ["source_asset_denom", true, "string"],
      ["source_asset_chain_id", true, "string"],
      ["allow_multi_tx", false, "boolean"],
      ["recommendation_reason", false, "string"],
      ["include_swaps", false, "boolean"],
      ["swap_venues", false, "array"],
      ["native_only", false, "boolean"],
      ["group_by", false, "string"],
      ["include_cw20_assets", false, "boolean"],
    ]);
    expect(query.find((p) => p.name === "recommendation_reason")!.schema.enum).toEqual(["UNKNOWN", "MOST_LIQUID", "BASE_TOKEN", "DIRECT"]);
    expect(query.find((p) => p.name === "group_by")!.schema.enum).toEqual(["chain_id"]);
    expect(get.responses["304"]).toBeDefined();
    expect(Object.keys(get.responses["200"]!.headers!)).toEqual(["X-Data-Version", "ETag", "Cache-Control", "Cache-Tag", "Surrogate-Key", "Content-Location"]);
    expect((get as { servers?: { url: string }[] }).servers!.map((server) => server.url)).toEqual(["/", "/at/{data_version}"]);
  });

  it("every value the schemas allow is accepted, and values they forbid are refused", async () => {
    const base = "source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4";
    const valuesOf = (p: Parameter): string[] =>
      p.schema.enum ?? (p.schema.type === "boolean" ? ["true", "false"] : p.schema.type === "array" ? ["osmosis-1:osmosis-poolmanager"] : []);
    for (const parameter of query.filter((p) => !p.required)) {
      const swaps = parameter.name === "include_swaps" ? "" : "&include_swaps=true";
      for (const value of valuesOf(parameter)) {
        const url = `http://fungible.test${FROM_SOURCE}?${base}${swaps}&${parameter.name}=${encodeURIComponent(value)}`;
        expect((await handler(new Request(url))).status, url).toBe(200);
      }
      const invalid = parameter.schema.type === "array" ? "no-colon" : "not-a-valid-value";
      const url = `http://fungible.test${FROM_SOURCE}?${base}${swaps}&${parameter.name}=${invalid}`;
      expect((await handler(new Request(url))).status, url).toBe(400);
      if (parameter.schema.type === "array") expect(new RegExp(parameter.schema.items!.pattern).test(invalid)).toBe(false);
    }
  });
});

describe("GET /health in the document", () => {
  it("describes the body the handler sends", async () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addFormat("date-time", true);
    ajv.addSchema({ $id: "https://fungible.test/openapi.json", components: document.components });
    const validate = ajv.getSchema("https://fungible.test/openapi.json#/components/schemas/HealthBody")!;
    const body = await (await handler(new Request("http://fungible.test/health"))).json();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...(body as object), last_reload: { ok: "yes" } })).toBe(false);
  });
});
