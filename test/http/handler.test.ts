/**
 * The HTTP surface called as a fetch handler, no server: every endpoint, every option and every
 * error status of docs/behaviour.md §8.
 */
import { describe, expect, it, vi } from "vitest";
import { createFetchHandler, DEFAULT_BODY_LIMIT } from "../../src/entries/http.js";
import { buildRouter, type AssetRouter } from "../../src/index.js";
import { MAX_JSON_DEPTH } from "../../src/http/read-json.js";
import { ATOM_ON_OSMOSIS, fixtureGraph, jsonRequest } from "./fixture.js";


const FROM_SOURCE = "/v2/fungible/assets_from_source";
const BETWEEN = "/v2/fungible/assets_between_chains";
const atom = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" };

const handler = createFetchHandler(fixtureGraph());

async function call(request: Request, h = handler) {
  const response = await h(request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

function expectError(result: Awaited<ReturnType<typeof call>>, status: number, code: number, says: string | RegExp) {
  expect(result.status).toBe(status);
  expect(result.headers.get("content-type")).toMatch(/^application\/json/);
  expect(Object.keys(result.body!).sort()).toEqual(["code", "details", "message"]);
  expect(result.body!.code).toBe(code);
  expect(result.body!.message).toMatch(says);
  expect(result.text).not.toMatch(/\n\s+at /); // never a stack trace
}

describe("POST bodies", () => {
  it("answers a valid request with 200 and JSON", async () => {
    const result = await call(jsonRequest(FROM_SOURCE, atom));
    expect(result.status).toBe(200);
    expect(Object.keys((result.body!.dest_assets as object))).toContain("osmosis-1");
  });

  it.each([
    ["malformed JSON", '{"source_asset_denom": "uatom",', /not valid JSON/],
    ["an empty body", "", /empty/],
    ["whitespace only", "  \n", /empty/],
    ["a JSON string", '"uatom"', /JSON object/],
    ["a number", "42", /JSON object/],
  ])("refuses %s with 400 code 3", async (_what, body, says) => {
    expectError(await call(jsonRequest(FROM_SOURCE, body)), 400, 3, says);
  });

  it("refuses bytes that are not UTF-8 with 400", async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    expectError(await call(jsonRequest(FROM_SOURCE, bytes)), 400, 3, /UTF-8/);
  });

  it("refuses nesting deeper than the limit, even in an ignored field, and accepts it at the limit", async () => {
    const nest = (depth: number) => `${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}`;
    const body = (depth: number) => `{"source_asset_denom":"uatom","source_asset_chain_id":"cosmoshub-4","extra":${nest(depth)}}`;
    expectError(await call(jsonRequest(FROM_SOURCE, body(MAX_JSON_DEPTH + 1))), 400, 3, /nests deeper/);
    expect((await call(jsonRequest(FROM_SOURCE, body(MAX_JSON_DEPTH)))).status).toBe(200);
    // Brackets inside strings are data, not nesting.
    const quoted = JSON.stringify({ ...atom, note: "[".repeat(1000) + '\\"{' });
    expect((await call(jsonRequest(FROM_SOURCE, quoted))).status).toBe(200);
  });

  it("keeps a __proto__ key as data: it neither fills fields nor pollutes Object.prototype", async () => {
    const text = '{"source_asset_chain_id":"cosmoshub-4","__proto__":{"source_asset_denom":"uatom","polluted":true}}';
    expectError(await call(jsonRequest(FROM_SOURCE, text)), 400, 3, /source_asset_denom is required/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("returns chain ids such as __proto__ and constructor as ordinary keys", async () => {
    const result = await call(jsonRequest(FROM_SOURCE, atom));
    expect(result.text).toContain('"__proto__":{"assets":[');
    const groups = result.body!.dest_assets as Record<string, { assets: { denom: string }[] }>;
    expect(Object.keys(groups).sort()).toEqual(["__proto__", "constructor", "osmosis-1"]);
    expect(Object.getOwnPropertyDescriptor(groups, "__proto__")?.value.assets[0].denom).toBe(ATOM_ON_OSMOSIS);
  });
});

describe("content type (415)", () => {
  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"])(
    "refuses %s with 415 code 3",
    async (contentType) => {
      const result = await call(jsonRequest(FROM_SOURCE, atom, { headers: { "content-type": contentType } }));
      expectError(result, 415, 3, /not JSON/);
    },
  );

  it.each(["application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.api+json"])(
    "accepts %s",
    async (contentType) => {
      expect((await call(jsonRequest(FROM_SOURCE, atom, { headers: { "content-type": contentType } }))).status).toBe(200);
    },
  );

  it("accepts a body sent with no Content-Type at all", async () => {
    const request = new Request(`http://fungible.test${FROM_SOURCE}`, { method: "POST", body: new Blob([JSON.stringify(atom)]) });
    expect(request.headers.get("content-type")).toBeNull();
    expect((await call(request)).status).toBe(200);
  });
});

describe("body limit (413)", () => {
  const padded = (bytes: number) => {
    const base = JSON.stringify({ ...atom, pad: "" });
    return JSON.stringify({ ...atom, pad: "x".repeat(bytes - base.length) });
  };

  it("defaults to 64 KiB: exactly the limit passes, one byte more is 413 code 8", async () => {
    expect(DEFAULT_BODY_LIMIT).toBe(65536);
    expect((await call(jsonRequest(FROM_SOURCE, padded(DEFAULT_BODY_LIMIT)))).status).toBe(200);
    expectError(await call(jsonRequest(FROM_SOURCE, padded(DEFAULT_BODY_LIMIT + 1))), 413, 8, /larger than the limit of 65536 bytes/);
  });

  it("follows the bodyLimit option", async () => {
    const small = createFetchHandler(fixtureGraph(), { bodyLimit: 200 });
    expect((await call(jsonRequest(FROM_SOURCE, padded(200)), small)).status).toBe(200);
    expectError(await call(jsonRequest(FROM_SOURCE, padded(201)), small), 413, 8, /200 bytes/);
  });

  it("counts a streamed body with no Content-Length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Bounded: a broken limit ends the stream after 1 MiB instead of hanging the test.
        if (sent >= 1024 * 1024) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const request = new Request(`http://fungible.test${FROM_SOURCE}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expectError(await call(request), 413, 8, /larger than/);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses bodyLimit %s when the handler is made", (bodyLimit) => {
    expect(() => createFetchHandler(fixtureGraph(), { bodyLimit })).toThrow(/bodyLimit must be a positive integer/);
  });
});

describe("methods and paths", () => {
  it.each([
    ["PUT", FROM_SOURCE, "GET, HEAD, POST"],
    ["DELETE", FROM_SOURCE, "GET, HEAD, POST"],
    ["OPTIONS", FROM_SOURCE, "GET, HEAD, POST"],
    ["PATCH", FROM_SOURCE, "GET, HEAD, POST"],
    ["PUT", BETWEEN, "GET, HEAD, POST"],
    ["POST", "/health", "GET, HEAD"],
    ["POST", "/openapi.json", "GET, HEAD"],
  ])("%s %s is 405 code 12 with Allow: %s", async (method, path, allow) => {
    const result = await call(new Request(`http://fungible.test${path}`, { method }));
    expectError(result, 405, 12, new RegExp(`method ${method} is not allowed`));
    expect(result.headers.get("allow")).toBe(allow);
  });

  it.each(["/v2/fungible/", "/v2/fungible/assets_from", `${FROM_SOURCE}/`, `/${FROM_SOURCE}`, "/v1/fungible/assets_from_source", "/__proto__", "/%E0%A4%A", "/%00"])(
    "an unknown path (%s) is 404 code 5",
    async (path) => {
      expectError(await call(jsonRequest(path, atom)), 404, 5, /no endpoint at POST/);
    },
  );
});

describe("GET assets_between_chains (the form @skip-go/client sends)", () => {
  const get = (query: string) => call(new Request(`http://fungible.test${BETWEEN}?${query}`, { headers: { "content-type": "application/json" } }));

  it("reads the query string and answers like the POST form", async () => {
    const viaGet = await get("source_chain_id=1&dest_chain_id=osmosis-1&include_evm_assets=true&allow_multi_tx=true&client_id=x");
    const viaPost = await call(jsonRequest(BETWEEN, { source_chain_id: "1", dest_chain_id: "osmosis-1", include_evm_assets: true, allow_multi_tx: true }));
    expect(viaGet.status).toBe(200);
    expect(viaGet.body).toEqual(viaPost.body);
    expect((viaGet.body!.assets_between_chains as unknown[]).length).toBe(1);
  });

  it("treats false as false", async () => {
    const result = await get("source_chain_id=1&dest_chain_id=osmosis-1&include_evm_assets=false&allow_multi_tx=true");
    expect(result.body).toEqual({ assets_between_chains: [] });
  });

  it.each([
    ["a flag that is not true/false", "source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1&allow_multi_tx=yes", /allow_multi_tx/],
    ["a repeated field", "source_chain_id=cosmoshub-4&source_chain_id=neutron-1&dest_chain_id=osmosis-1", /source_chain_id/],
    ["a missing field", "source_chain_id=cosmoshub-4", /dest_chain_id is required/],
    ["the same chain twice", "source_chain_id=osmosis-1&dest_chain_id=osmosis-1", /differ/],
  ])("refuses %s with 400", async (_what, query, says) => {
    expectError(await get(query), 400, 3, says);
  });

  it("names an unknown chain with 404", async () => {
    expectError(await get("source_chain_id=cosmoshub-4&dest_chain_id=__proto__x"), 404, 5, /"__proto__x"/);
  });

  it("answers HEAD with headers only", async () => {
    const response = await handler(new Request(`http://fungible.test${BETWEEN}?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1`, { method: "HEAD" }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

describe("GET /health and GET /openapi.json", () => {
  it("reports the service up and the number of chains", async () => {
    const result = await call(new Request("http://fungible.test/health"));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ status: "ok", chains: fixtureGraph().chainIds().length, data_version: fixtureGraph().dataVersion, last_reload: null });
    expect(Object.keys(result.body!).sort()).toEqual(["chains", "data_version", "last_reload", "loaded_at", "provenance", "reload", "status"]);
  });

  it("serves the OpenAPI 3.1 document with both query paths", async () => {
    const result = await call(new Request("http://fungible.test/openapi.json"));
    expect(result.status).toBe(200);
    expect(result.body!.openapi).toBe("3.1.0");
    expect(Object.keys(result.body!.paths as object)).toEqual(expect.arrayContaining([FROM_SOURCE, BETWEEN]));
  });
});

describe("CORS", () => {
  it("answers a preflight with 204 and the allowed methods", async () => {
    const response = await handler(
      new Request(`http://fungible.test${FROM_SOURCE}`, {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET,HEAD,POST");
    expect(response.headers.get("access-control-allow-headers")).toBe("content-type");
  });

  it("marks answers and errors readable from any origin", async () => {
    const headers = { origin: "https://app.example", "content-type": "application/json" };
    const ok = await handler(jsonRequest(FROM_SOURCE, atom, { headers }));
    const bad = await handler(jsonRequest(FROM_SOURCE, { ...atom, source_asset_chain_id: "nowhere-9" }, { headers }));
    const missing = await handler(jsonRequest("/nope", atom, { headers }));
    for (const response of [ok, bad, missing]) expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("can be turned off", async () => {
    const closed = createFetchHandler(fixtureGraph(), { cors: false });
    const response = await closed(jsonRequest(FROM_SOURCE, atom, { headers: { origin: "https://app.example", "content-type": "application/json" } }));
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("a bug in the routeIndex (500)", () => {
  // A router of its own whose query is broken (a service refuses a wrapper that overrides one).
  const broken: AssetRouter = buildRouter(fixtureGraph().registry);
  vi.spyOn(broken, "assetsFromSource").mockImplementation(() => {
    throw new TypeError("Cannot read properties of undefined (reading 'secret')");
  });

  it("is 500 code 13 with a fixed message, reported to onInternalError, never leaked", async () => {
    const onInternalError = vi.fn();
    const result = await call(jsonRequest(FROM_SOURCE, atom), createFetchHandler(broken, { onInternalError }));
    expectError(result, 500, 13, /^internal error/);
    expect(result.text).not.toContain("secret");
    expect(onInternalError).toHaveBeenCalledTimes(1);
    expect(onInternalError.mock.calls[0]![0]).toBeInstanceOf(TypeError);
  });
});
