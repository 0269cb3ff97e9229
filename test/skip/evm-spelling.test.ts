/**
 * One spelling per EVM token (issue 25, item 2; issue 34, item 3): on the shipped mainnet data every
 * ERC-20 denom of an EVM chain, a native's origin denom and every token_contract is EIP-55
 * checksummed, as the hosted API's recorded answers
 * write them (fixtures/skip-chains/ sources; osmosis-frontend's recorded assets answer writes
 * USDC as 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48), while a voucher's origin_denom is the text
 * its chains hashed (test/denom/voucher-names.test.ts); requests may use any case; the hosted API's
 * name of the native asset (`ethereum-native`, src/registry/data/native-names.json) is accepted.
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { AssetRouter } from "../../src/index.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { checksumAddress, isEvmAddress } from "../../src/denom/evm-address.js";
import { shippedRouter } from "../support/shipped-router.js";

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
let router: AssetRouter;

beforeAll(async () => {
  router = await shippedRouter("mainnet");
}, 60_000);

const checksummed = (value: string | undefined) => value === undefined || !isEvmAddress(value) || value === checksumAddress(value);

describe("EVM addresses in the shipped data and its answers", () => {
  test("every asset of every chain as assetsOnChain lists it: denom, and a native's origin_denom, checksummed where they are EVM addresses", () => {
    const assets = router.chains().flatMap((chain) => router.assetsOnChain(chain.chain_id));
    const addresses = assets.flatMap((a) => (a.trace === "" ? [a.denom, a.origin_denom] : [a.denom])).filter(isEvmAddress);
    expect(addresses.length).toBeGreaterThan(100);
    expect(addresses.filter((v) => !checksummed(v))).toEqual([]);
    // The registry keeps the spelling it was given (some lower case): an IBC hash is over the chain's own text.
    expect(router.registry.assets.some((a) => isEvmAddress(a.denom) && !checksummed(a.denom))).toBe(true);
  });

  test("the Eureka voucher of WBTC: its origin written as Eureka hashed it (lower case), so its denom adds up", () => {
    const wbtc = router.assetsOnChain("cosmoshub-4").find((a) => a.denom === "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462");
    expect(wbtc).toMatchObject({ origin_chain_id: "1", origin_denom: "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599", trace: "transfer/08-wasm-1369" });
  });

  test("/v2/fungible/assets with EVM assets writes every address but a voucher's origin checksummed; IBC denoms keep their case", async () => {
    const handler = createFetchHandler(router);
    const response = await handler(new Request("http://127.0.0.1/v2/fungible/assets?include_evm_assets=true&include_no_metadata_assets=true"));
    const body = (await response.json()) as { chain_to_assets_map: Record<string, { assets: Record<string, string>[] }> };
    const assets = Object.values(body.chain_to_assets_map).flatMap((c) => c.assets);
    const addresses = assets
      .flatMap((a) => [a.denom, a.trace === "" ? a.origin_denom : undefined, a.token_contract])
      .filter((v): v is string => v !== undefined && isEvmAddress(v));
    expect(addresses.length).toBeGreaterThan(50);
    expect(addresses.filter((v) => v !== checksumAddress(v))).toEqual([]);
    expect(assets.find((a) => a.chain_id === "1" && a.denom === USDC)).toMatchObject({ token_contract: USDC });
    const ibc = assets.filter((a) => a.denom!.startsWith("ibc/"));
    expect(ibc.every((a) => /^ibc\/[0-9A-F]{64}$/.test(a.denom!))).toBe(true);
  });

  test("a request in any case finds the token, and the answer spells it checksummed", () => {
    for (const spelling of [USDC.toLowerCase(), USDC.toUpperCase().replace("0X", "0x"), USDC]) {
      const route = router.route({ chain_id: "1", denom: spelling }, { chain_id: "noble-1", denom: "uusdc" });
      expect(route?.hops[0]!.from).toMatchObject({ chain_id: "1", denom: USDC });
    }
  });

  test("ethereum-native names the native asset of chain 1, as the hosted API writes it", () => {
    const byName = router.assetsFromSource({ source_asset_chain_id: "1", source_asset_denom: "ethereum-native", allow_multi_tx: true });
    const byDenom = router.assetsFromSource({ source_asset_chain_id: "1", source_asset_denom: "wei", allow_multi_tx: true });
    expect(byName).toEqual(byDenom);
    expect(router.assetsOnChain("1").filter((a) => a.denom === "wei")).toHaveLength(1);
    // Only on its own chain, and only the names the hosted API uses: elsewhere the name is unknown.
    expect(() => router.assetsFromSource({ source_asset_chain_id: "42161", source_asset_denom: "ethereum-native" })).toThrow(/not in the registry/);
    expect(() => router.assetsFromSource({ source_asset_chain_id: "1", source_asset_denom: "arbitrum-native" })).toThrow(/not in the registry/);
  });
});
