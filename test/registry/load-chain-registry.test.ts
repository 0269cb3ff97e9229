/**
 * Loading the embedded registry: lazily, through either module shape, on a mini fixture of real
 * chain-registry entries standing in for the package.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChainRegistryData } from "../../src/entries/chain-registry.js";

const mini = JSON.parse(
  readFileSync(new URL("../../fixtures/chain-registry-mini/chain-registry-mini.json", import.meta.url), "utf8"),
) as ChainRegistryData;

const MAINNET = "chain-registry/mainnet/index.js";
const NONCOSMOS = "chain-registry/noncosmos/index.js";

afterEach(() => {
  vi.doUnmock(MAINNET);
  vi.doUnmock(NONCOSMOS);
  vi.resetModules();
});

describe("loadChainRegistry", () => {
  it("imports the package only when a registry is asked for", async () => {
    const imported: string[] = [];
    vi.doMock(MAINNET, () => {
      imported.push("mainnet");
      // ESM named exports, as Node's CJS interop presents the package.
      return { chains: mini.chains, assetLists: mini.assetLists, ibcData: mini.ibcData };
    });
    vi.doMock(NONCOSMOS, () => {
      imported.push("noncosmos");
      // Only a default export, as a bundler's interop may present it.
      return { default: { assetLists: mini.nonCosmosAssetLists } };
    });

    const { loadChainRegistryWithIssues } = await import("../../src/registry/load-chain-registry.js");
    expect(imported).toEqual([]);

    const { registry, issues } = await loadChainRegistryWithIssues();
    expect(imported.sort()).toEqual(["mainnet", "noncosmos"]);
    // The fixture's Ethereum WBTC came over a bridge the router does not route.
    expect(issues.map((i) => [i.code, i.where])).toEqual([
      ["unrouted_bridge", "bridge provider BitGo, Kyber, and Ren"],
    ]);
    expect(registry.chains.map((c) => c.chain_id).sort()).toEqual(
      ["1", "42161", "axelar-dojo-1", "cosmoshub-4", "migaloo-1", "noble-1", "osmosis-1", "phoenix-1", "solana"].sort(),
    );
    expect(registry.assets.find((a) => a.chain_id === "migaloo-1")).toMatchObject({
      trace: "transfer/channel-2",
      origin_chain_id: "phoenix-1",
      origin_denom: "cw20:terra17aj4ty4sz4yhgm08na8drc0v03v2jwr3waxcqrwhajj729zhl7zqnpc0ml",
    });
    expect(registry.ibc_channels).toHaveLength(5);
    const count = (bridge: string) => registry.bridge_links.filter((l) => l.bridge === bridge).length;
    // CCTP family in the fixture: Ethereum, Noble, Solana and Arbitrum USDC.
    expect([count("AXELAR"), count("EUREKA"), count("CCTP")]).toEqual([1, 1, 6]);
  });

  it("fails with invalid_registry, with zod's paths, when the package is not in the expected shape", async () => {
    vi.doMock(MAINNET, () => ({ chains: "nope" }));
    vi.doMock(NONCOSMOS, () => ({ assetLists: [] }));
    const { loadChainRegistry } = await import("../../src/registry/load-chain-registry.js");
    const error = await loadChainRegistry().catch((e: unknown) => e);
    // Modules were reset, so compare by name and code rather than by class identity.
    expect(error).toMatchObject({ name: "FungibleError", code: "invalid_registry", status: 400 });
    // zod's paths say what is wrong.
    expect((error as { details: { path: unknown[] }[] }).details.map((d) => d.path[0])).toEqual(
      expect.arrayContaining(["chains", "assetLists", "ibcData"]),
    );
  });
});
