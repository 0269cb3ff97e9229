/**
 * Issue 23, "expensive answers are kept": every GET answer besides the queries' (the reach
 * picture, every asset of every chain, chains, route pictures...) is computed once per data
 * version and then served from the byte-bounded store, compressed once; a HEAD is its GET without
 * the body and computes nothing more; errors are never kept; a new data version starts afresh.
 */
import { describe, expect, it, vi } from "vitest";
import { gunzipSync } from "node:zlib";
import { createFetchHandler, webCompressor } from "../../src/entries/http.js";
import { LiveRouter } from "../../src/http/live-router.js";
import { buildRouter, parseRegistry } from "../../src/index.js";
import { fixtureGraph } from "./fixture.js";

const REACH = "/fungible-graph/v1/reach?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&format=dot&include_swaps=true";
const ALL_ASSETS = "/v2/fungible/assets?include_no_metadata_assets=true&include_cw20_assets=true&include_evm_assets=true";

function counted() {
  const router = fixtureGraph();
  const fromSource = vi.spyOn(router, "assetsFromSource");
  const onChain = vi.spyOn(router, "assetsOnChain");
  const chains = vi.spyOn(router, "chains");
  // A compressor given, as the Node server gives its own: kept answers are compressed once per encoding.
  const handler = createFetchHandler(router, { minCompressBytes: 0, compressor: webCompressor });
  const ask = (path: string, init: RequestInit = {}) => handler(new Request(`http://fungible.test${path}`, init));
  return { router, fromSource, onChain, chains, ask };
}

describe("kept GET answers", () => {
  it("compute the reach picture once; repeats, HEADs and gzip answers carry the same bytes", async () => {
    const { fromSource, ask } = counted();
    const first = await ask(REACH);
    expect(first.status).toBe(200);
    const text = await first.text();
    const calls = fromSource.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    const again = await ask(REACH);
    expect(await again.text()).toBe(text);
    const head = await ask(REACH, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(new TextEncoder().encode(text).byteLength));
    expect(head.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(await head.text()).toBe("");
    const zipped = await ask(REACH, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("accept-encoding");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8")).toBe(text);
    const zippedHead = await ask(REACH, { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(zippedHead.headers.get("content-length")).toBe(zipped.headers.get("content-length"));
    // Nothing recomputed: the graph was asked once.
    expect(fromSource.mock.calls.length).toBe(calls);
  });

  it("keep the Skip assets answer and the explorer's discovery answers, each per spelling", async () => {
    const { onChain, chains, ask } = counted();
    const a = await (await ask(ALL_ASSETS)).text();
    const b = await (await ask(ALL_ASSETS)).text();
    expect(b).toBe(a);
    expect(JSON.parse(a).chain_to_assets_map).toHaveProperty("osmosis-1");
    await ask("/fungible-graph/v1/chains");
    await ask("/fungible-graph/v1/chains", { method: "HEAD" });
    await ask("/fungible-graph/v1/chains");
    expect(chains).toHaveBeenCalledTimes(1);
    await ask("/fungible-graph/v1/assets?chain_id=osmosis-1");
    await ask("/fungible-graph/v1/assets?chain_id=osmosis-1");
    expect(onChain).toHaveBeenCalledTimes(1);
  });

  it("keep one answer for every spelling of a request: parameter order and percent-encoding", async () => {
    const { onChain, ask } = counted();
    // The fixture's router is shared with the tests above: count from here.
    const before = onChain.mock.calls.length;
    const plain = await (await ask("/fungible-graph/v1/assets?chain_id=osmosis-1&unused=a+b")).text();
    for (const spelling of ["/fungible-graph/v1/assets?unused=a%20b&chain_id=osmosis-1", "/fungible-graph/v1/assets?%75nused=a+b&chain_id=%6Fsmosis%2D1"]) {
      expect(await (await ask(spelling)).text()).toBe(plain);
    }
    expect(onChain.mock.calls.length - before).toBe(1);
    // Another value is another answer.
    const other = await (await ask("/fungible-graph/v1/assets?unused=a+b&chain_id=cosmoshub-4")).text();
    expect(onChain.mock.calls.length - before).toBe(2);
    expect(JSON.parse(other).chain_id).toBe("cosmoshub-4");
  });

  it("never keep an error, and start afresh with a new data version", async () => {
    const live = new LiveRouter(fixtureGraph());
    const handler = createFetchHandler(live);
    const ask = (path: string) => handler(new Request(`http://fungible.test${path}`));
    const unknown = "/fungible-graph/v1/assets?chain_id=nowhere-1";
    expect((await ask(unknown)).status).toBe(404);
    const chainsBefore = await (await ask("/fungible-graph/v1/chains")).json();
    expect((await ask(unknown)).status).toBe(404);
    // Another graph: one chain only. The kept chains answer of the old version must not be served.
    const next = buildRouter(parseRegistry({ chains: [{ chain_id: "nowhere-1" }], assets: [{ chain_id: "nowhere-1", denom: "unw" }] }));
    expect(live.swap(next)).toBe("swapped");
    const chainsAfter = (await (await ask("/fungible-graph/v1/chains")).json()) as { chains: { chain_id: string }[] };
    expect(chainsAfter.chains.map((chain) => chain.chain_id)).toEqual(["nowhere-1"]);
    expect(chainsAfter).not.toEqual(chainsBefore);
    expect((await ask(unknown)).status).toBe(200);
  });

  it("answer an answer too large for the engine with a 503 and Retry-After, never a 500", async () => {
    const router = fixtureGraph();
    vi.spyOn(router, "chains").mockImplementation(() => {
      throw new RangeError("Invalid string length");
    });
    const bugs: unknown[] = [];
    const handler = createFetchHandler(router, { onInternalError: (error) => bugs.push(error) });
    const response = await handler(new Request("http://fungible.test/fungible-graph/v1/chains"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    // The request costs too much whenever it is asked (over_budget, gRPC 8), not a busy service (unavailable, 14).
    expect(await response.json()).toMatchObject({ code: 8, message: expect.stringMatching(/larger than this service can write/) });
    expect(bugs).toHaveLength(1);
  });
});
