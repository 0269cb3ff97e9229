/**
 * The router on the shipped mainnet dataset (compiled from the npm package chain-registry): it must
 * reproduce what the chain registry itself declares, and known facts of the live networks.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { buildRouter, parseRegistry, type AssetRouter, type Registry } from "../../src/index.js";
import { shippedRouter } from "../support/shipped-router.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

let registry: Registry;
let routeIndex: AssetRouter;

beforeAll(async () => {
  // The shipped mainnet dataset: the chain registry compiled at build time (test/support/shipped-router.ts).
  routeIndex = await shippedRouter();
  registry = routeIndex.registry;
});

const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
const USDC_ON_OSMOSIS = "ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4";

describe("known facts of the live networks", () => {
  test("ATOM reaches osmosis-1 as ibc/27394F... over transfer/channel-0 in one transaction", () => {
    const answer = routeIndex.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
    expect(answer.dest_assets["osmosis-1"]!.assets).toContainEqual(
      expect.objectContaining({ denom: ATOM_ON_OSMOSIS, trace: "transfer/channel-0", origin_denom: "uatom", origin_chain_id: "cosmoshub-4", symbol: "ATOM" }),
    );
    const route = routeIndex.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS })!;
    expect(route.hops.map((h) => [h.kind, h.kind === "ibc" && h.channel])).toEqual([["ibc", "channel-141"]]);
  });

  test("osmosis-1 -> cosmoshub-4 moves ATOM home and Noble USDC onwards", () => {
    const pairs = routeIndex.assetsBetweenChains({ source_chain_id: "osmosis-1", dest_chain_id: "cosmoshub-4" }).assets_between_chains;
    expect(pairs).toContainEqual(
      expect.objectContaining({ asset_on_source: expect.objectContaining({ denom: ATOM_ON_OSMOSIS }), asset_on_dest: expect.objectContaining({ denom: "uatom" }), txs_required: 1, bridges: ["IBC"] }),
    );
    expect(pairs.length).toBeGreaterThan(5);
    const usdc = routeIndex.assetsFromSource({ source_asset_denom: USDC_ON_OSMOSIS, source_asset_chain_id: "osmosis-1" });
    expect(usdc.dest_assets["noble-1"]!.assets.map((a) => a.denom)).toContain("uusdc");
  });

  test("CCTP joins Noble USDC and Arbitrum USDC in one hop (EVM side only with include_evm_assets)", () => {
    const request = { source_chain_id: "noble-1", dest_chain_id: "42161" };
    expect(routeIndex.assetsBetweenChains(request).assets_between_chains).toEqual([]);
    const pairs = routeIndex.assetsBetweenChains({ ...request, include_evm_assets: true }).assets_between_chains;
    expect(pairs).toContainEqual(
      expect.objectContaining({
        asset_on_source: expect.objectContaining({ denom: "uusdc" }),
        asset_on_dest: expect.objectContaining({ denom: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", is_evm: true }),
        txs_required: 1,
        bridges: ["CCTP"],
      }),
    );
  });

  test("Axelar links Ethereum USDC to axelar-dojo-1 uusdc; Eureka brings Ethereum WBTC to the Hub keeping its origin", () => {
    const fromEthereum = routeIndex.assetsFromSource({ source_asset_denom: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", source_asset_chain_id: "1" });
    expect(fromEthereum.dest_assets["axelar-dojo-1"]!.assets.map((a) => a.denom)).toContain("uusdc");
    const wbtc = "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599";
    const hub = routeIndex.assetsFromSource({ source_asset_denom: wbtc, source_asset_chain_id: "1" }).dest_assets["cosmoshub-4"]!.assets;
    const eurekaWbtc = hub.find((a) => a.trace === "transfer/08-wasm-1369")!;
    expect(eurekaWbtc).toMatchObject({ origin_chain_id: "1", denom: oracleIbcDenom("transfer/08-wasm-1369", wbtc) });
    // Answers write the origin as Eureka hashed it, lower case (EIP-55 is for the token on Ethereum itself).
    expect(eurekaWbtc.origin_denom).toBe(wbtc);
    expect(routeIndex.route({ chain_id: "1", denom: wbtc }, eurekaWbtc)!.bridges).toEqual(["EUREKA"]);
  });
});

describe("the routeIndex reproduces the chain registry's own voucher denoms", () => {
  test("every listed single-hop voucher of a native asset, removed from the registry, is derived again with the same denom", () => {
    const channelsBetween = (a: string, b: string) =>
      registry.ibc_channels.filter(
        (c) =>
          c.status === "ACTIVE" &&
          c.chain_1.port_id === "transfer" &&
          c.chain_2.port_id === "transfer" &&
          ((c.chain_1.chain_id === a && c.chain_2.chain_id === b) || (c.chain_1.chain_id === b && c.chain_2.chain_id === a)),
      );
    const natives = new Set(registry.assets.filter((a) => a.trace === "" && !a.is_cw20).map((a) => `${a.chain_id}|${a.denom}`));
    // Where exactly one ACTIVE transfer channel joins the two chains, the derivation has no choice to make.
    const declared = registry.assets.filter(
      (a) =>
        /^transfer\/channel-\d+$/.test(a.trace) &&
        natives.has(`${a.origin_chain_id}|${a.origin_denom}`) &&
        channelsBetween(a.chain_id, a.origin_chain_id).length === 1 &&
        channelsBetween(a.chain_id, a.origin_chain_id).some((c) => [c.chain_1, c.chain_2].some((end) => end.chain_id === a.chain_id && `transfer/${end.channel_id}` === a.trace)),
    );
    expect(declared.length).toBeGreaterThan(100);
    const removed = new Set(declared.map((a) => `${a.chain_id}|${a.denom}`));
    const keep = (ref: { chain_id: string; denom: string }) => !removed.has(`${ref.chain_id}|${ref.denom}`);
    const stripped = parseRegistry({
      ...registry,
      assets: registry.assets.filter(keep),
      bridge_links: registry.bridge_links.filter((l) => keep(l.from) && keep(l.to)),
      swap_venues: [],
    });
    const rebuilt = buildRouter(stripped);
    // A chain that still lists another version of the origin asset gets no derived voucher (docs/behaviour.md §2).
    const versions = new Set(stripped.assets.map((a) => `${a.chain_id}|${a.origin_chain_id}|${a.origin_denom}`));
    const expected = declared.filter((v) => !versions.has(`${v.chain_id}|${v.origin_chain_id}|${v.origin_denom}`));
    expect(expected.length).toBeGreaterThan(100);
    const missing = expected.filter((voucher) => {
      const answer = rebuilt.assetsFromSource({ source_asset_denom: voucher.origin_denom, source_asset_chain_id: voucher.origin_chain_id });
      return !answer.dest_assets[voucher.chain_id]?.assets.some((a) => a.denom === voucher.denom && a.trace === voucher.trace);
    });
    expect(missing.map((v) => `${v.chain_id} ${v.denom} ${v.trace} ${v.origin_denom}`)).toEqual([]);
  });
});
