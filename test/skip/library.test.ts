/**
 * The Skip Go discovery answers on the embedded mainnet registry (chain-registry, converted now),
 * checked against facts of the chain registry itself and the hosted API's published examples.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { buildRouter, type AssetRouter } from "../../src/index.js";
import { loadChainRegistryWithIssues } from "../../src/entries/chain-registry.js";
import { skipAssets, skipBridges, skipChains, skipIbcOriginAssets, skipRecommendAssets, skipVenues } from "../../src/router/skip.js";
import { SkipAssetsResponseSchema, SkipChainsResponseSchema, IbcOriginAssetsResponseSchema, RecommendAssetsResponseSchema } from "../../src/wire/skip.js";
import { FungibleError } from "../../src/errors.js";

let router: AssetRouter;

beforeAll(async () => {
  const { registry, issues } = await loadChainRegistryWithIssues();
  router = buildRouter(registry, { issues });
});

const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
// As the hosted API writes it (EIP-55); requests may use any case.
const USDC_ETHEREUM = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

describe("chains", () => {
  test("cosmoshub-4 and osmosis-1: bech32 prefix, fee asset with gas prices, logo, capabilities", () => {
    const { chains } = skipChains(router, { chain_ids: ["cosmoshub-4", "osmosis-1"] });
    SkipChainsResponseSchema.parse({ chains });
    const hub = chains.find((c) => c.chain_id === "cosmoshub-4")!;
    expect(hub).toMatchObject({ chain_name: "cosmoshub", pretty_name: "Cosmos Hub", chain_type: "cosmos", bech32_prefix: "cosmos", is_testnet: false, pfm_enabled: true });
    expect(hub.fee_assets[0]).toEqual({ denom: "uatom", gas_price: { low: "0.01", average: "0.025", high: "0.03" } });
    expect(hub.logo_uri).toMatch(/^https:\/\/.*cosmoshub.*\.png$/);
    expect(hub.ibc_capabilities.cosmos_pfm).toBe(true);
    const osmosis = chains.find((c) => c.chain_id === "osmosis-1")!;
    expect(osmosis.bech32_prefix).toBe("osmo");
    expect(osmosis.fee_assets[0]!.denom).toBe("uosmo");
    expect(osmosis.ibc_capabilities).toMatchObject({ cosmos_pfm: true, cosmos_ibc_hooks: true });
    expect(chains.map((c) => c.chain_id)).toEqual(["cosmoshub-4", "osmosis-1"]);
  });

  test("EVM and SVM chains only when asked; no testnets on a mainnet registry", () => {
    const cosmosOnly = skipChains(router).chains;
    expect(cosmosOnly.every((c) => c.chain_type === "cosmos")).toBe(true);
    expect(cosmosOnly.length).toBeGreaterThan(100);
    const all = skipChains(router, { include_evm: true, include_svm: true }).chains;
    expect(all.find((c) => c.chain_id === "1")).toMatchObject({ chain_type: "evm", bech32_prefix: "" });
    expect(all.find((c) => c.chain_id === "solana")).toMatchObject({ chain_type: "svm" });
    expect(skipChains(router, { include_evm: true, only_testnets: true }).chains).toEqual([]);
  });

  test("an unknown chain id is unknown_chain with close matches; a bad flag is invalid_request", () => {
    expect(() => skipChains(router, { chain_ids: ["osmosis-2"] })).toThrow(/chain "osmosis-2" is not in the registry.*osmosis-1/);
    expect(() => skipChains(router, { include_evm: "yes" as never })).toThrow(FungibleError);
  });
});

describe("assets", () => {
  test("chain_to_assets_map with is_svm on every asset; EVM tokens carry token_contract when asked", () => {
    const answer = skipAssets(router, { chain_ids: ["1", "osmosis-1", "solana"], include_evm_assets: true, include_svm_assets: true });
    SkipAssetsResponseSchema.parse(answer);
    const eth = answer.chain_to_assets_map["1"]!.assets;
    expect(eth.find((a) => a.denom === USDC_ETHEREUM)).toMatchObject({ is_evm: true, is_svm: false, token_contract: USDC_ETHEREUM, symbol: "USDC" });
    const sol = answer.chain_to_assets_map["solana"]!.assets;
    expect(sol.length).toBeGreaterThan(0);
    expect(sol.every((a) => a.is_svm)).toBe(true);
    expect(answer.chain_to_assets_map["osmosis-1"]!.assets.find((a) => a.denom === "uosmo")).toMatchObject({ is_svm: false, is_evm: false, trace: "" });
  });

  test("defaults leave out EVM, SVM, CW20 and no-metadata assets; native_only keeps empty traces", () => {
    const plain = skipAssets(router, { chain_ids: ["1", "solana", "osmosis-1"] }).chain_to_assets_map;
    expect(Object.keys(plain)).toEqual(["osmosis-1"]);
    const native = skipAssets(router, { chain_ids: ["osmosis-1"], native_only: true }).chain_to_assets_map["osmosis-1"]!.assets;
    expect(native.every((a) => a.trace === "")).toBe(true);
    expect(native.map((a) => a.denom)).toContain("uosmo");
    const cw20 = skipAssets(router, { chain_ids: ["juno-1"], include_cw20_assets: true }).chain_to_assets_map["juno-1"]!.assets.filter((a) => a.is_cw20);
    expect(cw20.length).toBeGreaterThan(0);
    for (const asset of cw20) expect(`cw20:${asset.token_contract}`).toBe(asset.denom);
  });
});

describe("bridges and venues", () => {
  test("the bridge types the data uses, named as the hosted API names them", () => {
    const ids = skipBridges(router).bridges.map((b) => b.id);
    expect(ids).toEqual(expect.arrayContaining(["IBC", "AXELAR", "CCTP"]));
    expect(skipBridges(router).bridges[0]).toEqual({ id: "IBC", name: "IBC", logo_uri: "https://raw.githubusercontent.com/skip-mev/skip-go-registry/main/bridges/ibc/logo.svg" });
  });

  test("the registry's swap venues; none on testnets", () => {
    expect(skipVenues(router).venues).toContainEqual({ name: "osmosis-poolmanager", chain_id: "osmosis-1" });
    expect(skipVenues(router, { only_testnets: true }).venues).toEqual([]);
  });
});

describe("ibc_origin_assets", () => {
  test("ATOM on Osmosis comes from uatom on cosmoshub-4; a native is its own origin; the unknown is asset_found false", () => {
    const answer = skipIbcOriginAssets(router, {
      assets: [
        { denom: ATOM_ON_OSMOSIS, chain_id: "osmosis-1" },
        { denom: "uosmo", chain_id: "osmosis-1" },
        { denom: "unothing", chain_id: "osmosis-1" },
        { denom: "uatom", chain_id: "nowhere-1" },
      ],
    });
    IbcOriginAssetsResponseSchema.parse(answer);
    expect(answer.origin_assets[0]).toEqual({ asset: expect.objectContaining({ denom: "uatom", chain_id: "cosmoshub-4", trace: "", symbol: "ATOM" }), asset_found: true });
    expect(answer.origin_assets[1]!.asset).toMatchObject({ denom: "uosmo", chain_id: "osmosis-1" });
    expect(answer.origin_assets.slice(2)).toEqual([{ asset_found: false }, { asset_found: false }]);
    expect(() => skipIbcOriginAssets(router, { assets: [{ denom: "uatom" } as never] })).toThrow(/chain_id is required/);
  });
});

describe("recommend_assets", () => {
  test("the reasons of assets_from_source's recommendation_reason, computed by that query", () => {
    const answer = skipRecommendAssets(router, {
      requests: [
        { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" },
        { source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: "osmosis-1", dest_chain_id: "cosmoshub-4" },
        { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1", reason: "DIRECT" },
        { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_chain_id: "nowhere-1" },
      ],
    });
    RecommendAssetsResponseSchema.parse(answer);
    const [toOsmosis, home, direct, unknown] = answer.recommendation_entries;
    expect(toOsmosis!.recommendations).toEqual([{ asset: expect.objectContaining({ denom: ATOM_ON_OSMOSIS }), reason: "MOST_LIQUID" }]);
    expect(home!.recommendations).toEqual([{ asset: expect.objectContaining({ denom: "uatom", chain_id: "cosmoshub-4" }), reason: "BASE_TOKEN" }]);
    const mostLiquid = router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", allow_multi_tx: true, recommendation_reason: "MOST_LIQUID" });
    expect(toOsmosis!.recommendations[0]!.asset).toBe(mostLiquid.dest_assets["osmosis-1"]!.assets[0]);
    expect(direct!.recommendations.map((r) => r.reason)).toEqual(direct!.recommendations.map(() => "DIRECT"));
    expect(direct!.recommendations.map((r) => r.asset.denom)).toContain(ATOM_ON_OSMOSIS);
    expect(unknown).toEqual({ recommendations: [], error: { message: expect.stringContaining('"nowhere-1" is not in the registry') } });
  });
});
