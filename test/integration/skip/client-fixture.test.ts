/**
 * The official @skip-go/client, unchanged, pointed at a loopback server with `apiUrl`. It sends
 * assets_from_source as POST and assets_between_chains as GET with a query string, and reads
 * the answers camelCased; errors arrive as Error(message) with the gRPC `code`.
 */
import { assetsBetweenChains, assetsFromSource, setApiOptions } from "@skip-go/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, type RunningServer } from "../../../src/entries/node.js";
import { ATOM_ON_OSMOSIS, AXL_USDC_ON_OSMOSIS, fixtureGraph, USDC_ON_ETHEREUM } from "../../http/fixture.js";

let server: RunningServer;
const requests: string[] = [];

beforeAll(async () => {
  server = await startServer({ router: fixtureGraph(), port: 0, accessLog: (line) => requests.push(line) });
  setApiOptions({ apiUrl: server.url });
});

afterAll(async () => {
  await server.close();
});

describe("@skip-go/client against the server", () => {
  it("assetsFromSource: POSTs the snake_cased body and reads dest_assets", async () => {
    const result = await assetsFromSource({
      sourceAssetDenom: ATOM_ON_OSMOSIS,
      sourceAssetChainId: "osmosis-1",
      allowMultiTx: true,
      includeCw20Assets: false,
      groupBy: "chain_id",
    });
    const library = fixtureGraph().assetsFromSource({ source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: "osmosis-1", allow_multi_tx: true });
    // The client camelCases every key, chain ids too: compare the chains without a '_' in them.
    expect(result!["cosmoshub-4"]).toEqual([
      expect.objectContaining({ denom: "uatom", chainId: "cosmoshub-4", originDenom: "uatom", originChainId: "cosmoshub-4", trace: "", isCw20: false, isEvm: false, symbol: "ATOM", decimals: 6, coingeckoId: "cosmos", recommendedSymbol: "ATOM" }),
    ]);
    expect(result!["neutron-1"]!.map((asset) => asset.denom)).toEqual(library.dest_assets["neutron-1"]!.assets.map((asset) => asset.denom));
    expect(JSON.parse(requests.at(-1)!)).toMatchObject({ method: "POST", path: "/v2/fungible/assets_from_source", status: 200 });
  });

  it("assetsFromSource: sends recommendationReason, includeSwaps and swapVenues (with logoUri) as the server expects", async () => {
    const result = await assetsFromSource({
      sourceAssetDenom: "uosmo",
      sourceAssetChainId: "osmosis-1",
      includeSwaps: true,
      swapVenues: [{ name: "osmosis-poolmanager", chainId: "osmosis-1", logoUri: "https://example.invalid/logo.png" }],
      recommendationReason: "BASE_TOKEN" as never,
      apiUrl: server.url,
    });
    // Ethereum USDC too: swapped into axlUSDC, it leaves in one Axelar transfer (IBC to axelar-dojo-1, then AXELAR).
    expect(result).toEqual({
      "1": [expect.objectContaining({ denom: USDC_ON_ETHEREUM })],
      "cosmoshub-4": [expect.objectContaining({ denom: "uatom" })],
      "axelar-dojo-1": [expect.objectContaining({ denom: "uusdc" })],
    });
  });

  it("assetsBetweenChains: GETs with a query string and reads pairs with txsRequired and bridges", async () => {
    const result = await assetsBetweenChains({ sourceChainId: "1", destChainId: "osmosis-1", includeEvmAssets: true, allowMultiTx: true });
    expect(result).toEqual({
      assetsBetweenChains: [
        {
          assetOnSource: expect.objectContaining({ denom: USDC_ON_ETHEREUM, chainId: "1", isEvm: true }),
          assetOnDest: expect.objectContaining({ denom: AXL_USDC_ON_OSMOSIS, chainId: "osmosis-1", trace: "transfer/channel-208" }),
          txsRequired: 1,
          bridges: ["AXELAR"],
        },
      ],
    });
    expect(JSON.parse(requests.at(-1)!)).toMatchObject({ method: "GET", path: "/v2/fungible/assets_between_chains", status: 200 });
  });

  it("assetsBetweenChains: false flags filter as they do over POST", async () => {
    const result = await assetsBetweenChains({ sourceChainId: "1", destChainId: "osmosis-1", includeEvmAssets: false, allowMultiTx: true });
    expect(result).toEqual({ assetsBetweenChains: [] });
  });

  it("surfaces errors with the server's message and gRPC code", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined); // the client logs every error
    try {
      const unknown = assetsFromSource({ sourceAssetDenom: "uatom", sourceAssetChainId: "nowhere-9" });
      await expect(unknown).rejects.toThrow('assetsFromSource: chain "nowhere-9" is not in the registry');
      await expect(unknown).rejects.toMatchObject({ code: 5 });
      const same = assetsBetweenChains({ sourceChainId: "osmosis-1", destChainId: "osmosis-1" });
      await expect(same).rejects.toMatchObject({ code: 3, message: expect.stringContaining("must differ") });
    } finally {
      quiet.mockRestore();
    }
  });
});
