/**
 * The handler called directly with generated requests (methods, paths, query strings, headers and
 * bodies: junk bytes, deep nesting, odd types, odd content types, huge numbers): never a 5xx,
 * never a report to onInternalError, every answer names its data version, and every body is JSON
 * (gzip-decoded first when encoded), errors in the shape {code, message, details}. The explorer's
 * page and its two static files are the only answers that are not JSON, by design.
 */
import fc from "fast-check";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createFetchHandler, webCompressor } from "../../src/entries/http.js";
import { fixtureGraph } from "./fixture.js";

// A few thousand per run, a new seed each run (fast-check prints it with any counterexample;
// FC_SEED replays it); FG_FUZZ_RUNS for more (the bench sends 100,000 raw requests to `serve`).
const RUNS = Number(process.env.FG_FUZZ_RUNS ?? 4_000);
const BODY_LIMIT = 2048;
const PAGE_FILES = new Set(["/", "/explorer/app.js", "/explorer/app.css"]);

const PATHS = [
  "/v2/fungible/assets_from_source",
  "/v2/fungible/assets_between_chains",
  "/fungible-graph/v1/explain",
  "/fungible-graph/v1/chains",
  "/fungible-graph/v1/assets",
  "/fungible-graph/v1/route",
  "/v2/info/chains",
  "/v2/fungible/assets",
  "/v2/info/bridges",
  "/v2/fungible/venues",
  "/v2/fungible/ibc_origin_assets",
  "/v2/fungible/recommend_assets",
  "/v2/fungible/route",
  "/v2/fungible/msgs",
  "/v2/fungible/msgs_direct",
  "/health",
  "/openapi.json",
  "/",
];
/** route, msgs and msgs_direct answer 501 for a route with a leg this service does not build (a swap, a bridge leg from an EVM chain...). */
const TRANSFER_PATHS = new Set(["/v2/fungible/route", "/v2/fungible/msgs", "/v2/fungible/msgs_direct"]);
const FIELDS = [
  "chain_ids",
  "include_evm",
  "assets",
  "requests",
  "source_asset_denom",
  "source_asset_chain_id",
  "source_chain_id",
  "dest_chain_id",
  "dest_asset_denom",
  "allow_multi_tx",
  "include_swaps",
  "swap_venues",
  "native_only",
  "group_by",
  "recommendation_reason",
  "include_cw20_assets",
  "include_evm_assets",
  "include_no_metadata_assets",
  "chain_id",
  "from",
  "to",
  "format",
  "amount_in",
  "amount_out",
  "dest_asset_chain_id",
  "address_list",
  "operations",
  "chain_ids_to_addresses",
  "timeout_seconds",
  "__proto__",
  "constructor",
];
const VALUES = [
  "uatom",
  "cosmoshub-4",
  "osmosis-1",
  "neutron-1",
  "1",
  "__proto__",
  "true",
  "false",
  "",
  "null",
  "chain_id",
  "MOST_LIQUID",
  "osmosis-1:osmosis-poolmanager",
  "cosmoshub-4:uatom",
  "mermaid",
  "1e999999",
  "-0",
  "9".repeat(400),
  "%zz",
  "\u0000",
  "\ud800",
];

const scalar = fc.oneof(
  fc.constantFrom(...VALUES),
  fc.string({ maxLength: 12 }),
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom(...FIELDS), tie("value"), { maxKeys: 4 }),
})).value;
/** Mostly-valid request objects, so the fuzz reaches past validation into the queries. */
const requestObject = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof({ arbitrary: fc.constantFrom(...VALUES), weight: 3 }, jsonValue), { maxKeys: 7 });

const text = (s: string) => new TextEncoder().encode(s);
const body = fc.oneof(
  requestObject.map((o) => text(JSON.stringify(o))),
  jsonValue.map((v) => text(JSON.stringify(v) ?? "")),
  fc.uint8Array({ maxLength: 64 }),
  fc.integer({ min: 1, max: 200 }).map((depth) => text(`{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`)),
  fc.integer({ min: 1, max: 200 }).map((depth) => text("{".repeat(depth))),
  fc.constantFrom("1e999999", "-", '{"source_asset_denom":"uatom",', "\ufeff{}", '{"a":"\\ud800"}', '{"__proto__":{"x":1}}').map(text),
  fc.integer({ min: BODY_LIMIT - 4, max: BODY_LIMIT + 4 }).map((n) => text(`"${"x".repeat(n - 2)}"`)),
  fc.constant(new Uint8Array(0)),
);
const contentType = fc.option(
  fc.oneof(
    fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "application/vnd.api+json", "multipart/form-data; boundary=x", "*/*", ";", ""),
    fc.stringMatching(/^[\x21-\x7e]{0,20}$/),
  ),
  { nil: undefined },
);
const pairs = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 6 })), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 8 }))),
  { maxLength: 6 },
);
const query = fc.oneof(
  pairs.map((list) => new URLSearchParams(list).toString()),
  // Raw, not form-encoded: stray %, &&, =, + and non-ASCII.
  pairs.map((list) => list.map(([k, v]) => `${k}=${v}`).join("&")),
  fc.stringMatching(/^[a-z_=&%0-9+;#?]{0,30}$/),
);
const path = fc.oneof(
  { arbitrary: fc.constantFrom(...PATHS), weight: 6 },
  fc.constantFrom(...PATHS).map((p) => `${p}/`),
  fc.constantFrom(...PATHS).map((p) => `/${p}`),
  fc.constantFrom(...PATHS).map((p) => p.replace("_", "%5F")),
  fc.stringMatching(/^\/[\x21-\x7e]{0,24}$/).map((p) => p.replace(/[#?]/g, "")),
  fc.string({ maxLength: 8 }).map((s) => `/${encodeURIComponent(s)}`),
);
const headers = fc.record(
  {
    "accept-encoding": fc.constantFrom("gzip", "br", "gzip, br", "gzip;q=0", "*", "identity", "x;q=abc, gzip;q=0.5", ""),
    "if-none-match": fc.constantFrom("*", 'W/"abc"', '"x", W/"y"', "garbage", '"'),
    "access-control-request-method": fc.constantFrom("POST", "GET", "DELETE", ""),
    "access-control-request-headers": fc.constantFrom("content-type", "x-a, x-b", ""),
    origin: fc.constantFrom("https://wallet.example", "null"),
  },
  { requiredKeys: [] },
);
const request = fc.record({
  method: fc.constantFrom("GET", "GET", "POST", "POST", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH", "get", "post", "FOO"),
  path,
  query,
  body,
  contentType,
  headers,
});

describe("the handler under generated requests", () => {
  it(`answers ${RUNS} of them without a 5xx, always in JSON`, async () => {
    const bugs: unknown[] = [];
    // With a compressor, so compressed answers are fuzzed too (the Node server always passes one).
    const handler = createFetchHandler(fixtureGraph(), { bodyLimit: BODY_LIMIT, compressor: webCompressor, onInternalError: (error) => bugs.push(error) });
    const version = fixtureGraph().dataVersion;
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const init: RequestInit = { method: r.method, headers: { ...r.headers, ...(r.contentType === undefined ? {} : { "content-type": r.contentType }) } };
        const upper = r.method.toUpperCase();
        if (upper !== "GET" && upper !== "HEAD") init.body = r.body as BodyInit;
        const url = `http://fungible.test${r.path}${r.query === "" ? "" : `?${r.query}`}`;
        const response = await handler(new Request(url, init));
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        // The one 5xx by design: a route that needs a leg this service does not build (a swap, some bridges) is 501.
        if (!(response.status === 501 && TRANSFER_PATHS.has(r.path))) expect(response.status, url).toBeLessThan(500);
        expect(response.headers.get("x-data-version")).toBe(version);
        let bytes = new Uint8Array(await response.arrayBuffer());
        if (upper === "HEAD" || response.status === 204 || response.status === 304) {
          expect(bytes.byteLength).toBe(0);
          return;
        }
        const type = response.headers.get("content-type") ?? "";
        const pathname = new URL(url).pathname;
        if (!type.startsWith("application/json")) {
          // Only the explorer's page files are not JSON, and only as their GET answers.
          expect(PAGE_FILES.has(pathname) && response.status === 200, `${r.method} ${url} answered ${type}`).toBe(true);
          return;
        }
        if (response.headers.get("content-encoding") === "gzip") bytes = new Uint8Array(gunzipSync(bytes));
        else expect(response.headers.get("content-encoding")).toBeNull();
        const parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as Record<string, unknown>;
        if (response.status >= 400) {
          expect(Object.keys(parsed).sort()).toEqual(["code", "details", "message"]);
          expect(typeof parsed.code).toBe("number");
          expect(typeof parsed.message).toBe("string");
          expect(Array.isArray(parsed.details)).toBe(true);
        }
      }),
      { numRuns: RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
    expect(bugs).toEqual([]);
    // The generators reach every kind of answer, not just one cheap refusal.
    for (const status of [200, 204, 400, 404, 405, 413, 415]) expect(seen.get(status) ?? 0, `status ${status}: ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
  }, 300_000);
});
