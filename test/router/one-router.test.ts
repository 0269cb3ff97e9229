/**
 * One router type: every public function that takes a router works on the routers buildRouter,
 * loadRouter and dataset loading make, and on a wrapper that passes the brand on; an object that
 * only looks like a router is refused where it enters, with `invalid_config` naming the function,
 * never later by a request answering 500. A service refuses, when it is made, a wrapper that
 * overrides a query (a policy wrapper refusing a source): its analyses read the router's data, so
 * such a wrapper would be obeyed by some endpoints and not others (issue 33).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildRouter, compileDataset, FungibleError, isRouter, loadRouter, parseRegistry, ROUTER_BRAND, type AssetRouter } from "../../src/index.js";
import { explain } from "../../src/entries/explain.js";
import { graphologyOf } from "../../src/entries/graphology.js";
import { createFetchHandler, LiveRouter, warmUp } from "../../src/entries/http.js";
import { createService } from "../../src/http/handler.js";
import { ROUTES } from "../../src/http/routes.js";
import { startServer } from "../../src/entries/node.js";
import { loadDataset } from "../../src/router/dataset-router.js";
import { skipAssets, skipBridges, skipChains, skipIbcOriginAssets, skipRecommendAssets, skipVenues } from "../../src/router/skip.js";
import { FIXTURE_PATH } from "../http/fixture.js";

const json: unknown = JSON.parse(readFileSync(FIXTURE_PATH, "utf8"));
const built = buildRouter(parseRegistry(json));

/** Every GET endpoint's parameters at once: each reads its own and ignores the others. */
const EVERY_PARAMETER =
  "source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1&chain_id=osmosis-1&from=cosmoshub-4:uatom&to=osmosis-1:uosmo&chain_ids=osmosis-1&format=dot";

/** An observer: a Proxy that records which members are read and passes each through unchanged. */
function observed(router: AssetRouter): { router: AssetRouter; reads: Set<PropertyKey> } {
  const reads = new Set<PropertyKey>();
  return { reads, router: new Proxy(router, { get: (target, name) => (reads.add(name), Reflect.get(target, name)) }) };
}

/** A metrics wrapper as docs/library.md writes one: the brand passed on, each member delegated, queries counted. */
function counted(router: AssetRouter): AssetRouter & { calls: number } {
  const wrapper = {
    calls: 0,
    [ROUTER_BRAND]: router[ROUTER_BRAND],
    get registry() { return router.registry; },
    get dataVersion() { return router.dataVersion; },
    get provenance() { return router.provenance; },
    get notes() { return router.notes; },
    chainIds: () => router.chainIds(),
    chains: () => router.chains(),
    assetsOnChain: (chainId: string) => router.assetsOnChain(chainId),
    route: (...args: Parameters<AssetRouter["route"]>) => (wrapper.calls++, router.route(...args)),
    assetsFromSource: (request: Parameters<AssetRouter["assetsFromSource"]>[0]) => (wrapper.calls++, router.assetsFromSource(request)),
    assetsBetweenChains: (request: Parameters<AssetRouter["assetsBetweenChains"]>[0]) => (wrapper.calls++, router.assetsBetweenChains(request)),
  };
  return wrapper;
}

const ATOM = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" };

/** Every function that takes a router, asked one question each; answers as JSON. */
async function everyAnswer(router: AssetRouter): Promise<Record<string, unknown>> {
  const graph = graphologyOf(router);
  const handler = createFetchHandler(router);
  const get = async (path: string) => {
    const response = await handler(new Request(`http://fungible.test${path}`));
    return { status: response.status, body: await response.json() };
  };
  const live = new LiveRouter(router);
  const reloaded = loadDataset(compileDataset(router));
  return JSON.parse(JSON.stringify({
    explain: explain(router, { ...ATOM, dest_chain_id: "osmosis-1" }),
    graphology: [graph.order, graph.size],
    dataset: reloaded.dataVersion,
    skipChains: skipChains(router, { chain_ids: ["cosmoshub-4"] }),
    skipAssets: skipAssets(router, { chain_ids: ["osmosis-1"] }),
    skipBridges: skipBridges(router),
    skipVenues: skipVenues(router),
    skipOrigins: skipIbcOriginAssets(router, { assets: [{ chain_id: "cosmoshub-4", denom: "uatom" }] }),
    skipRecommend: skipRecommendAssets(router, { requests: [{ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "osmosis-1" }] }),
    live: live.health().chains,
    http: {
      chains: await get("/v2/info/chains"),
      explain: await get("/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1"),
      fromSource: await get("/v2/fungible/assets_from_source?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom"),
      assets: await get("/fungible-graph/v1/assets?chain_id=osmosis-1"),
    },
  })) as Record<string, unknown>;
}

describe("every function that takes a router", () => {
  it("answers alike on routers from buildRouter, loadRouter({registry}), loadRouter({dataset}) and loadDataset, and on a wrapper", async () => {
    const expected = await everyAnswer(built);
    // Not empty answers: each question has something to say about the fixture.
    expect((expected.http as Record<string, { status: number }>).chains!.status).toBe(200);
    expect((expected.explain as { reachable: boolean }).reachable).toBe(true);
    expect((expected.graphology as number[])[0]).toBeGreaterThan(10);
    expect(expected.dataset).toBe(built.dataVersion);
    const text = compileDataset(built);
    const routers: [string, AssetRouter][] = [
      ["loadRouter({registry})", await loadRouter({ registry: json })],
      ["loadRouter({dataset})", await loadRouter({ dataset: text })],
      ["loadDataset", loadDataset(text)],
      ["an observing Proxy", observed(built).router],
    ];
    for (const [name, router] of routers) {
      expect(isRouter(router), name).toBe(true);
      expect(await everyAnswer(router), name).toEqual(expected);
    }
  });

  it("a wrapper's queries go through the wrapper where the library calls them", () => {
    const wrapper = counted(built);
    wrapper.assetsFromSource(ATOM);
    expect(wrapper.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "cosmoshub-4", denom: "uatom" })).not.toBeNull();
    expect(wrapper.calls).toBe(2);
  });
});

describe("a policy wrapper is never served", () => {
  /** A wrapper refusing one source, as access control would: assets_from_source is a 404 for it. */
  const refusing = Object.assign(Object.create(built) as AssetRouter, {
    assetsFromSource(request: Parameters<AssetRouter["assetsFromSource"]>[0]) {
      if (request.source_asset_denom === "uatom") throw new FungibleError("unknown_asset", "uatom is not served here");
      return built.assetsFromSource(request);
    },
  });
  const refusal = expect.objectContaining({ code: "invalid_config", message: expect.stringMatching(/is a wrapper that overrides assetsFromSource of the router it wraps/) });

  it.each([
    ["createFetchHandler", () => createFetchHandler(refusing)],
    ["createService", () => createService(refusing)],
    ["LiveRouter", () => new LiveRouter(refusing)],
    ["LiveRouter.swap", () => new LiveRouter(built).swap(refusing)],
    ["warmUp", () => warmUp(refusing)],
  ])("%s refuses it when it is made, naming the member", async (_fn, make) => {
    await expect(async () => make()).rejects.toThrow(refusal);
  });

  it("startServer refuses it before listening", async () => {
    await expect(startServer({ router: refusing, port: 0 })).rejects.toThrow(refusal);
  });

  it("an overridden field is refused too, and an observer that changes nothing is served on every endpoint", async () => {
    // Object.defineProperty: the built router's dataVersion is read-only, so an assignment through a prototype throws.
    const otherVersion = Object.defineProperty(Object.create(built) as AssetRouter, "dataVersion", { value: "sha256:00000000000000000000000000000000" });
    expect(() => createFetchHandler(otherVersion)).toThrow(/overrides dataVersion/);
    const { router, reads } = observed(built);
    const plain = createFetchHandler(built);
    const watched = createFetchHandler(router);
    const asked = ROUTES.filter((route) => route.method === "GET" && route.path !== "/metrics" && route.path !== "/health");
    expect(asked.length).toBeGreaterThan(15);
    for (const route of asked) {
      const path = `${route.path}?${EVERY_PARAMETER}`;
      const [a, b] = await Promise.all([plain, watched].map(async (handler) => handler(new Request(`http://fungible.test${path}`))));
      expect(b!.status, route.path).toBe(a!.status);
      expect(await b!.text(), route.path).toBe(await a!.text());
    }
    expect(reads.size).toBeGreaterThan(0);
  });
});

describe("a look-alike is refused where it enters", () => {
  // Every declared member but the brand: what a hand-made imitation or a spread `{...router}` of another object has.
  const lookAlike = {
    registry: built.registry,
    dataVersion: built.dataVersion,
    provenance: built.provenance,
    notes: built.notes,
    chainIds: () => built.chainIds(),
    chains: () => built.chains(),
    assetsOnChain: (chainId: string) => built.assetsOnChain(chainId),
    route: built.route.bind(built),
    assetsFromSource: built.assetsFromSource.bind(built),
    assetsBetweenChains: built.assetsBetweenChains.bind(built),
  } as unknown as AssetRouter;
  const refusal = expect.objectContaining({
    name: "FungibleError",
    code: "invalid_config",
    message: expect.stringMatching(/: `[\w.]+` must be a router .*Symbol\.for\("fungible-graph\.router"\).*without that member/),
  });

  it.each([
    ["createFetchHandler", () => createFetchHandler(lookAlike)],
    ["LiveRouter", () => new LiveRouter(lookAlike)],
    ["LiveRouter.swap", () => new LiveRouter(built).swap(lookAlike)],
    ["explain", () => explain(lookAlike, { ...ATOM, dest_chain_id: "osmosis-1" })],
    ["graphologyOf", () => graphologyOf(lookAlike)],
    ["compileDataset", () => compileDataset(lookAlike)],
    ["skipChains", () => skipChains(lookAlike)],
    ["skipAssets", () => skipAssets(lookAlike)],
    ["skipBridges", () => skipBridges(lookAlike)],
    ["skipVenues", () => skipVenues(lookAlike)],
    ["skipIbcOriginAssets", () => skipIbcOriginAssets(lookAlike, { assets: [] })],
    ["skipRecommendAssets", () => skipRecommendAssets(lookAlike, { requests: [] })],
  ])("%s throws invalid_config naming itself", (fn, call) => {
    expect(call).toThrow(refusal);
    expect(call).toThrow(new RegExp(`^${fn.replace(".", "\\.")}: `));
    expect(isRouter(lookAlike)).toBe(false);
  });

  it("startServer refuses it before listening", async () => {
    await expect(startServer({ router: lookAlike, port: 0 })).rejects.toThrow(refusal);
  });

  it("the brand with a core of another layout, or without the declared members, is refused by name", () => {
    const otherRelease = Object.assign(Object.create(built) as AssetRouter, { [ROUTER_BRAND]: { format: 999, routeIndex: {} } });
    expect(() => createFetchHandler(otherRelease)).toThrow(/core has layout number 999, from another release of fungible-graph/);
    const partial = { [ROUTER_BRAND]: built[ROUTER_BRAND], chainIds: () => built.chainIds() } as unknown as AssetRouter;
    expect(() => createFetchHandler(partial)).toThrow(/carries the brand but lacks assetsFromSource, assetsBetweenChains, route, chains, assetsOnChain, registry, dataVersion, provenance, notes/);
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(() => explain(revoked.proxy as AssetRouter, { ...ATOM, dest_chain_id: "osmosis-1" })).toThrow(/explain: `router` must be a router .*could not be read/);
  });
});
