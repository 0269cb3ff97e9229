/**
 * The official @skip-go/client, unchanged, pointed at a loopback server (apiUrl) serving the
 * embedded mainnet registry: every read-only discovery method and the two queries, their answers
 * in the shapes the client's types declare, with facts of the chain registry. Skip paths the
 * service does not implement answer 501 with a JSON error naming what it offers.
 */
import { assets, assetsBetweenChains, assetsFromSource, bridges, chains, ibcOriginAssets, recommendAssets, setApiOptions, venues } from "@skip-go/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildRouter } from "../../../src/index.js";
import { loadChainRegistryWithIssues } from "../../../src/entries/chain-registry.js";
import { startServer, type RunningServer } from "../../../src/entries/node.js";

let server: RunningServer;
const requests: { method: string; path: string; status: number }[] = [];

beforeAll(async () => {
  const { registry, issues } = await loadChainRegistryWithIssues();
  server = await startServer({ router: buildRouter(registry, { issues }), port: 0, accessLog: (line) => requests.push(JSON.parse(line)) });
  setApiOptions({ apiUrl: server.url });
}, 120_000);

afterAll(async () => {
  await server.close();
});

const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
// As the hosted API writes it (EIP-55); requests may use any case.
const USDC_ON_ETHEREUM = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

/** The asset shape of the client's types: required fields with their types, optional ones typed when present. */
function expectAsset(asset: Record<string, unknown>): void {
  for (const field of ["denom", "chainId", "originDenom", "originChainId", "trace"]) expect(typeof asset[field], field).toBe("string");
  for (const field of ["isCw20", "isEvm", "isSvm"]) expect(typeof asset[field], field).toBe("boolean");
  for (const field of ["symbol", "name", "logoUri", "tokenContract", "description", "coingeckoId", "recommendedSymbol"]) {
    if (field in asset) expect(typeof asset[field], field).toBe("string");
  }
  if ("decimals" in asset) expect(Number.isInteger(asset.decimals)).toBe(true);
}

const lastRequest = () => requests.at(-1)!;

describe("@skip-go/client discovery methods against the server", () => {
  it("chains({ chainIds }): GET /v2/info/chains with repeated chain_ids; bech32 prefix, fee asset, capabilities", async () => {
    const result = (await chains({ chainIds: ["cosmoshub-4", "osmosis-1"] }))!;
    expect(lastRequest()).toMatchObject({ method: "GET", path: "/v2/info/chains", status: 200 });
    expect(result.map((c) => c.chainId)).toEqual(["cosmoshub-4", "osmosis-1"]);
    for (const chain of result) {
      expect(chain).toMatchObject({ chainName: expect.any(String), prettyName: expect.any(String), chainType: "cosmos", isTestnet: false, pfmEnabled: expect.any(Boolean), supportsMemo: expect.any(Boolean) });
      expect(chain.cosmosModuleSupport).toEqual(expect.any(Object));
      expect(chain.ibcCapabilities).toMatchObject({ cosmosPfm: expect.any(Boolean), cosmosIbcHooks: expect.any(Boolean), cosmosMemo: expect.any(Boolean) });
    }
    const [hub, osmosis] = result;
    expect(hub!.bech32Prefix).toBe("cosmos");
    expect(hub!.feeAssets[0]).toEqual({ denom: "uatom", gasPrice: { low: "0.01", average: "0.025", high: "0.03" } });
    expect(hub!.logoUri).toMatch(/^https:\/\//);
    expect(osmosis!.bech32Prefix).toBe("osmo");
    expect(osmosis!.feeAssets[0]!.denom).toBe("uosmo");
  });

  it("chains({ includeEvm, includeSvm, onlyTestnets }): EVM and SVM chains only when asked; no testnets on mainnet data", async () => {
    const cosmos = (await chains())!;
    expect(cosmos.length).toBeGreaterThan(100);
    expect(new Set(cosmos.map((c) => c.chainType))).toEqual(new Set(["cosmos"]));
    const all = (await chains({ includeEvm: true, includeSvm: true }))!;
    expect(all.find((c) => c.chainId === "1")).toMatchObject({ chainType: "evm", bech32Prefix: "" });
    expect(all.find((c) => c.chainId === "solana")).toMatchObject({ chainType: "svm" });
    expect(await chains({ includeEvm: true, includeSvm: true, onlyTestnets: true })).toEqual([]);
  });

  it("assets({ chainIds }): chain_to_assets_map read into a map of assets; EVM, SVM assets when asked", async () => {
    const result = (await assets({ chainIds: ["1", "solana", "osmosis-1"], includeEvmAssets: true, includeSvmAssets: true }))!;
    expect(lastRequest()).toMatchObject({ method: "GET", path: "/v2/fungible/assets", status: 200 });
    expect(Object.keys(result).sort()).toEqual(["1", "osmosis-1", "solana"]);
    for (const list of Object.values(result)) for (const asset of list) expectAsset(asset as unknown as Record<string, unknown>);
    expect(result["1"]!.find((a) => a.denom === USDC_ON_ETHEREUM)).toMatchObject({ isEvm: true, isSvm: false, tokenContract: USDC_ON_ETHEREUM, symbol: "USDC" });
    expect(result["solana"]!.every((a) => a.isSvm && !a.isEvm)).toBe(true);
    expect(result["osmosis-1"]!.find((a) => a.denom === "uosmo")).toMatchObject({ isSvm: false, trace: "" });
    expect(Object.keys((await assets({ chainIds: ["1", "solana"] }))!)).toEqual([]);
  });

  it("bridges(): the bridge types the data uses, with names", async () => {
    const result = (await bridges())!;
    expect(result.map((b) => b.id)).toEqual(expect.arrayContaining(["IBC", "AXELAR", "CCTP"]));
    expect(result.find((b) => b.id === "AXELAR")).toEqual({ id: "AXELAR", name: "Axelar", logoUri: expect.stringMatching(/^https:\/\//) });
  });

  it("venues(): the registry's swap venues", async () => {
    const result = (await venues())!;
    expect(result).toContainEqual({ name: "osmosis-poolmanager", chainId: "osmosis-1" });
    expect(await venues({ onlyTestnets: true })).toEqual([]);
  });

  it("ibcOriginAssets(): a known voucher's origin, and asset_found false for an unknown asset", async () => {
    const result = (await ibcOriginAssets({ assets: [{ denom: ATOM_ON_OSMOSIS, chainId: "osmosis-1" }, { denom: "unothing", chainId: "osmosis-1" }] }))!;
    expect(lastRequest()).toMatchObject({ method: "POST", path: "/v2/fungible/ibc_origin_assets", status: 200 });
    expect(result[0]).toEqual({ asset: expect.objectContaining({ denom: "uatom", chainId: "cosmoshub-4", trace: "", symbol: "ATOM" }), assetFound: true });
    expectAsset(result[0]!.asset as unknown as Record<string, unknown>);
    expect(result[1]).toEqual({ assetFound: false });
  });

  it("recommendAssets(): ATOM becomes ATOM on Osmosis (most liquid) and comes home as uatom (base token)", async () => {
    const result = (await recommendAssets({
      requests: [
        { sourceAssetDenom: "uatom", sourceAssetChainId: "cosmoshub-4", destChainId: "osmosis-1" },
        { sourceAssetDenom: ATOM_ON_OSMOSIS, sourceAssetChainId: "osmosis-1", destChainId: "cosmoshub-4" },
      ],
    }))!;
    expect(lastRequest()).toMatchObject({ method: "POST", path: "/v2/fungible/recommend_assets", status: 200 });
    expect(result[0]!.recommendations).toEqual([{ asset: expect.objectContaining({ denom: ATOM_ON_OSMOSIS, chainId: "osmosis-1" }), reason: "MOST_LIQUID" }]);
    expect(result[1]!.recommendations).toEqual([{ asset: expect.objectContaining({ denom: "uatom", chainId: "cosmoshub-4" }), reason: "BASE_TOKEN" }]);
    expectAsset(result[0]!.recommendations![0]!.asset as unknown as Record<string, unknown>);
  });

  it("assetsFromSource() and assetsBetweenChains(): the queries' assets carry isSvm", async () => {
    const reach = (await assetsFromSource({ sourceAssetDenom: "uatom", sourceAssetChainId: "cosmoshub-4" }))!;
    expect(reach["osmosis-1"]).toContainEqual(expect.objectContaining({ denom: ATOM_ON_OSMOSIS, isSvm: false }));
    for (const asset of reach["osmosis-1"]!) expectAsset(asset as unknown as Record<string, unknown>);
    const pairs = (await assetsBetweenChains({ sourceChainId: "cosmoshub-4", destChainId: "osmosis-1" }))!;
    expect(lastRequest()).toMatchObject({ method: "GET", path: "/v2/fungible/assets_between_chains", status: 200 });
    const atom = pairs.assetsBetweenChains!.find((pair) => pair.assetOnSource!.denom === "uatom")!;
    expect(atom).toMatchObject({ assetOnDest: expect.objectContaining({ denom: ATOM_ON_OSMOSIS }), txsRequired: 1, bridges: ["IBC"] });
    expectAsset(atom.assetOnDest as unknown as Record<string, unknown>);
  });

  it("errors come back as the client reads them: an unknown chain id is code 5 with the message", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined); // the client logs every error
    try {
      await expect(chains({ chainIds: ["osmosis-2"] })).rejects.toMatchObject({ code: 5, message: expect.stringContaining('chain "osmosis-2" is not in the registry') });
    } finally {
      quiet.mockRestore();
    }
  });
});

describe("Skip paths this service does not implement, or implements only when asked", () => {
  const answer501 = async (method: string, path: string) => {
    const response = await fetch(`${server.url}${path}`, { method, ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: "{}" } : {}) });
    expect(response.status).toBe(501);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { code: number; message: string; details: unknown[] };
    expect(body).toMatchObject({ code: 12, details: [] });
    return body.message;
  };

  it("GET /v2/cosmos/balances answers 501 JSON naming what is offered", async () => {
    const message = await answer501("GET", "/v2/cosmos/balances");
    expect(message).toContain("/v2/cosmos/balances is not implemented");
    expect(message).toContain("/v2/fungible/assets_from_source");
  });

  // The execution endpoints read the chains' own REST, only with `serve --live-endpoints FILE` (docs/http.md).
  it.each([
    ["POST", "/v2/info/balances"],
    ["POST", "/v2/tx/submit"],
    ["POST", "/v2/tx/track"],
    ["GET", "/v2/tx/status"],
  ])("%s %s answers 501 JSON saying how to turn it on", async (method, path) => {
    const message = await answer501(method, path);
    expect(message).toContain(`${path} is not turned on`);
    expect(message).toContain("--live-endpoints");
  });

  it("the project's own endpoints moved under /fungible-graph/v1/, and the old explorer paths answer no other contract", async () => {
    const listing = await fetch(`${server.url}/fungible-graph/v1/chains`);
    expect(listing.status).toBe(200);
    expect(((await listing.json()) as { chains: unknown[] }).chains.length).toBeGreaterThan(100);
    expect((await fetch(`${server.url}/v2/fungible/chains`)).status).toBe(404);
    // GET /v2/fungible/assets is Skip's assets listing now, not the page's per-chain listing.
    const skip = (await (await fetch(`${server.url}/v2/fungible/assets?chain_ids=cosmoshub-4`)).json()) as Record<string, unknown>;
    expect(Object.keys(skip)).toEqual(["chain_to_assets_map"]);
  });
});
