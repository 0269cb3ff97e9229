/**
 * How to call every runtime export of every public entry, and every method of the objects they
 * return: good arguments (junk replaces them, or a field inside them, in test/api/junk.test.ts).
 * junk.test.ts fails on an export that has no row here, so a new export is covered or refused.
 */
import { readFileSync } from "node:fs";
import * as root from "../../src/index.js";
import * as chainRegistry from "../../src/entries/chain-registry.js";
import * as explainEntry from "../../src/entries/explain.js";
import * as graphology from "../../src/entries/graphology.js";
import * as http from "../../src/entries/http.js";
import * as node from "../../src/entries/node.js";
import * as render from "../../src/entries/render.js";
import * as schemas from "../../src/entries/schemas.js";
import * as svg from "../../src/entries/svg.js";

const fixturePath = (name: string) => new URL(`../../fixtures/${name}`, import.meta.url);
// A corpus of one request (the fixtures' real one is 40 requests: slow for every junk variant).
const conformanceCorpus = ((full) => ({ ...full, requests: full.requests.slice(0, 1) }))(JSON.parse(readFileSync(fixturePath("conformance/mainnet.json"), "utf8")));
const readJson = (path: URL): unknown => JSON.parse(readFileSync(path, "utf8"));

export const ENTRIES: Record<string, Record<string, unknown>> = {
  ".": root,
  "./schemas": schemas,
  "./explain": explainEntry,
  "./render": render,
  "./svg": svg,
  "./graphology": graphology,
  "./chain-registry": chainRegistry,
  "./http": http,
  "./node": node,
};

/** One callable: its good arguments, and how to call it (default `fn(...args)`). */
export interface PublicCall {
  good: readonly unknown[];
  /** `new` for classes; `method` calls `target[method](...args)`. */
  construct?: boolean;
  /** Runs after a call that returned: closes what it opened. */
  cleanup?: (result: unknown) => Promise<void> | void;
  /** Fewer runs: each good call costs tens of milliseconds or more. */
  slow?: boolean;
}

/** Exports that are not called, with why. Only values (schemas, constants) and the error class. */
export const NOT_CALLED = {
  FungibleError: "the error class the library throws; its constructor takes one of the library's own codes",
  readPreviousState: "reads the file it is given, as refresh-state does before it replaces it: test/state/keep-known.test.ts calls it through the CLI, with a missing and an unreadable file",
  writeStateFile: "writes the file it is given (junk paths would land in the working directory): test/state/refresh.test.ts calls it, and refuses an unwritable path",
} as const;

// The http fixture has chains named `__proto__` and `constructor`: answers keep them as data.
const registryJson = readJson(fixturePath("http-registry.json"));
export const registry = root.parseRegistry(registryJson);
export const router = root.buildRouter(registry);
const ATOM = { chain_id: "cosmoshub-4", denom: "uatom" };
const fromSource = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", allow_multi_tx: true };
const between = { source_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" };
const reach = router.assetsFromSource(fromSource);
const someRoute = router.route(ATOM, { chain_id: "osmosis-1", denom: Object.values(reach.dest_assets)[0]!.assets[0]!.denom })!;
const explanation = explainEntry.explain(router, { ...fromSource, dest_chain_id: "osmosis-1" });
const source = someRoute.from;
// A snapshot marking one channel end of the fixture closed, as an operator writes it by hand.
const unread = { value: null, read_at: null, source: null };
const stateSnapshot = {
  format: "fungible-graph-state/1",
  created_at: "2026-11-20T12:00:00Z",
  chains: {
    "cosmoshub-4": {
      node_chain_id: unread,
      errors: [],
      ends: [{
        port_id: "transfer", channel_id: "channel-141",
        state: { value: "CLOSED", read_at: "2026-11-20T12:00:00Z", source: "manual: incident" },
        counterparty: unread, connection_id: unread, client_id: unread, client_chain_id: unread,
        client_status: { value: "Unknown", read_at: null, source: null }, client_expires_at: unread,
      }],
    },
  },
};
const miniChainRegistry = readJson(new URL("../../fixtures/chain-registry-mini/chain-registry-mini.json", import.meta.url));

export const CALLS: Record<string, Record<string, PublicCall>> = {
  ".": {
    isFungibleError: { good: [new root.FungibleError("invalid_request", "x")] },
    isRouter: { good: [router] },
    loadRouter: { good: [{ registry: registryJson }], slow: true },
    buildRouter: { good: [registry, {}], slow: true },
    parseRegistry: { good: [registryJson] },
    validateRegistry: { good: [registry] },
    hasFatalIssue: { good: [[{ severity: "fatal", code: "duplicate_chain", where: "chains[1]", message: "m" }]] },
    parseOverrides: { good: [{ overrides: [{ chain_id: "cosmoshub-4", denom: "uatom", symbol: "ATOM" }] }] },
    compileDataset: { good: [router, { compiledAt: "2024-01-01T00:00:00Z" }], slow: true },
    ibcDenom: { good: ["transfer/channel-0", "uatom"] },
    withState: { good: [router, stateSnapshot, { maxFactAgeSeconds: 3600 }], slow: true },
    stateOfRouter: { good: [router] },
    parseState: { good: [stateSnapshot] },
  },
  "./schemas": {},
  "./explain": { explain: { good: [router, { ...fromSource, dest_chain_id: "osmosis-1" }] }, destinations: { good: [router, fromSource] } },
  "./render": {
    routeToMermaid: { good: [someRoute] },
    routeToDot: { good: [someRoute] },
    reachToMermaid: { good: [source, reach] },
    reachToDot: { good: [source, reach] },
    explainToMermaid: { good: [explanation] },
    explainToDot: { good: [explanation] },
  },
  "./svg": { renderSvg: { good: ["digraph { a -> b }"], slow: true } },
  "./graphology": {
    graphologyOf: { good: [router] },
    assetNodeKey: { good: ["cosmoshub-4", "uatom"] },
    chainNodeKey: { good: ["cosmoshub-4"] },
  },
  "./chain-registry": {
    loadChainRegistry: { good: [{ network: "mainnet" }], slow: true },
    loadChainRegistryWithIssues: { good: [{ network: "mainnet" }], slow: true },
    fromChainRegistry: { good: [miniChainRegistry, chainRegistry.defaultOverlay(), { network: "mainnet" }], slow: true },
    defaultOverlay: { good: [] },
    parseOverlay: { good: [{ chainIds: {}, capabilities: {} }] },
    defaultSwapVenues: { good: [] },
    swapVenueFacts: { good: [] },
    parseVenuesFile: { good: [{ venues: [{ name: "v", chain_id: "osmosis-1", denoms: ["uosmo"] }] }] },
  },
  "./http": {
    createFetchHandler: { good: [router, { bodyLimit: 1000 }] },
    webCompressor: { good: [new Uint8Array([1, 2, 3]), "gzip"] },
    negotiateEncoding: { good: ["gzip, br", ["br", "gzip"]] },
    buildOpenApiDocument: { good: [] },
    LiveRouter: { good: [router, {}], construct: true },
    ServiceMetrics: { good: [], construct: true },
    warmUp: { good: [router] },
    followDataset: { good: [new http.LiveRouter(router), { url: "http://127.0.0.1:9/latest.json", publicKey: "00".repeat(32) }] },
    checkConformance: { good: [() => new Response("{}"), conformanceCorpus] },
    parseConformanceCorpus: { good: [conformanceCorpus] },
    describeFailures: { good: [{ data_version: "sha256:0", checked: 0, failures: [] }] },
    refreshState: { good: [{ registry, chains: ["cosmoshub-4"], registryEndpoints: {}, endpoints: { "cosmoshub-4": ["http://127.0.0.1:9"] }, retries: 0, fetch: () => Promise.reject(new Error("offline")) }] },
    parseEndpoints: { good: ['{"cosmoshub-4": ["https://rest.example"]}'] },
  },
  "./node": {
    loadRegistryFile: { good: [fileURLPath(fixturePath("http-registry.json"))] },
    // Offline: a fetch that always fails, so no junk variant reaches the network (test/state replays real answers).
    refreshState: { good: [{ registry, chains: ["cosmoshub-4"], registryEndpoints: {}, endpoints: { "cosmoshub-4": ["http://127.0.0.1:9"] }, retries: 0, fetch: () => Promise.reject(new Error("offline")) }] },
    parseEndpoints: { good: ['{"cosmoshub-4": ["https://rest.example"]}'] },
    startServer: {
      good: [{ router, port: 0, quiet: true }],
      slow: true,
      cleanup: async (running) => (running as Awaited<ReturnType<typeof node.startServer>>).close(),
    },
  },
};

/** Methods of the objects the entries hand out, called on a fresh good object. */
export const METHODS: Record<string, { target: () => object; calls: Record<string, PublicCall> }> = {
  AssetRouter: {
    target: () => router,
    calls: {
      assetsFromSource: { good: [fromSource] },
      assetsBetweenChains: { good: [between] },
      route: { good: [ATOM, someRoute.to, { include_swaps: true }] },
      chainIds: { good: [] },
      chains: { good: [] },
      assetsOnChain: { good: ["osmosis-1"] },
    },
  },
  LiveRouter: {
    target: () => new http.LiveRouter(router),
    calls: {
      swap: { good: [router] },
      recordReload: { good: [{ ok: true }] },
      reloadStarted: { good: ["2024-01-01T00:00:00.000Z"] },
      setLastReload: { good: [{ ok: true, error: null, at: "2024-01-01T00:00:00.000Z" }] },
      health: { good: [] },
    },
  },
};

function fileURLPath(url: URL): string {
  return decodeURIComponent(url.pathname);
}
