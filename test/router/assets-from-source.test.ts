import { describe, expect, test } from "vitest";
import { FungibleError } from "../../src/index.js";
import { engineFor } from "../support/route-index-helpers.js";
import { DENOMS, fixtureRegistry } from "../support/fixtures.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

const routeIndex = engineFor(fixtureRegistry("cosmos-small.json"));
const fromOsmosisAtom = { source_asset_denom: DENOMS.atomOnOsmosis, source_asset_chain_id: "osmosis-1" };
const denomsByChain = (answer: ReturnType<typeof routeIndex.assetsFromSource>) =>
  Object.fromEntries(Object.entries(answer.dest_assets).map(([chain, group]) => [chain, group.assets.map((a) => a.denom)]));

describe("assetsFromSource on the small real-data fixture", () => {
  test("ATOM from the Hub reaches the listed vouchers and a derived one, one transaction each", () => {
    const answer = routeIndex.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
    expect(denomsByChain(answer)).toEqual({
      "neutron-1": [DENOMS.atomOnNeutron],
      "noble-1": [oracleIbcDenom("transfer/channel-4", "uatom")],
      "osmosis-1": [DENOMS.atomOnOsmosis],
    });
    const osmosisAtom = answer.dest_assets["osmosis-1"]!.assets[0]!;
    expect(osmosisAtom).toMatchObject({ trace: "transfer/channel-0", origin_chain_id: "cosmoshub-4", origin_denom: "uatom", symbol: "ATOM" });
    const derived = answer.dest_assets["noble-1"]!.assets[0]!;
    expect(derived.symbol).toBeUndefined();
    expect(derived.name).toBeUndefined();
  });

  test("allow_multi_tx adds assets behind a chain that cannot forward", () => {
    const source = { source_asset_denom: DENOMS.ethUsdc, source_asset_chain_id: "1" };
    const single = denomsByChain(routeIndex.assetsFromSource(source));
    // axlUSDC on Osmosis is one Axelar transfer (AXELAR, then its IBC delivery); Noble USDC on
    // Osmosis needs a second transaction at Noble, which does not forward by memo.
    expect(single).toEqual({ "axelar-dojo-1": ["uusdc"], "noble-1": ["uusdc"], "osmosis-1": [DENOMS.axlUsdcOnOsmosis] });
    const multi = denomsByChain(routeIndex.assetsFromSource({ ...source, allow_multi_tx: true }));
    expect(multi["osmosis-1"]).toEqual([DENOMS.usdcOnOsmosis, DENOMS.axlUsdcOnOsmosis]);
    expect(Object.keys(multi)).toEqual(expect.arrayContaining(["axelar-dojo-1", "noble-1", "osmosis-1", "cosmoshub-4"]));
  });

  test("EVM addresses are matched case-insensitively and returned as the registry lists them", () => {
    const answer = routeIndex.assetsFromSource({ source_asset_denom: DENOMS.ethUsdc.toLowerCase(), source_asset_chain_id: "1" });
    expect(answer.dest_assets["noble-1"]!.assets[0]!.denom).toBe("uusdc");
    const back = routeIndex.assetsFromSource({ source_asset_denom: "uusdc", source_asset_chain_id: "noble-1" });
    expect(back.dest_assets["1"]!.assets[0]!).toMatchObject({ denom: DENOMS.ethUsdc, is_evm: true });
  });

  test("CW20 assets appear only with include_cw20_assets", () => {
    const source = { source_asset_denom: DENOMS.bLunaOnOsmosis, source_asset_chain_id: "osmosis-1" };
    expect(routeIndex.assetsFromSource(source).dest_assets["phoenix-1"]).toBeUndefined();
    const withCw20 = routeIndex.assetsFromSource({ ...source, include_cw20_assets: true });
    expect(withCw20.dest_assets["phoenix-1"]!.assets).toEqual([expect.objectContaining({ denom: DENOMS.bLuna, is_cw20: true })]);
  });

  test("native_only keeps empty traces; PFM on the Hub makes Osmosis -> Hub -> Neutron one transaction", () => {
    expect(denomsByChain(routeIndex.assetsFromSource(fromOsmosisAtom))).toEqual({
      "cosmoshub-4": ["uatom"],
      "neutron-1": [DENOMS.atomOnNeutron],
      "noble-1": [oracleIbcDenom("transfer/channel-4", "uatom")],
    });
    expect(denomsByChain(routeIndex.assetsFromSource({ ...fromOsmosisAtom, native_only: true }))).toEqual({ "cosmoshub-4": ["uatom"] });
  });

  test.each([
    ["DIRECT", { "cosmoshub-4": ["uatom"] }],
    ["BASE_TOKEN", { "cosmoshub-4": ["uatom"] }],
    ["UNKNOWN", { "cosmoshub-4": ["uatom"], "neutron-1": [DENOMS.atomOnNeutron], "noble-1": [oracleIbcDenom("transfer/channel-4", "uatom")] }],
  ] as const)("recommendation_reason %s", (reason, expected) => {
    expect(denomsByChain(routeIndex.assetsFromSource({ ...fromOsmosisAtom, recommendation_reason: reason }))).toEqual(expected);
  });

  test("MOST_LIQUID keeps one asset per chain, the listed one before a derived one", () => {
    const source = { source_asset_denom: DENOMS.ethUsdc, source_asset_chain_id: "1", allow_multi_tx: true };
    const answer = denomsByChain(routeIndex.assetsFromSource({ ...source, recommendation_reason: "MOST_LIQUID" }));
    for (const denoms of Object.values(answer)) expect(denoms).toHaveLength(1);
    // Noble USDC and axlUSDC on Osmosis: both listed and 2 hops, but axlUSDC is one Axelar transfer
    // (1 tx) while Noble USDC needs 2: fewer transactions decide.
    expect(answer["osmosis-1"]).toEqual([DENOMS.axlUsdcOnOsmosis]);
  });

  test("include_swaps lets routes swap on a declared venue; swap_venues limits which", () => {
    const source = { source_asset_denom: "uosmo", source_asset_chain_id: "osmosis-1" };
    expect(routeIndex.assetsFromSource(source).dest_assets["osmosis-1"]).toBeUndefined();
    const swapped = denomsByChain(routeIndex.assetsFromSource({ ...source, include_swaps: true }));
    expect(swapped["osmosis-1"]).toEqual([DENOMS.atomOnOsmosis, DENOMS.usdcOnOsmosis]);
    expect(swapped["cosmoshub-4"]).toContain("uatom");
    const otherVenue = routeIndex.assetsFromSource({ ...source, include_swaps: true, swap_venues: [{ name: "other", chain_id: "osmosis-1" }] });
    expect(otherVenue.dest_assets["osmosis-1"]).toBeUndefined();
    const named = routeIndex.assetsFromSource({
      ...source,
      include_swaps: true,
      swap_venues: [{ name: "osmosis-poolmanager", chain_id: "osmosis-1", logo_uri: "ignored" }],
    });
    expect(denomsByChain(named)).toEqual(swapped);
    expect(routeIndex.assetsFromSource({ ...source, swap_venues: [{ name: "osmosis-poolmanager", chain_id: "osmosis-1" }] })).toEqual(
      routeIndex.assetsFromSource(source),
    );
  });

  test("group_by accepts chain_id or null and rejects anything else", () => {
    expect(routeIndex.assetsFromSource({ ...fromOsmosisAtom, group_by: "chain_id" })).toEqual(routeIndex.assetsFromSource(fromOsmosisAtom));
    expect(routeIndex.assetsFromSource({ ...fromOsmosisAtom, group_by: null })).toEqual(routeIndex.assetsFromSource(fromOsmosisAtom));
    expect(() => routeIndex.assetsFromSource({ ...fromOsmosisAtom, group_by: "denom" as never })).toThrow(
      expect.objectContaining({ code: "invalid_request", status: 400, grpcCode: 3 }),
    );
  });

  test("bad input throws FungibleError with the status of docs/behaviour.md §8", () => {
    const cases: [unknown, string, number][] = [
      [{ source_asset_chain_id: "osmosis-1" }, "invalid_request", 400],
      [{ source_asset_denom: 5, source_asset_chain_id: "osmosis-1" }, "invalid_request", 400],
      [{ ...fromOsmosisAtom, recommendation_reason: "CHEAPEST" }, "invalid_request", 400],
      [{ ...fromOsmosisAtom, allow_multi_tx: "yes" }, "invalid_request", 400],
      [{ source_asset_denom: "uatom", source_asset_chain_id: "nowhere-9" }, "unknown_chain", 404],
      [{ source_asset_denom: "unope", source_asset_chain_id: "cosmoshub-4" }, "unknown_asset", 404],
      [null, "invalid_request", 400],
      [[], "invalid_request", 400],
    ];
    for (const [request, code, status] of cases) {
      let caught: unknown;
      try {
        routeIndex.assetsFromSource(request as never);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(FungibleError);
      expect(caught).toMatchObject({ code, status });
    }
    expect(() => routeIndex.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "nowhere-9" })).toThrow(
      'assetsFromSource: chain "nowhere-9" is not in the registry',
    );
  });

  test("unknown request fields are ignored", () => {
    expect(routeIndex.assetsFromSource({ ...fromOsmosisAtom, client_id: "wallet", extra: { a: 1 } } as never)).toEqual(
      routeIndex.assetsFromSource(fromOsmosisAtom),
    );
  });

  test("chain ids such as __proto__ and constructor are plain data", () => {
    const tricky = engineFor({
      chains: [{ chain_id: "__proto__" }, { chain_id: "constructor" }, { chain_id: "toString" }],
      assets: [{ chain_id: "constructor", denom: "ucons" }],
      ibc_channels: [
        { chain_1: { chain_id: "constructor", channel_id: "channel-0" }, chain_2: { chain_id: "__proto__", channel_id: "channel-1" }, status: "ACTIVE" },
        { chain_1: { chain_id: "constructor", channel_id: "channel-1" }, chain_2: { chain_id: "toString", channel_id: "channel-0" }, status: "ACTIVE" },
      ],
    });
    const answer = tricky.assetsFromSource({ source_asset_denom: "ucons", source_asset_chain_id: "constructor" });
    expect(Object.keys(answer.dest_assets).sort()).toEqual(["__proto__", "toString"]);
    // A plain object (hasOwnProperty works), with "__proto__" an own key, not the prototype.
    expect(Object.getPrototypeOf(answer.dest_assets)).toBe(Object.prototype);
    expect(answer.dest_assets.hasOwnProperty("toString")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(answer.dest_assets, "__proto__")?.value.assets[0].chain_id).toBe("__proto__");
    expect(JSON.parse(JSON.stringify(answer)).dest_assets.__proto__.assets[0].trace).toBe("transfer/channel-1");
    expect(({} as Record<string, unknown>).assets).toBeUndefined();
  });
});
