/**
 * Compressed answers: none by default (the platform compresses: Workers, Deno.serve, CDNs);
 * with a compressor, Accept-Encoding negotiation, and gzip/brotli bodies that node:zlib (an
 * independent decoder) turns back into exactly the identity answer's bytes; compressed once per
 * request and encoding, then served from the cache.
 */
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { negotiateEncoding, webCompressor, type Compressor } from "../../src/entries/http.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { fixtureGraph, jsonRequest } from "./fixture.js";

const FROM_SOURCE = "/v2/fungible/assets_from_source";
const BETWEEN = "/v2/fungible/assets_between_chains";
/** Over 1 KB on the fixture (asserted below), so it is compressed. */
const BIG = `${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true`;

/** What the Node server passes: brotli at a moderate quality, gzip from zlib. */
const zlibCompressor: Compressor = (bytes, encoding) =>
  encoding === "br" ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(bytes);

const identityOf = async (handler: ReturnType<typeof createFetchHandler>, url: string) =>
  new Uint8Array(await (await handler(new Request(`http://fungible.test${url}`))).arrayBuffer());

describe("negotiateEncoding", () => {
  const both = ["br", "gzip"] as const;
  it.each([
    [null, null],
    ["", null],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=1.0, gzip;q=1", "br"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["identity", null],
    ["deflate", null],
    ["gzip;q=2", null],
    ["gzip;q=abc, br;q=0.001", "br"],
    [" , ;q=1, gzip ; q=0.8 ", "gzip"],
  ])("%j -> %j", (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected);
  });

  it("offers only what the server has", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBeNull();
    expect(negotiateEncoding("gzip", [])).toBeNull();
  });
});

describe("compressed answers", () => {
  it("none by default: identity bytes whatever the client accepts, and nothing varies", async () => {
    const handler = createFetchHandler(fixtureGraph());
    const identity = await identityOf(handler, BIG);
    expect(identity.byteLength).toBeGreaterThan(1024);
    for (const url of [BIG, "/openapi.json", "/fungible-graph/v1/chains"]) {
      const response = await handler(new Request(`http://fungible.test${url}`, { headers: { "accept-encoding": "gzip, deflate, br" } }));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toBeNull();
      JSON.parse(await response.text());
    }
    expect(await identityOf(handler, BIG)).toEqual(identity);
  });

  it("gzip with webCompressor (CompressionStream): decodes to the identity bytes exactly", async () => {
    const handler = createFetchHandler(fixtureGraph(), { compressor: webCompressor });
    const identity = await identityOf(handler, BIG);
    expect(identity.byteLength).toBeGreaterThan(1024);
    for (const method of ["GET", "POST"] as const) {
      const request =
        method === "GET"
          ? new Request(`http://fungible.test${BIG}`, { headers: { "accept-encoding": "gzip, deflate, br" } })
          : jsonRequest(FROM_SOURCE, { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", allow_multi_tx: true }, {
              headers: { "content-type": "application/json", "accept-encoding": "gzip, br" },
            });
      const response = await handler(request);
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("vary")).toBe("accept-encoding");
      const encoded = new Uint8Array(await response.arrayBuffer());
      expect(encoded.byteLength).toBeLessThan(identity.byteLength);
      expect(new Uint8Array(gunzipSync(encoded))).toEqual(identity);
    }
    // The identity answer varies by Accept-Encoding too, so caches keep both.
    expect((await handler(new Request(`http://fungible.test${BIG}`))).headers.get("vary")).toBe("accept-encoding");
  });

  it("brotli and gzip with a zlib compressor, br preferred; each compressed once", async () => {
    const calls: string[] = [];
    const compressor: Compressor = (bytes, encoding) => {
      calls.push(encoding);
      return zlibCompressor(bytes, encoding);
    };
    const handler = createFetchHandler(fixtureGraph(), { compressor });
    const identity = await identityOf(handler, BIG);
    for (let i = 0; i < 3; i++) {
      const br = await handler(new Request(`http://fungible.test${BIG}`, { headers: { "accept-encoding": "gzip, br" } }));
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(new Uint8Array(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())))).toEqual(identity);
      const gz = await handler(new Request(`http://fungible.test${BIG}`, { headers: { "accept-encoding": "gzip" } }));
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toEqual(identity);
    }
    expect(calls.sort()).toEqual(["br", "gzip"]);
  });

  it("compresses a burst of one new request once", async () => {
    let calls = 0;
    const handler = createFetchHandler(fixtureGraph(), { compressor: (bytes) => (calls++, webCompressor(bytes, "gzip")), encodings: ["gzip"] });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => handler(new Request(`http://fungible.test${BIG}`, { headers: { "accept-encoding": "gzip" } }))),
    );
    expect(responses.every((r) => r.headers.get("content-encoding") === "gzip")).toBe(true);
    expect(calls).toBe(1);
  });

  it("leaves small answers, errors and 304s uncompressed", async () => {
    const handler = createFetchHandler(fixtureGraph(), { compressor: webCompressor });
    const small = await handler(new Request(`http://fungible.test${BETWEEN}?source_chain_id=phoenix-1&dest_chain_id=cosmoshub-4`, { headers: { "accept-encoding": "gzip" } }));
    expect(small.status).toBe(200);
    const text = await small.text();
    expect(text.length).toBeLessThan(1024);
    JSON.parse(text);
    expect(small.headers.get("content-encoding")).toBeNull();
    const error = await handler(new Request(`http://fungible.test${BETWEEN}?source_chain_id=x`, { headers: { "accept-encoding": "gzip" } }));
    expect(error.headers.get("content-encoding")).toBeNull();
  });

  it("sends Vary: Accept-Encoding on every GET answer and its 304 while compression is on, small ones too", async () => {
    const SMALL = `${BETWEEN}?source_chain_id=phoenix-1&dest_chain_id=cosmoshub-4`;
    const get = (handler: ReturnType<typeof createFetchHandler>, url: string, headers: Record<string, string> = {}) =>
      handler(new Request(`http://fungible.test${url}`, { headers }));
    for (const compressor of [webCompressor, zlibCompressor]) {
      const handler = createFetchHandler(fixtureGraph(), { compressor });
      for (const url of [SMALL, BIG]) {
        for (const headers of [{}, { "accept-encoding": "gzip" }, { "accept-encoding": "identity" }] as Record<string, string>[]) {
          const answer = await get(handler, url, headers);
          expect(answer.status).toBe(200);
          expect(answer.headers.get("vary"), `${url} ${JSON.stringify(headers)}`).toBe("accept-encoding");
          const etag = answer.headers.get("etag")!;
          await answer.arrayBuffer();
          const revalidated = await get(handler, url, { ...headers, "if-none-match": etag });
          expect(revalidated.status).toBe(304);
          expect(revalidated.headers.get("vary")).toBe("accept-encoding");
        }
      }
      const head = await handler(new Request(`http://fungible.test${SMALL}`, { method: "HEAD" }));
      expect(head.headers.get("vary")).toBe("accept-encoding");
    }
    // A small POST answer is never compressed and carries no caching headers: nothing varies.
    const post = await createFetchHandler(fixtureGraph(), { compressor: webCompressor })(jsonRequest(BETWEEN, { source_chain_id: "phoenix-1", dest_chain_id: "cosmoshub-4" }));
    expect(post.headers.get("vary")).toBeNull();
    // Compression off: no answer varies by Accept-Encoding, 304s included.
    const off = createFetchHandler(fixtureGraph(), { compressor: zlibCompressor, encodings: [] });
    for (const url of [SMALL, BIG]) {
      const answer = await get(off, url, { "accept-encoding": "gzip" });
      expect(answer.headers.get("vary")).toBeNull();
      const revalidated = await get(off, url, { "if-none-match": answer.headers.get("etag")! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("vary")).toBeNull();
    }
  });

  it("follows minCompressBytes and encodings: [] turns compression off", async () => {
    const always = createFetchHandler(fixtureGraph(), { compressor: webCompressor, minCompressBytes: 0 });
    const small = await always(new Request(`http://fungible.test${BETWEEN}?source_chain_id=phoenix-1&dest_chain_id=cosmoshub-4`, { headers: { "accept-encoding": "gzip" } }));
    expect(small.headers.get("content-encoding")).toBe("gzip");
    const off = createFetchHandler(fixtureGraph(), { compressor: zlibCompressor, encodings: [] });
    const big = await off(new Request(`http://fungible.test${BIG}`, { headers: { "accept-encoding": "gzip" } }));
    expect(big.headers.get("content-encoding")).toBeNull();
  });

  it("refuses encodings without a compressor, br with CompressionStream's, and an unknown encoding", () => {
    expect(() => createFetchHandler(fixtureGraph(), { encodings: ["gzip"] })).toThrow(/encodings need a compressor/);
    expect(() => createFetchHandler(fixtureGraph(), { compressor: webCompressor, encodings: ["br", "gzip"] })).toThrow(/br needs a compressor that has it/);
    expect(() => createFetchHandler(fixtureGraph(), { encodings: ["zstd" as never], compressor: zlibCompressor })).toThrow(/unknown encoding/);
  });

  it("serves identity and reports the bug when the compressor fails", async () => {
    const bugs: unknown[] = [];
    const handler = createFetchHandler(fixtureGraph(), {
      compressor: () => {
        throw new Error("zlib broke");
      },
      onInternalError: (error) => bugs.push(error),
    });
    const response = await handler(new Request(`http://fungible.test${BIG}`, { headers: { "accept-encoding": "br" } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    JSON.parse(await response.text());
    expect(bugs).toHaveLength(1);
  });

  it("compresses /openapi.json too", async () => {
    const handler = createFetchHandler(fixtureGraph(), { compressor: webCompressor });
    const plain = new Uint8Array(await (await handler(new Request("http://fungible.test/openapi.json"))).arrayBuffer());
    const gz = await handler(new Request("http://fungible.test/openapi.json", { headers: { "accept-encoding": "gzip" } }));
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toEqual(plain);
  });
});
