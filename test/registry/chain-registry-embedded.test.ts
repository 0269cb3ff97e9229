/**
 * The adapter on the real data: the embedded npm `chain-registry` package, loaded once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { hasFatalIssue, type RegistryIssue } from "../../src/registry/issues.js";
import { loadChainRegistry, loadChainRegistryWithIssues } from "../../src/entries/chain-registry.js";
import { assetKey, parseRegistry, type Registry } from "../../src/registry/schema.js";
import { validateRegistry } from "../../src/index.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

let registry: Registry;
let issues: RegistryIssue[];

beforeAll(async () => {
  ({ registry, issues } = await loadChainRegistryWithIssues());
});

const find = (chainId: string, denom: string) =>
  registry.assets.find((asset) => assetKey(asset.chain_id, asset.denom) === assetKey(chainId, denom));

const linked = (bridge: string, a: [string, string], b: [string, string]) =>
  registry.bridge_links.some(
    (link) =>
      link.bridge === bridge &&
      [
        [link.from, link.to],
        [link.to, link.from],
      ].some(
        ([x, y]) =>
          assetKey(x!.chain_id, x!.denom) === assetKey(...a) && assetKey(y!.chain_id, y!.denom) === assetKey(...b),
      ),
  );

describe("embedded chain registry", () => {
  it("loads into a registry parseRegistry accepts, with plenty of everything", () => {
    expect(() => parseRegistry(registry)).not.toThrow();
    expect(registry.chains.length).toBeGreaterThan(200);
    expect(registry.assets.length).toBeGreaterThan(1500);
    expect(registry.ibc_channels.length).toBeGreaterThan(500);
    expect(registry.bridge_links.length).toBeGreaterThan(50);
  });

  it("loadChainRegistry gives the same registry without the issues", async () => {
    const again = await loadChainRegistry();
    expect(again.assets.length).toBe(registry.assets.length);
    expect(again.chains.map((c) => c.chain_id)).toEqual(registry.chains.map((c) => c.chain_id));
  });

  it("has ATOM on osmosis-1 as the transfer/channel-0 voucher of cosmoshub-4 uatom", () => {
    expect(find("osmosis-1", "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2")).toMatchObject({
      trace: "transfer/channel-0",
      origin_chain_id: "cosmoshub-4",
      origin_denom: "uatom",
      symbol: "ATOM",
      decimals: 6,
    });
    expect(find("cosmoshub-4", "uatom")).toMatchObject({ trace: "", origin_chain_id: "cosmoshub-4", symbol: "ATOM" });
  });

  it("gives the non-Cosmos chains their overlay ids", () => {
    const byName = new Map(registry.chains.map((c) => [c.chain_name, c]));
    expect(byName.get("arbitrum")).toMatchObject({ chain_id: "42161", chain_type: "evm" });
    expect(byName.get("solana")).toMatchObject({ chain_id: "solana", chain_type: "svm" });
    expect(byName.get("ethereum")).toMatchObject({ chain_id: "1", chain_type: "evm" });
    expect(byName.has("ton")).toBe(false);
    expect(registry.chains.some((c) => c.chain_name?.endsWith("testnet"))).toBe(false);
    expect(issues).toContainEqual(expect.objectContaining({ code: "chain_without_id", where: "chains ton" }));
  });

  it("links known Axelar, Eureka and CCTP assets", () => {
    const ethUsdc: [string, string] = ["1", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"];
    expect(linked("AXELAR", ethUsdc, ["axelar-dojo-1", "uusdc"])).toBe(true);
    expect(
      linked(
        "EUREKA",
        ["1", "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599"],
        ["cosmoshub-4", "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462"],
      ),
    ).toBe(true);
    expect(linked("CCTP", ethUsdc, ["noble-1", "uusdc"])).toBe(true);
    expect(linked("CCTP", ["noble-1", "uusdc"], ["42161", "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"])).toBe(true);
    expect(
      linked(
        "CCTP",
        ["solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
        ["8453", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"],
      ),
    ).toBe(true);
  });

  it("keeps the Eureka voucher's origin on Ethereum", () => {
    expect(find("cosmoshub-4", "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462")).toMatchObject({
      trace: "transfer/08-wasm-1369",
      origin_chain_id: "1",
      origin_denom: "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599",
    });
  });

  it("every voucher in the output hashes from its trace and origin denom", () => {
    const vouchers = registry.assets.filter((asset) => asset.trace !== "");
    expect(vouchers.length).toBeGreaterThan(500);
    const wrong = vouchers.filter((asset) => asset.denom !== oracleIbcDenom(asset.trace, asset.origin_denom));
    expect(wrong).toEqual([]);
  });

  it("every bridge link joins two listed assets, and only routed bridge types appear", () => {
    const keys = new Set(registry.assets.map((a) => assetKey(a.chain_id, a.denom)));
    for (const link of registry.bridge_links) {
      expect(keys.has(assetKey(link.from.chain_id, link.from.denom))).toBe(true);
      expect(keys.has(assetKey(link.to.chain_id, link.to.denom))).toBe(true);
    }
    expect(new Set(registry.bridge_links.map((l) => l.bridge))).toEqual(new Set(["AXELAR", "EUREKA", "CCTP"]));
  });

  it("adapter issues are warnings, and validateRegistry finds nothing fatal", () => {
    expect(hasFatalIssue(issues)).toBe(false);
    expect(issues.filter((i) => i.code === "unrouted_bridge").length).toBeGreaterThan(0);
    expect(issues.filter((i) => i.code === "unrouted_bridge").map((i) => i.where)).toEqual(
      expect.arrayContaining(["bridge provider Union", "bridge provider Wormhole", "bridge provider Gravity Bridge"]),
    );
    expect(hasFatalIssue(validateRegistry(registry))).toBe(false);
  });
});
