/**
 * The default mainnet registry's swap venues and its vouchers of unresolved origin, on the
 * embedded npm `chain-registry` package, loaded once. Venue facts: the cited snapshots of
 * src/registry/data/swap-venues.json; DOT and milkINIT: the package's composable, osmosis and
 * initia asset lists.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AssetRouter } from "../../src/index.js";
import { buildRouter } from "../../src/index.js";
import { hasFatalIssue, type RegistryIssue } from "../../src/index.js";
import { loadChainRegistry, loadChainRegistryWithIssues } from "../../src/entries/chain-registry.js";
import { assetKey, type Registry } from "../../src/registry/schema.js";
import { defaultSwapVenues } from "../../src/entries/chain-registry.js";
import { validateRegistry } from "../../src/index.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

let registry: Registry;
let issues: RegistryIssue[];
let router: AssetRouter;

beforeAll(async () => {
  ({ registry, issues } = await loadChainRegistryWithIssues());
  router = buildRouter(registry);
});

const USDC_ON_OSMOSIS = "ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4";
const ATOM_ON_NEUTRON = "ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9";
const DOT_BASE = "79228162514264337593543950342";
const DOT_ON_CENTAURI = "ibc/3CC19CEC7E5A3E90E78A5A9ECC5A0E2F8F826A375CF1E096F4515CF09DA3E366";
const DOT_ON_OSMOSIS = "ibc/6B2B19D874851F631FF0AF82C38A20D4B82F438C7A22F41EDA33568345397244";
const MILK_INIT = "ibc/39B55F22F15FB09189045A993817CDF0D388D3FF8773B2E22B6DE7B222636EEA";

const reached = (answer: ReturnType<AssetRouter["assetsFromSource"]>) =>
  new Set(Object.entries(answer.dest_assets).flatMap(([chainId, group]) => group.assets.map((a) => `${chainId} ${a.denom}`)));

describe("swap venues of the default registry", () => {
  it("are the embedded venues, on chains of the registry", () => {
    expect(registry.swap_venues.map((v) => [v.name, v.chain_id])).toEqual([
      ["osmosis-poolmanager", "osmosis-1"],
      ["neutron-astroport", "neutron-1"],
      ["terra-astroport", "phoenix-1"],
    ]);
    expect(registry.swap_venues).toEqual(defaultSwapVenues());
    // Denoms that are no listed asset only warn (the router also swaps derived vouchers, and
    // ignores the rest); nothing is fatal.
    const validation = validateRegistry(registry);
    expect(hasFatalIssue(validation)).toBe(false);
    const listed = new Set(registry.assets.map((a) => assetKey(a.chain_id, a.denom)));
    const unlisted = registry.swap_venues.flatMap((v) => v.denoms.filter((d) => !listed.has(assetKey(v.chain_id, d))));
    expect(validation.filter((i) => i.code === "swap_venue_denom_unlisted")).toHaveLength(unlisted.length);
  });

  it("include_swaps lets OSMO reach what only a pool reaches: Noble USDC on osmosis-1, then noble-1 uusdc", () => {
    const request = { source_asset_denom: "uosmo", source_asset_chain_id: "osmosis-1", allow_multi_tx: true };
    const plain = reached(router.assetsFromSource(request));
    const swapping = reached(router.assetsFromSource({ ...request, include_swaps: true }));
    expect(swapping.size).toBeGreaterThan(plain.size * 10);
    for (const key of plain) expect(swapping.has(key)).toBe(true);
    for (const key of [`osmosis-1 ${USDC_ON_OSMOSIS}`, "noble-1 uusdc"]) {
      expect(plain.has(key), key).toBe(false);
      expect(swapping.has(key), key).toBe(true);
    }
  });

  it("swap_venues limited to Astroport on neutron-1 decides what NTRN reaches; route names the venue", () => {
    const request = { source_asset_denom: "untrn", source_asset_chain_id: "neutron-1", include_swaps: true };
    const astroportOnly = [{ name: "neutron-astroport", chain_id: "neutron-1" }];
    const onNeutron = (answer: ReturnType<AssetRouter["assetsFromSource"]>) =>
      (answer.dest_assets["neutron-1"]?.assets ?? []).map((a) => a.denom);
    const plain = router.assetsFromSource({ ...request, include_swaps: false });
    expect(onNeutron(plain)).toEqual([]);
    const astroport = router.assetsFromSource({ ...request, swap_venues: astroportOnly });
    expect(onNeutron(astroport)).toContain(ATOM_ON_NEUTRON);
    expect(reached(astroport).has("cosmoshub-4 uatom")).toBe(true);
    expect(reached(plain).has("cosmoshub-4 uatom")).toBe(false);
    // The same venue name on another chain matches nothing: no swap at all.
    const elsewhere = router.assetsFromSource({ ...request, swap_venues: [{ name: "neutron-astroport", chain_id: "phoenix-1" }] });
    expect(reached(elsewhere)).toEqual(reached(plain));

    const from = { chain_id: "neutron-1", denom: "untrn" };
    expect(router.route(from, { chain_id: "cosmoshub-4", denom: "uatom" })).toBeNull();
    const route = router.route(from, { chain_id: "cosmoshub-4", denom: "uatom" }, { include_swaps: true, swap_venues: astroportOnly })!;
    expect(route.hops.map((h) => [h.kind, h.kind === "swap" ? h.venue : h.kind === "ibc" ? h.channel : h.bridge, h.to.denom])).toEqual([
      ["swap", "neutron-astroport", ATOM_ON_NEUTRON],
      ["ibc", "channel-1", "uatom"],
    ]);
    expect(route.txs_required).toBe(1);
  });

  it("a venues option replaces the default; a venue on an unknown chain is an invalid registry", async () => {
    const without = await loadChainRegistry({ venues: [] });
    expect(without.swap_venues).toEqual([]);
    const error = await loadChainRegistry({ venues: [{ name: "x", chain_id: "nowhere-9", denoms: ["a", "b"] }] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "invalid_registry", details: [expect.objectContaining({ path: ["swap_venues", 0, "chain_id"] })] });
  });
});

describe("assets whose origin the registry cannot resolve", () => {
  const find = (chainId: string, denom: string) => registry.assets.find((a) => a.chain_id === chainId && a.denom === denom);

  it("stay assets of their chain, each with an unresolved_origin warning", () => {
    expect(find("centauri-1", DOT_ON_CENTAURI)).toMatchObject({ symbol: "DOT", trace: "transfer/channel-2/transfer/channel-15", origin_denom: DOT_BASE, origin_chain_id: "centauri-1" });
    expect(find("osmosis-1", DOT_ON_OSMOSIS)).toMatchObject({ symbol: "DOT", trace: "transfer/channel-1279/transfer/channel-2/transfer/channel-15", origin_chain_id: "centauri-1" });
    expect(find("interwoven-1", MILK_INIT)).toMatchObject({ symbol: "milkINIT", trace: "transfer/channel-29", origin_chain_id: "interwoven-1" });
    for (const asset of [find("centauri-1", DOT_ON_CENTAURI)!, find("osmosis-1", DOT_ON_OSMOSIS)!, find("interwoven-1", MILK_INIT)!]) {
      expect(asset.denom).toBe(oracleIbcDenom(asset.trace, asset.origin_denom));
    }
    expect(issues.filter((i) => i.code === "unresolved_origin").map((i) => [i.severity, i.where])).toEqual([
      ["warning", "composable/assetlist DOT"],
      ["warning", "initia/assetlist milkINIT"],
      ["warning", "osmosis/assetlist DOT"],
    ]);
    expect(hasFatalIssue(issues)).toBe(false);
  });

  it("route over their IBC channels: DOT on osmosis-1 and DOT on centauri-1 reach each other", () => {
    const fromOsmosis = router.assetsFromSource({ source_asset_denom: DOT_ON_OSMOSIS, source_asset_chain_id: "osmosis-1" });
    expect(fromOsmosis.dest_assets["centauri-1"]!.assets.map((a) => a.denom)).toContain(DOT_ON_CENTAURI);
    const fromCentauri = router.assetsFromSource({ source_asset_denom: DOT_ON_CENTAURI, source_asset_chain_id: "centauri-1" });
    expect(fromCentauri.dest_assets["osmosis-1"]!.assets.map((a) => a.denom)).toContain(DOT_ON_OSMOSIS);
    const route = router.route({ chain_id: "osmosis-1", denom: DOT_ON_OSMOSIS }, { chain_id: "centauri-1", denom: DOT_ON_CENTAURI });
    expect(route?.hops.map((h) => [h.kind, h.kind === "ibc" && h.channel])).toEqual([["ibc", "channel-1279"]]);
  });

  it("milkINIT on interwoven-1 answers queries like any asset (no chain lists a voucher of it)", () => {
    const answer = router.assetsFromSource({ source_asset_denom: MILK_INIT, source_asset_chain_id: "interwoven-1", allow_multi_tx: true });
    expect(answer.dest_assets).toEqual({});
    // With swaps it is still no pool member, and the answer says so by staying empty rather than failing.
    expect(router.assetsFromSource({ source_asset_denom: MILK_INIT, source_asset_chain_id: "interwoven-1", include_swaps: true }).dest_assets).toEqual({});
  });
});
