/**
 * Issue 25 on a registry small enough to derive by hand (docs/behaviour.md §2, "Decoding the denoms
 * the network holds"): `ua` of a-1 forwarded a-1 -> b-1 -> c-1 lands on c-1 as the voucher of
 * `transfer/channel-9/transfer/channel-5/ua`, which the registry neither lists nor derives. As a
 * source it unwinds over c-1's channel-9 to b-1's derived voucher (trace `transfer/channel-5`), then
 * over b-1's channel-5 to `ua`; a-1's channel to d-1 is INACTIVE, which explain names.
 */
import { describe, expect, test } from "vitest";
import { destinations, explain } from "../../src/entries/explain.js";
import { buildRouter, ibcDenom, parseRegistry, type AssetRouter } from "../../src/index.js";
import type { Model } from "../../src/model/model.js";
import type { RouteIndex } from "../../src/query/route-index.js";
import { ROUTER_BRAND } from "../../src/router/router.js";

const REGISTRY = {
  chains: [
    { chain_id: "a-1", pfm_enabled: false },
    { chain_id: "b-1", pfm_enabled: true },
    { chain_id: "c-1", pfm_enabled: false },
    { chain_id: "d-1", pfm_enabled: true },
  ],
  assets: [
    { chain_id: "a-1", denom: "ua", symbol: "A", decimals: 6 },
    { chain_id: "a-1", denom: "ub", symbol: "B", decimals: 6 },
  ],
  ibc_channels: [
    { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-5" }, status: "ACTIVE" },
    { chain_1: { chain_id: "b-1", channel_id: "channel-6" }, chain_2: { chain_id: "c-1", channel_id: "channel-9" }, status: "ACTIVE" },
    { chain_1: { chain_id: "a-1", channel_id: "channel-1" }, chain_2: { chain_id: "d-1", channel_id: "channel-2" }, status: "INACTIVE" },
  ],
};

const TRACE = "transfer/channel-9/transfer/channel-5";
const ON_C = { chain_id: "c-1", denom: ibcDenom(TRACE, "ua") };
const ON_B = { chain_id: "b-1", denom: ibcDenom("transfer/channel-5", "ua") };
const source = () => ({ source_asset_chain_id: ON_C.chain_id, source_asset_denom: ON_C.denom });

function modelOf(router: AssetRouter): Model {
  return (router[ROUTER_BRAND] as unknown as { routeIndex: RouteIndex }).routeIndex.model;
}

describe("a decoded two-hop voucher as a source, derived by hand", () => {
  test("route unwinds it hop by hop; assets_from_source lists where it goes; it has no metadata (c-1 lists no version of ua)", () => {
    const router = buildRouter(parseRegistry(REGISTRY));
    const route = router.route(ON_C, { chain_id: "a-1", denom: "ua" })!;
    expect(route.from).toEqual({ denom: ON_C.denom, chain_id: "c-1", origin_denom: "ua", origin_chain_id: "a-1", trace: TRACE, is_cw20: false, is_evm: false, is_svm: false });
    expect(route.hops.map((hop) => [hop.from.chain_id, hop.kind === "ibc" ? `${hop.port}/${hop.channel}` : "", hop.to.chain_id, hop.to.denom, hop.starts_tx])).toEqual([
      ["c-1", "transfer/channel-9", "b-1", ON_B.denom, true],
      // b-1 forwards (packet-forward middleware): one transaction.
      ["b-1", "transfer/channel-5", "a-1", "ua", false],
    ]);
    expect(route.txs_required).toBe(1);
    // Where the unwind lands, then everything b-1's voucher reaches: ua on a-1 (d-1 only over an INACTIVE channel).
    const answer = router.assetsFromSource(source());
    expect(Object.fromEntries(Object.entries(answer.dest_assets).map(([chain, group]) => [chain, group.assets.map((a) => a.denom)]))).toEqual({
      "a-1": ["ua"],
      "b-1": [ON_B.denom],
    });
    // The hash in another case names the same asset.
    expect(router.assetsFromSource({ ...source(), source_asset_denom: ON_C.denom.toLowerCase() })).toEqual(answer);
  });

  test("explain: reachable with the route's hops; to d-1, the INACTIVE channel on the nearest path, found from the decoded source", () => {
    const router = buildRouter(parseRegistry(REGISTRY));
    const reachable = explain(router, { ...source(), dest_chain_id: "a-1" });
    expect(reachable.reachable).toBe(true);
    expect(reachable.routes[0]).toEqual(router.route(ON_C, { chain_id: "a-1", denom: "ua" }));
    const toD = explain(router, { ...source(), dest_chain_id: "d-1" });
    expect(toD.reachable).toBe(false);
    expect(toD.reasons).toEqual([
      expect.objectContaining({ code: "inactive_channel", chain_id: "a-1", channel: "channel-1", counterparty_chain_id: "d-1", path: ["c-1", "b-1", "a-1", "d-1"] }),
      // a-1 has no packet-forward middleware: even over that channel the route takes two transactions.
      expect.objectContaining({ code: "needs_multiple_txs", chain_id: "a-1", missing: "pfm" }),
    ]);
    const everywhere = destinations(router, source());
    expect(everywhere.destinations.map((d) => [d.chain_id, d.reachable, d.reasons.map((r) => r.code)])).toEqual([
      ["a-1", true, []],
      ["b-1", true, []],
      ["d-1", false, ["inactive_channel", "needs_multiple_txs"]],
    ]);
  });

  test("as a destination it is reached by no route, and explain says so", () => {
    const router = buildRouter(parseRegistry(REGISTRY));
    expect(router.route({ chain_id: "a-1", denom: "ua" }, ON_C)).toBeNull();
    const why = explain(router, { source_asset_chain_id: "a-1", source_asset_denom: "ua", dest_chain_id: "c-1", dest_asset_denom: ON_C.denom });
    expect(why.reachable).toBe(false);
    expect(why.reasons.map((r) => r.message).join("\n")).toMatch(/is a multi-hop voucher the registry does not list: decoded, it is a source whose routes unwind it, but no route arrives at it/);
  });

  test("admitting it changes no other answer, and none depends on what was asked first", () => {
    const first = buildRouter(parseRegistry(REGISTRY));
    const second = buildRouter(parseRegistry(REGISTRY));
    const fromA = { source_asset_chain_id: "a-1", source_asset_denom: "ua", allow_multi_tx: true };
    const before = [first.assetsFromSource(fromA), first.assetsOnChain("c-1"), first.assetsBetweenChains({ source_chain_id: "b-1", dest_chain_id: "a-1", include_no_metadata_assets: true })];
    const version = first.dataVersion;
    first.assetsFromSource(source());
    expect([first.assetsFromSource(fromA), first.assetsOnChain("c-1"), first.assetsBetweenChains({ source_chain_id: "b-1", dest_chain_id: "a-1", include_no_metadata_assets: true })]).toEqual(before);
    expect(first.dataVersion).toBe(version);
    // The other router is asked the other way round: its answers are the same.
    expect(second.route(ON_C, { chain_id: "a-1", denom: "ua" })).toEqual(first.route(ON_C, { chain_id: "a-1", denom: "ua" }));
    expect(second.assetsFromSource(source())).toEqual(first.assetsFromSource(source()));
  });

  test("each decoded voucher is one asset after the canonical ones; what does not decode costs no room", () => {
    const model = modelOf(buildRouter(parseRegistry(REGISTRY)));
    const onC = model.admitIbcDenom(ON_C.chain_id, ON_C.denom)!;
    expect(onC).toBe(model.canonicalCount);
    // Asked again, in another case: the same asset, nothing more kept.
    expect(model.admitIbcDenom(ON_C.chain_id, ON_C.denom.toLowerCase())).toBe(onC);
    expect(model.admitIbcDenom("c-1", ibcDenom(TRACE, "ub"))).toBe(onC + 1);
    expect(model.admitIbcDenom("c-1", ibcDenom("transfer/channel-9/transfer/channel-77", "ua"))).toBeUndefined();
    expect(model.assetCount()).toBe(model.canonicalCount + 2);
    // (The bound, the least recently used giving its index up: test/router/admitted-vouchers.test.ts.)
  });
});
