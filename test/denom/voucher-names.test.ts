/**
 * Every voucher's name adds up (issue 34, item 3): on both shipped datasets, each asset with a
 * trace has denom === "ibc/" + uppercase hex SHA-256(trace + "/" + origin_denom), in the library's
 * records (the registry and the model's asset records), in what assetsOnChain answers, and in the
 * HTTP answer of /v2/fungible/assets. The hash is node:crypto's, not the library's. A voucher's
 * origin_denom is the text its chains hashed; EIP-55 is for an EVM chain's own contracts only.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import type { AssetRouter, WireAsset } from "../../src/index.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { checksumAddress } from "../../src/denom/evm-address.js";
import { canonicalAssets, type Model } from "../../src/model/model.js";
import type { RouteIndex } from "../../src/query/route-index.js";
import { ROUTER_BRAND } from "../../src/router/router.js";
import { shippedRouter } from "../support/shipped-router.js";

const hashed = (trace: string, originDenom: string) => `ibc/${createHash("sha256").update(`${trace}/${originDenom}`, "utf8").digest("hex").toUpperCase()}`;

interface Named {
  chain: string;
  denom: string;
  trace: string;
  origin: string;
}

/** The vouchers whose denom is not the hash of their trace and origin denom, as "chain denom". */
function misnamed(vouchers: Iterable<Named>): string[] {
  const wrong: string[] = [];
  for (const v of vouchers) if (v.trace !== "" && hashed(v.trace, v.origin) !== v.denom) wrong.push(`${v.chain} ${v.denom}`);
  return wrong;
}

const fromWire = (a: Pick<WireAsset, "chain_id" | "denom" | "trace" | "origin_denom">): Named => ({ chain: a.chain_id, denom: a.denom, trace: a.trace, origin: a.origin_denom });

function modelOf(router: AssetRouter): Model {
  return (router[ROUTER_BRAND] as unknown as { routeIndex: RouteIndex }).routeIndex.model;
}

describe.each(["mainnet", "testnet"] as const)("every voucher of the shipped %s dataset hashes to its denom", (network) => {
  let router: AssetRouter;
  beforeAll(async () => {
    router = await shippedRouter(network);
  }, 60_000);

  test("in the registry and the model's records (listed and derived)", () => {
    const registry = router.registry.assets.map((a) => ({ chain: a.chain_id, denom: a.denom, trace: a.trace, origin: a.origin_denom }));
    expect(misnamed(registry)).toEqual([]);
    const records = canonicalAssets(modelOf(router)).map((a) => ({ chain: a.chainId, denom: a.denom, trace: a.trace, origin: a.originDenom }));
    expect(records.filter((r) => r.trace !== "").length).toBeGreaterThan(network === "mainnet" ? 20_000 : 500);
    expect(misnamed(records)).toEqual([]);
  });

  test("on the wire: every asset assetsOnChain lists, and every wire object of the model", () => {
    const listed = router.chains().flatMap((chain) => router.assetsOnChain(chain.chain_id));
    expect(misnamed(listed.map(fromWire))).toEqual([]);
    expect(misnamed(canonicalAssets(modelOf(router)).map((a) => fromWire(a.wire)))).toEqual([]);
  });

  test("on the wire over HTTP: /v2/fungible/assets with every asset", async () => {
    const handler = createFetchHandler(router);
    const response = await handler(new Request(`http://127.0.0.1/v2/fungible/assets?include_evm_assets=true&include_no_metadata_assets=true&include_cw20_assets=true${network === "testnet" ? "&only_testnets=true" : ""}`));
    const body = (await response.json()) as { chain_to_assets_map: Record<string, { assets: WireAsset[] }> };
    const assets = Object.values(body.chain_to_assets_map).flatMap((c) => c.assets);
    expect(assets.some((a) => a.trace !== "")).toBe(true);
    expect(misnamed(assets.map(fromWire))).toEqual([]);
  });
});

describe("real vouchers of Ethereum tokens (chain-registry 2.0.251, the package the mainnet dataset is built from)", () => {
  let router: AssetRouter;
  beforeAll(async () => {
    router = await shippedRouter("mainnet");
  }, 60_000);

  // [holding chain, denom, trace, origin denom as the chain hashed it; the chain-registry file it is listed in]
  const EXAMPLES: [string, string, string, string, string][] = [
    // Eureka (IBC v2): the address in lower case, as its traces' chain.path writes it.
    ["cosmoshub-4", "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462", "transfer/08-wasm-1369", "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599", "mainnet/cosmoshub/asset-list (WBTC)"],
    ["cosmoshub-4", "ibc/C0B53D3D23827AE38058BED0BDCD554229278AF530A8D265FCF6DFF7C4B2ADFF", "transfer/08-wasm-1369", "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2", "mainnet/cosmoshub/asset-list (ETH)"],
    // sUSDS: the list's counterparty base_denom is mixed case, its path (what was hashed) lower case.
    ["cosmoshub-4", "ibc/B9B561EB378C9EB8C13CAA11FCBC78E6B865A3C65707972F17B1052CFC39F473", "transfer/08-wasm-1369", "0xa3931d71877c0e7a3148cb7eb4463524fec27fbd", "mainnet/cosmoshub/asset-list (sUSDS)"],
    // Picasso's Ethereum bridge: DAI in lower case, stETH in its EIP-55 form; each as its path writes it.
    ["centauri-1", "ibc/A342F6F8D1CDE1D934C50E8EAFF91E813D971E1BFEED7E557F1674E01004A533", "transfer/channel-52", "0x6b175474e89094c44da98b954eedeac495271d0f", "mainnet/composable/asset-list (DAI)"],
    ["centauri-1", "ibc/74F65FE91F672BC2524C039B3CD0211F6D370071209552533DF26D57743D5FFD", "transfer/channel-52", "0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84", "mainnet/composable/asset-list (stETH)"],
  ];

  test.each(EXAMPLES)("%s %s: trace %s over %s (%s)", (chain, denom, trace, origin) => {
    expect(hashed(trace, origin)).toBe(denom);
    const asset = router.assetsOnChain(chain).find((a) => a.denom === denom);
    expect(asset).toMatchObject({ trace, origin_chain_id: "1", origin_denom: origin });
  });

  test("the Ethereum token itself, an EVM chain's own contract, is written EIP-55; its voucher's origin is not", () => {
    const wbtc = router.assetsOnChain("1").find((a) => a.denom.toLowerCase() === "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599");
    expect(wbtc).toMatchObject({ denom: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599", origin_denom: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599" });
    expect(checksumAddress(wbtc!.denom)).toBe(wbtc!.denom);
    const voucher = router.assetsOnChain("cosmoshub-4").find((a) => a.denom === EXAMPLES[0]![1])!;
    expect(voucher.origin_denom).not.toBe(wbtc!.denom);
    expect(voucher.origin_denom.toLowerCase()).toBe(wbtc!.denom.toLowerCase());
  });
});
