/**
 * The versioned URL form (`/at/<data_version>` before any GET path, src/http/versioned.ts): the
 * same bytes as the unversioned answer, immutable while the version is served, a 404 naming the
 * served version otherwise (never another version's body), cache tags and Content-Location on
 * every GET answer, and 304s from the ETag on both forms; across a reload of the data.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createFetchHandler, DEFAULT_CACHE_CONTROL, LiveRouter } from "../../src/entries/http.js";
import { buildRouter, parseRegistry } from "../../src/index.js";
import { ROUTES } from "../../src/http/routes.js";
import { FIXTURE_PATH, fixtureGraph, jsonRequest } from "./fixture.js";

const VERSION = fixtureGraph().dataVersion;
const IMMUTABLE = "public, max-age=31536000, immutable";
const BETWEEN = "/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1";
const FROM_SOURCE = "/v2/fungible/assets_from_source?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom";

/** One successful request of every GET route that has a versioned form, from the route table. */
const GETS: Record<string, string> = {
  "/v2/fungible/assets_from_source": FROM_SOURCE,
  "/v2/fungible/assets_between_chains": BETWEEN,
  "/fungible-graph/v1/explain": "/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1",
  "/fungible-graph/v1/destinations": "/fungible-graph/v1/destinations?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom",
  "/fungible-graph/v1/chains": "/fungible-graph/v1/chains",
  "/fungible-graph/v1/assets": "/fungible-graph/v1/assets?chain_id=osmosis-1",
  "/fungible-graph/v1/route": "/fungible-graph/v1/route?from=cosmoshub-4:uatom&to=osmosis-1:ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2",
  "/fungible-graph/v1/reach": "/fungible-graph/v1/reach?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&format=mermaid",
  "/openapi.json": "/openapi.json",
  "/v2/info/chains": "/v2/info/chains",
  "/v2/fungible/assets": "/v2/fungible/assets?chain_ids=osmosis-1",
  "/v2/info/bridges": "/v2/info/bridges",
  "/v2/fungible/venues": "/v2/fungible/venues",
};
const NOT_VERSIONED = new Set(["/health", "/metrics", "/", "/explorer/app.js", "/explorer/app.css"]);
/** Skip Go GET paths this service answers 501: their versioned form answers the same 501. */
const UNIMPLEMENTED = ["/v2/cosmos/balances", "/v2/tx/status"];

/** The fixture with ATOM renamed: other data, another data version, other answers. */
function renamedGraph() {
  const json = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { assets: { symbol?: string }[] };
  for (const asset of json.assets) if (asset.symbol === "ATOM") asset.symbol = "ATOMX";
  return buildRouter(parseRegistry(json));
}

const get = (handler: (r: Request) => Promise<Response>, target: string, headers: Record<string, string> = {}) =>
  handler(new Request(`http://fungible.test${target}`, { headers }));
const at = (version: string, target: string) => `/at/${version}${target}`;

describe("the versioned form", () => {
  const handler = createFetchHandler(fixtureGraph());

  it("covers every GET route of the table but liveness, the page and the 501s, and nothing else", () => {
    const gets = new Set(ROUTES.filter((route) => route.method === "GET").map((route) => route.path));
    expect(new Set([...Object.keys(GETS), ...NOT_VERSIONED, ...UNIMPLEMENTED])).toEqual(gets);
  });

  it("answers the unversioned form's bytes and ETag, immutable, with the version's cache tags", async () => {
    for (const target of Object.values(GETS)) {
      const plain = await get(handler, target);
      const pinned = await get(handler, at(VERSION, target));
      expect(plain.status, target).toBe(200);
      expect(pinned.status, target).toBe(200);
      expect(Buffer.from(await pinned.arrayBuffer()).equals(Buffer.from(await plain.arrayBuffer())), target).toBe(true);
      expect(pinned.headers.get("etag"), target).toMatch(/^W\/"[0-9a-f]{16}-[0-9a-f]{16}"$/);
      expect(pinned.headers.get("etag"), target).toBe(plain.headers.get("etag"));
      expect(pinned.headers.get("cache-control"), target).toBe(IMMUTABLE);
      expect(plain.headers.get("cache-control"), target).toBe(DEFAULT_CACHE_CONTROL);
      for (const response of [plain, pinned]) {
        expect(response.headers.get("cache-tag"), target).toBe(VERSION);
        expect(response.headers.get("surrogate-key"), target).toBe(VERSION);
        expect(response.headers.get("content-type"), target).toBe(plain.headers.get("content-type"));
      }
      expect(plain.headers.get("content-location"), target).toBe(at(VERSION, target));
      expect(pinned.headers.get("content-location"), target).toBeNull();
    }
  });

  it("answers If-None-Match with 304 on both forms, keeping the form's Cache-Control", async () => {
    for (const target of Object.values(GETS)) {
      const tag = (await get(handler, target)).headers.get("etag")!;
      const pinned = await get(handler, at(VERSION, target), { "if-none-match": tag });
      expect(pinned.status, target).toBe(304);
      expect(await pinned.text()).toBe("");
      expect(pinned.headers.get("cache-control"), target).toBe(IMMUTABLE);
      expect(pinned.headers.get("etag"), target).toBe(tag);
      expect(pinned.headers.get("cache-tag"), target).toBe(VERSION);
      const plain = await get(handler, target, { "if-none-match": tag });
      expect(plain.status, target).toBe(304);
      expect(plain.headers.get("cache-control"), target).toBe(DEFAULT_CACHE_CONTROL);
      expect((await get(handler, at(VERSION, target), { "if-none-match": 'W/"other"' })).status, target).toBe(200);
    }
  });

  it("accepts the version percent-encoded (a client that escapes the colon)", async () => {
    const escaped = await get(handler, at(VERSION.replace(":", "%3A"), BETWEEN));
    expect(escaped.status).toBe(200);
    expect(escaped.headers.get("cache-control")).toBe(IMMUTABLE);
  });

  it("refuses what has no versioned form: liveness, the page, unknown paths, other methods", async () => {
    for (const path of ["/health", "/", "/explorer/app.js", "/nope", ""]) {
      const response = await get(handler, at(VERSION, path));
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(((await response.json()) as { code: number }).code).toBe(5);
    }
    for (const path of UNIMPLEMENTED) expect((await get(handler, at(VERSION, path))).status, path).toBe(501);
    const post = await handler(jsonRequest(at(VERSION, "/v2/fungible/assets_between_chains"), { source_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const head = await handler(new Request(`http://fungible.test${at(VERSION, BETWEEN)}`, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe(IMMUTABLE);
  });

  it("leaves the page's files without validators or tags: they change with the code, not the data", async () => {
    for (const path of ["/", "/explorer/app.js", "/explorer/app.css"]) {
      const response = await get(handler, path);
      expect(response.status, path).toBe(200);
      for (const name of ["etag", "cache-tag", "content-location"]) expect(response.headers.get(name), `${path} ${name}`).toBeNull();
    }
  });

  it("gives an answer too long to keep the same weak ETag, and 304 from it", async () => {
    const target = `/v2/info/bridges?${"x=1&".repeat(1100)}`;
    const first = await get(handler, target);
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^W\/"[0-9a-f]{16}-[0-9a-f]{16}"$/);
    expect((await get(handler, at(VERSION, target))).headers.get("etag")).toBe(tag);
    expect((await get(handler, target, { "if-none-match": tag! })).status).toBe(304);
  });

  it("errors of a served version stay errors, never cached", async () => {
    const response = await get(handler, at(VERSION, "/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=nowhere-9"));
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("cache-tag")).toBeNull();
  });
});

describe("across a reload", () => {
  it("answers an old version's URL with a 404 naming the served version, never with the new data", async () => {
    const live = new LiveRouter(fixtureGraph());
    const handler = createFetchHandler(live);
    const before = await get(handler, at(VERSION, FROM_SOURCE));
    const beforeText = await before.text();
    expect(beforeText).toContain('"ATOM"');
    const next = renamedGraph();
    expect(next.dataVersion).not.toBe(VERSION);
    expect(live.swap(next)).toBe("swapped");

    const stale = await get(handler, at(VERSION, FROM_SOURCE));
    expect(stale.status).toBe(404);
    expect(stale.headers.get("cache-control")).toBe("no-store");
    const body = (await stale.json()) as { message: string; details: { path: string[]; message: string }[] };
    expect(body.message).toContain(`serves ${next.dataVersion}`);
    expect(body.message).toContain(at(next.dataVersion, FROM_SOURCE));
    expect(body.details).toEqual([{ path: ["data_version"], message: `served: ${next.dataVersion}` }]);
    // Conditional or not, the old version's URL is never answered from the new data.
    const tag = before.headers.get("etag")!;
    expect((await get(handler, at(VERSION, FROM_SOURCE), { "if-none-match": tag })).status).toBe(404);

    const fresh = await get(handler, at(next.dataVersion, FROM_SOURCE));
    expect(fresh.status).toBe(200);
    const freshText = await fresh.text();
    expect(freshText).toContain('"ATOMX"');
    expect(fresh.headers.get("cache-tag")).toBe(next.dataVersion);
    expect(fresh.headers.get("etag")).not.toBe(tag);
    const plain = await get(handler, FROM_SOURCE);
    expect(plain.headers.get("content-location")).toBe(at(next.dataVersion, FROM_SOURCE));
    expect(await plain.text()).toBe(freshText);
  });
});
