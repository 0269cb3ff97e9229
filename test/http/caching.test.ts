/**
 * HTTP caching of the GET forms: the ETag follows the canonical request and the data version,
 * If-None-Match gives 304, Cache-Control is the configured one, errors are never cacheable, every
 * answer names its data version, and the answer caches stay within their byte limits.
 */
import { describe, expect, it, vi } from "vitest";
import { AnswerStore } from "../../src/http/answer-store.js";
import { canonicalRequest } from "../../src/http/canonical.js";
import { createFetchHandler, DEFAULT_CACHE_CONTROL, webCompressor } from "../../src/entries/http.js";
import { AssetsFromSourceRequestSchema } from "../../src/entries/schemas.js";
import { buildRouter } from "../../src/index.js";
import { fixtureGraph, jsonRequest } from "./fixture.js";


const FROM_SOURCE = "/v2/fungible/assets_from_source";
const BETWEEN = "/v2/fungible/assets_between_chains";
const VERSION = fixtureGraph().dataVersion;
const handler = createFetchHandler(fixtureGraph());
const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  handler(new Request(`http://fungible.test${pathAndQuery}`, { headers }));
const etagOf = async (pathAndQuery: string) => (await get(pathAndQuery)).headers.get("etag");

describe("ETag", () => {
  it("is weak, names the data version, and is shared by every spelling of one request", async () => {
    const tag = await etagOf(`${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4`);
    expect(tag).toMatch(/^W\/"[0-9a-f]{16}-[0-9a-f]{16}"$/);
    expect(tag).toContain(VERSION.slice("sha256:".length, "sha256:".length + 16));
    const spellings = [
      `${FROM_SOURCE}?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom`,
      `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=false&native_only=false`,
      `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&recommendation_reason=UNKNOWN&group_by=chain_id`,
      `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&client_id=wallet`,
      `${FROM_SOURCE}?source_asset_denom=u%61tom&source_asset_chain_id=cosmoshub-4`,
      // Venues mean nothing without include_swaps.
      `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&swap_venues=osmosis-1:osmosis-poolmanager`,
    ];
    for (const spelling of spellings) expect(await etagOf(spelling), spelling).toBe(tag);
  });

  it("differs when the question differs", async () => {
    const base = `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4`;
    const tags = await Promise.all(
      [
        base,
        `${base}&allow_multi_tx=true`,
        `${base}&native_only=true`,
        `${base}&include_cw20_assets=true`,
        `${base}&recommendation_reason=DIRECT`,
        `${base}&include_swaps=true`,
        `${base}&include_swaps=true&swap_venues=osmosis-1:osmosis-poolmanager`,
        `${FROM_SOURCE}?source_asset_denom=uosmo&source_asset_chain_id=osmosis-1`,
        `${BETWEEN}?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1`,
        `${BETWEEN}?source_chain_id=osmosis-1&dest_chain_id=cosmoshub-4`,
      ].map(etagOf),
    );
    expect(tags.every((tag) => tag !== null)).toBe(true);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it("treats venues as a set: order, repeats and extra fields do not matter", () => {
    const canonical = (venues: unknown) =>
      canonicalRequest("assets_from_source", [
        [AssetsFromSourceRequestSchema, AssetsFromSourceRequestSchema.parse({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", include_swaps: true, swap_venues: venues })],
      ]);
    const a = { chain_id: "osmosis-1", name: "pool" };
    const b = { chain_id: "neutron-1", name: "astroport" };
    expect(canonical([a, b])).toBe(canonical([b, a, { ...a, logo_uri: "x" }]));
    expect(canonical([a])).not.toBe(canonical([a, b]));
    expect(canonical([])).not.toBe(canonical(null));
  });

  it("is the same for the GET and POST forms' canonical request, but only GET carries it", async () => {
    const post = await handler(jsonRequest(FROM_SOURCE, { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }));
    expect(post.headers.get("etag")).toBeNull();
    expect(post.headers.get("cache-control")).toBeNull();
    expect(post.headers.get("x-data-version")).toBe(VERSION);
  });
});

describe("If-None-Match", () => {
  const url = `${BETWEEN}?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1`;

  it("answers 304 with no body and the validators when the tag matches, weak or strong, alone or in a list", async () => {
    const tag = (await etagOf(url))!;
    const opaque = tag.slice(2);
    for (const header of [tag, opaque, `"nope", ${tag}`, `W/"a",W/"b" ,  ${opaque}`, "*", ` * `]) {
      const response = await get(url, { "if-none-match": header });
      expect(response.status, header).toBe(304);
      expect(await response.text()).toBe("");
      expect(response.headers.get("etag")).toBe(tag);
      expect(response.headers.get("cache-control")).toBe(DEFAULT_CACHE_CONTROL);
      expect(response.headers.get("x-data-version")).toBe(VERSION);
    }
  });

  it("sends the full answer when no tag matches or the header is malformed", async () => {
    const tag = (await etagOf(url))!;
    for (const header of ['"other"', 'W/"other", "x"', tag.replace(/.$/, 'x"'), "garbage", tag.slice(3), ""]) {
      const response = await get(url, { "if-none-match": header });
      expect(response.status, header).toBe(200);
      expect((await response.json()) as object).toHaveProperty("assets_between_chains");
    }
  });

  it("never turns an error into a 304, even for *", async () => {
    const response = await get(`${BETWEEN}?source_chain_id=cosmoshub-4&dest_chain_id=nowhere-9`, { "if-none-match": "*" });
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is ignored on POST", async () => {
    const tag = (await etagOf(url))!;
    const response = await handler(
      jsonRequest(BETWEEN, { source_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" }, { headers: { "content-type": "application/json", "if-none-match": tag } }),
    );
    expect(response.status).toBe(200);
  });
});

describe("Cache-Control", () => {
  it("marks successful GET answers with the default, and errors no-store", async () => {
    const ok = await get(`${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4`);
    expect(ok.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=600");
    const bad = await get(`${FROM_SOURCE}?source_asset_denom=uatom`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("cache-control")).toBe("no-store");
    expect(bad.headers.get("etag")).toBeNull();
  });

  it("follows the cacheControl option, and refuses a value that is not a header value", async () => {
    const custom = createFetchHandler(fixtureGraph(), { cacheControl: "public, max-age=5" });
    const response = await custom(new Request(`http://fungible.test${BETWEEN}?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1`));
    expect(response.headers.get("cache-control")).toBe("public, max-age=5");
    expect(() => createFetchHandler(fixtureGraph(), { cacheControl: "" })).toThrow(/cacheControl/);
    expect(() => createFetchHandler(fixtureGraph(), { cacheControl: "a\r\nb: c" })).toThrow(/cacheControl/);
  });
});

describe("X-Data-Version", () => {
  it("is on every answer: queries, errors of every kind, health, openapi, preflight, 405, 404, 304", async () => {
    const requests = [
      jsonRequest(FROM_SOURCE, { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }),
      jsonRequest(FROM_SOURCE, "{not json"),
      jsonRequest(FROM_SOURCE, { source_asset_denom: "uatom", source_asset_chain_id: "nowhere-9" }),
      jsonRequest(FROM_SOURCE, {}, { headers: { "content-type": "text/plain" } }),
      jsonRequest(FROM_SOURCE, "x".repeat(70_000)),
      new Request(`http://fungible.test${FROM_SOURCE}`, { method: "DELETE" }),
      new Request(`http://fungible.test${FROM_SOURCE}`, { method: "OPTIONS", headers: { origin: "https://a.example", "access-control-request-method": "POST" } }),
      new Request("http://fungible.test/nope"),
      new Request("http://fungible.test//health"),
      new Request("http://fungible.test/health"),
      new Request("http://fungible.test/openapi.json"),
      new Request(`http://fungible.test${BETWEEN}?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1`, { headers: { "if-none-match": "*" } }),
      new Request(`http://fungible.test${BETWEEN}?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1`, { method: "HEAD" }),
    ];
    const statuses = [];
    for (const request of requests) {
      const response = await handler(request);
      statuses.push(response.status);
      expect(response.headers.get("x-data-version"), `${request.method} ${request.url}`).toBe(VERSION);
    }
    expect(statuses).toEqual([200, 400, 404, 415, 413, 405, 204, 404, 404, 200, 200, 304, 200]);
  });

  it("is readable by a browser on another origin", async () => {
    const response = await get("/health");
    expect(response.headers.get("access-control-expose-headers")).toBe("x-data-version,etag");
  });
});

describe("GET assets_from_source", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4", {}],
    ["source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true&include_cw20_assets=true", { allow_multi_tx: true, include_cw20_assets: true }],
    ["source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&recommendation_reason=MOST_LIQUID", { recommendation_reason: "MOST_LIQUID" }],
    ["source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&native_only=true", { native_only: true }],
    [
      "source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true&include_swaps=true&swap_venues=osmosis-1:osmosis-poolmanager",
      { allow_multi_tx: true, include_swaps: true, swap_venues: [{ chain_id: "osmosis-1", name: "osmosis-poolmanager" }] },
    ],
    ["source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&include_swaps=true&swap_venues=osmosis-1:none", { include_swaps: true, swap_venues: [{ chain_id: "osmosis-1", name: "none" }] }],
  ];

  it.each(cases)("?%s answers as the POST form and as the library", async (query, extra) => {
    const body = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", ...extra };
    const viaGet = await get(`${FROM_SOURCE}?${query}`);
    const viaPost = await handler(jsonRequest(FROM_SOURCE, body));
    expect(viaGet.status).toBe(200);
    const text = await viaGet.text();
    expect(text).toBe(await viaPost.text());
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(fixtureGraph().assetsFromSource(body))));
  });

  it("ignores swap_venues, unchecked, without include_swaps=true, as the library does", async () => {
    const response = await get(`${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&swap_venues=junk`);
    expect(response.status).toBe(200);
  });

  it("swaps on the named venue: the answer differs from no swaps", async () => {
    const base = `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true`;
    const plain = await (await get(base)).text();
    const swapped = await (await get(`${base}&include_swaps=true&swap_venues=osmosis-1:osmosis-poolmanager`)).text();
    expect(swapped).not.toBe(plain);
  });

  it.each([
    ["include_swaps=true&swap_venues=osmosis-poolmanager", /swap_venues.0: swap_venues must be <chain_id>:<name>/],
    ["include_swaps=true&swap_venues=osmosis-1:", /swap_venues.0/],
    ["include_swaps=true&swap_venues=osmosis-1:a&swap_venues=:b", /swap_venues.1/],
    ["recommendation_reason=most_liquid", /recommendation_reason/],
    ["group_by=denom", /group_by/],
    ["allow_multi_tx=1", /allow_multi_tx/],
  ])("refuses %s with 400 naming the field", async (extra, says) => {
    const response = await get(`${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&${extra}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: number; message: string; details: unknown[] };
    expect(body.code).toBe(3);
    expect(body.message).toMatch(says);
    expect(body.message).toMatch(/^assetsFromSource: /);
    expect(body.details.length).toBeGreaterThan(0);
  });
});

describe("the answer caches", () => {
  it("hold no more than their configured bytes under many distinct requests", async () => {
    const answerCacheBytes = 20_000;
    const compressedCacheBytes = 4_000;
    const small = createFetchHandler(fixtureGraph(), { answerCacheBytes, compressedCacheBytes, compressor: webCompressor });
    // The handler's store is private: drive one directly, with answers of many sizes.
    const store = new AnswerStore({ answerBytes: answerCacheBytes, compressedBytes: compressedCacheBytes, compressor: (b) => b.slice(0, b.length / 3) });
    store.adopt("v");
    for (let i = 0; i < 300; i++) {
      store.keep("v", `q${i}`, { bytes: new Uint8Array(500 + (i % 7) * 300), etag: undefined });
      store.rememberSpelling("v", `spelling-${i}`, `q${i}`);
      await store.encoded("v", `q${i}`, "gzip", new Uint8Array(3000));
      const usage = store.usage;
      expect(usage.answers).toBeLessThanOrEqual(answerCacheBytes);
      expect(usage.compressed).toBeLessThanOrEqual(compressedCacheBytes);
      expect(usage.spellings).toBeLessThanOrEqual(answerCacheBytes / 8);
    }
    store.adopt("w");
    expect(store.usage).toEqual({ answers: 0, compressed: 0, spellings: 0 });
    // And the handler with tiny caches still answers every request right.
    for (const chain of ["cosmoshub-4", "osmosis-1", "neutron-1"]) {
      for (const multi of [true, false]) {
        const query = `source_chain_id=${chain}&dest_chain_id=${chain === "osmosis-1" ? "cosmoshub-4" : "osmosis-1"}&allow_multi_tx=${multi}`;
        const response = await small(new Request(`http://fungible.test${BETWEEN}?${query}`, { headers: { "accept-encoding": "gzip" } }));
        expect(response.status).toBe(200);
      }
    }
  });

  it("compute an answer once and serve repeats from the cache", async () => {
    const counting = buildRouter(fixtureGraph().registry);
    const spy = vi.spyOn(counting, "assetsFromSource");
    const calls = () => spy.mock.calls.length;
    const cached = createFetchHandler(counting);
    const url = `http://fungible.test${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4`;
    const first = await (await cached(new Request(url))).text();
    const second = await (await cached(new Request(`${url}&allow_multi_tx=false`))).text();
    const third = await (await cached(jsonRequest(FROM_SOURCE, { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" }))).text();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(calls()).toBe(1);
    const uncached = createFetchHandler(counting, { answerCacheBytes: 0 });
    await uncached(new Request(url));
    await uncached(new Request(url));
    expect(calls()).toBe(3);
  });

  it.each([-1, 1.5, Number.NaN])("refuses a cache size of %s", (bytes) => {
    expect(() => createFetchHandler(fixtureGraph(), { answerCacheBytes: bytes })).toThrow(/answerCacheBytes must be a non-negative integer/);
    expect(() => createFetchHandler(fixtureGraph(), { compressedCacheBytes: bytes })).toThrow(/compressedCacheBytes/);
  });
});
