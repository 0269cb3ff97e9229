/**
 * loadChainRegistry's options (network, overlay, venues) on mocked package modules: the mini
 * fixture of real mainnet entries, and real testnet entries (chain-registry 2.0.251
 * testnets/osmosistestnet, testnets/cosmoshubtestnet and their _IBC file).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChainRegistryData } from "../../src/entries/chain-registry.js";
import { ibcPair, list, nativeAsset, transferChannel } from "./chain-registry-builders.js";

const mini = JSON.parse(
  readFileSync(new URL("../../fixtures/chain-registry-mini/chain-registry-mini.json", import.meta.url), "utf8"),
) as ChainRegistryData;

const MAINNET = "chain-registry/mainnet/index.js";
const TESTNET = "chain-registry/testnet/index.js";
const NONCOSMOS = "chain-registry/noncosmos/index.js";

const testnetChain = (chainName: string, chainId: string) => ({ chainName, chainId, chainType: "cosmos", networkType: "testnet" });

function mockPackage(imported: string[]) {
  vi.doMock(MAINNET, () => {
    imported.push("mainnet");
    return { chains: mini.chains, assetLists: mini.assetLists, ibcData: mini.ibcData };
  });
  vi.doMock(TESTNET, () => {
    imported.push("testnet");
    return {
      chains: [testnetChain("osmosistestnet", "osmo-test-5"), testnetChain("cosmoshubtestnet", "theta-testnet-001")],
      assetLists: [list("osmosistestnet", nativeAsset("uosmo", "OSMO")), list("cosmoshubtestnet", nativeAsset("uatom", "ATOM"))],
      ibcData: [
        ibcPair(["cosmoshubtestnet", "theta-testnet-001"], ["osmosistestnet", "osmo-test-5"], transferChannel("channel-3306", "channel-4156")),
      ],
    };
  });
  vi.doMock(NONCOSMOS, () => ({ assetLists: mini.nonCosmosAssetLists }));
}

afterEach(() => {
  for (const name of [MAINNET, TESTNET, NONCOSMOS]) vi.doUnmock(name);
  vi.resetModules();
});

describe("loadChainRegistry options", () => {
  it("network testnet reads the testnet lists only, and carries no venues", async () => {
    const imported: string[] = [];
    mockPackage(imported);
    const { loadChainRegistryWithIssues } = await import("../../src/registry/load-chain-registry.js");
    const { registry, issues } = await loadChainRegistryWithIssues({ network: "testnet" });
    expect(imported).toEqual(["testnet"]);
    expect(registry.chains.map((c) => c.chain_id)).toEqual(["osmo-test-5", "theta-testnet-001"]);
    expect(registry.ibc_channels).toHaveLength(1);
    expect(registry.swap_venues).toEqual([]);
    // The fixture's non-Cosmos lists hold Ethereum's testnet list, which names no network.
    expect(issues.map((i) => [i.code, i.where])).toEqual([["chain_without_id", "chains ethereumtestnet"]]);
  });

  it("mainnet by default, with the embedded venues whose chains the package has", async () => {
    mockPackage([]);
    const { loadChainRegistry } = await import("../../src/registry/load-chain-registry.js");
    const registry = await loadChainRegistry();
    // The mini fixture has osmosis-1 and phoenix-1 but not neutron-1.
    expect(registry.swap_venues.map((v) => v.name)).toEqual(["osmosis-poolmanager", "terra-astroport"]);
    const venues = [{ name: "mine", chain_id: "osmosis-1", denoms: ["uosmo", "uion"] }];
    expect((await loadChainRegistry({ venues })).swap_venues).toEqual(venues);
  });

  it("takes an overlay in the options, or as the only argument as before", async () => {
    mockPackage([]);
    const { loadChainRegistry } = await import("../../src/registry/load-chain-registry.js");
    const empty = { chainIds: {}, capabilities: {} };
    const withDefault = await loadChainRegistry();
    expect(withDefault.chains.map((c) => c.chain_id)).toContain("42161");
    for (const registry of [await loadChainRegistry({ overlay: empty }), await loadChainRegistry(empty)]) {
      const ids = registry.chains.map((c) => c.chain_id);
      expect(ids).not.toContain("42161");
      expect(ids).toContain("osmosis-1");
      expect(registry.chains.find((c) => c.chain_id === "osmosis-1")).toMatchObject({ pfm_enabled: false });
    }
    expect(withDefault.chains.find((c) => c.chain_id === "osmosis-1")).toMatchObject({ pfm_enabled: true });
  });
});
