/**
 * LiveRouter holds the graph a service answers from and what /health reports about it; the handler
 * built on it answers each request from one graph, before and after a swap.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildRouter } from "../../src/index.js";
import { parseRegistry } from "../../src/index.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { HealthBodySchema } from "../../src/entries/http.js";
import { LiveRouter } from "../../src/entries/http.js";
import { FIXTURE_PATH, fixtureGraph, jsonRequest } from "./fixture.js";

const FROM_SOURCE = "/v2/fungible/assets_from_source";
const atom = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" };

/** The fixture with ATOM renamed: other data, so another data version and other answers. */
function renamedGraph() {
  const json = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { assets: { symbol?: string }[] };
  for (const asset of json.assets) if (asset.symbol === "ATOM") asset.symbol = "ATOMX";
  return buildRouter(parseRegistry(json));
}

function clock(start: string) {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

describe("LiveRouter", () => {
  it("reports the served router, its version and provenance, and no reload yet", () => {
    const time = clock("2025-01-02T03:04:05.000Z");
    const live = new LiveRouter(fixtureGraph(), { now: time.now });
    const health = live.health();
    expect(HealthBodySchema.parse(health)).toEqual(health);
    expect(health).toEqual({
      status: "ok",
      chains: fixtureGraph().chainIds().length,
      data_version: fixtureGraph().dataVersion,
      provenance: fixtureGraph().provenance,
      loaded_at: "2025-01-02T03:04:05.000Z",
      last_reload: null,
      reload: { state: "idle", since: null },
    });
    expect(health.data_version).toMatch(/^sha256:[0-9a-f]{32}$/);
  });

  it("reports the provenance, loaded_at and last_reload it is given (a cluster worker replacing another)", () => {
    const provenance = { source: "registry" as const, files: [{ flag: "registry" as const, name: "registry.json", hash: "sha256:0123456789abcdef0123456789abcdef" }] };
    const lastReload = { ok: false, error: "registry.json: not valid JSON", at: "2025-01-01T00:00:00.000Z" };
    const live = new LiveRouter(fixtureGraph(), { provenance, loadedAt: "2024-12-31T00:00:00.000Z", lastReload });
    const health = live.health();
    expect(HealthBodySchema.parse(health)).toEqual(health);
    expect(health).toMatchObject({ provenance, loaded_at: "2024-12-31T00:00:00.000Z", last_reload: lastReload });
    const next = renamedGraph();
    expect(live.swap(next, { ...provenance, files: [{ ...provenance.files[0]!, hash: "sha256:ffffffffffffffffffffffffffffffff" }] })).toBe("swapped");
    expect(live.health().provenance.files![0]!.hash).toBe("sha256:ffffffffffffffffffffffffffffffff");
    const record = { ok: true, error: null, at: "2025-01-03T00:00:00.000Z" };
    live.setLastReload(record);
    expect(live.health().last_reload).toEqual(record);
  });

  it("swaps a router with another data version, and treats the same version as a no-op", () => {
    const time = clock("2025-01-02T03:04:05.000Z");
    const first = fixtureGraph();
    const live = new LiveRouter(first, { now: time.now });
    time.advance(1000);
    // A rebuild of the same data is a different object with the same version.
    const rebuilt = buildRouter(first.registry);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.dataVersion).toBe(first.dataVersion);
    expect(live.swap(rebuilt)).toBe("unchanged");
    expect(live.current).toBe(first);
    expect(live.health().loaded_at).toBe("2025-01-02T03:04:05.000Z");

    const next = renamedGraph();
    expect(next.dataVersion).not.toBe(first.dataVersion);
    expect(live.swap(next)).toBe("swapped");
    expect(live.current).toBe(next);
    expect(live.health().data_version).toBe(next.dataVersion);
    expect(live.health().loaded_at).toBe("2025-01-02T03:04:06.000Z");

    // A cluster worker reports the primary's loaded_at; anything but an ISO time is refused.
    expect(live.swap(first, undefined, "2025-01-01T00:00:00.000Z")).toBe("swapped");
    expect(live.health().loaded_at).toBe("2025-01-01T00:00:00.000Z");
    expect(() => live.swap(next, undefined, "yesterday")).toThrow(expect.objectContaining({ name: "FungibleError", message: expect.stringMatching(/^LiveRouter.swap: loadedAt/) }));
    expect(live.current).toBe(first);
  });

  it("records the last reload, success or refusal, without touching the served graph", () => {
    const time = clock("2025-01-02T03:04:05.000Z");
    const live = new LiveRouter(fixtureGraph(), { now: time.now });
    time.advance(500);
    live.recordReload({ ok: false, error: "registry.json: chains.0.chain_id: required" });
    expect(live.health().last_reload).toEqual({ ok: false, error: "registry.json: chains.0.chain_id: required", at: "2025-01-02T03:04:05.500Z" });
    expect(live.current).toBe(fixtureGraph());
    time.advance(500);
    live.recordReload({ ok: true });
    expect(live.health().last_reload).toEqual({ ok: true, error: null, at: "2025-01-02T03:04:06.000Z" });
    expect(HealthBodySchema.safeParse(live.health()).success).toBe(true);
  });
});

describe("the handler on a LiveRouter", () => {
  it("serves /health from it, with the data version header", async () => {
    const live = new LiveRouter(fixtureGraph());
    const handler = createFetchHandler(live);
    const response = await handler(new Request("http://fungible.test/health"));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-data-version")).toBe(fixtureGraph().dataVersion);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(HealthBodySchema.parse(await response.json())).toEqual(live.health());
  });

  it("answers every request from one router: before the swap the old one, after it the new one", async () => {
    const before = fixtureGraph();
    const after = renamedGraph();
    const live = new LiveRouter(before);
    const handler = createFetchHandler(live);
    const expected = (router: typeof before) => JSON.stringify(router.assetsFromSource(atom));
    expect(expected(before)).not.toBe(expected(after));
    expect(expected(after)).toContain('"symbol":"ATOMX"');

    const get = () => new Request(`http://fungible.test${FROM_SOURCE}?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4`);
    const check = async (response: Response, router: typeof before) => {
      expect(response.headers.get("x-data-version")).toBe(router.dataVersion);
      expect(await response.text()).toBe(expected(router));
    };
    // Warm the caches with the old graph, then start requests that are still reading their bodies.
    await check(await handler(get()), before);
    await check(await handler(jsonRequest(FROM_SOURCE, atom)), before);
    const { stream, finish } = slowBody(JSON.stringify(atom));
    const inFlight = handler(new Request(`http://fungible.test${FROM_SOURCE}`, { method: "POST", body: stream, duplex: "half" } as RequestInit));
    const oldEtag = (await handler(get())).headers.get("etag");

    expect(live.swap(after)).toBe("swapped");
    // The request that began before the swap is answered wholly from the old graph, and does not
    // leave its answer in the new graph's cache.
    finish();
    await check(await inFlight, before);
    const fresh = await handler(get());
    await check(fresh, after);
    expect(fresh.headers.get("etag")).not.toBe(oldEtag);
    await check(await handler(jsonRequest(FROM_SOURCE, atom)), after);
    // A client holding the old ETag gets the new answer, not a 304.
    const revalidated = await handler(new Request(get(), { headers: { "if-none-match": oldEtag! } }));
    expect(revalidated.status).toBe(200);
    await check(revalidated, after);
  });
});

/** A body that sends its bytes only when told, so a request can be held mid-read. */
function slowBody(text: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await released;
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return { stream, finish: () => release() };
}
