import { describe, expect, test } from "vitest";
import { engineFor } from "../support/route-index-helpers.js";
import { DENOMS, fixtureRegistry } from "../support/fixtures.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

const routeIndex = engineFor(fixtureRegistry("cosmos-small.json"));
const summary = (answer: ReturnType<typeof routeIndex.assetsBetweenChains>) =>
  answer.assets_between_chains.map((p) => [p.asset_on_source.denom, p.asset_on_dest.denom, p.txs_required, p.bridges]);

describe("assetsBetweenChains on the small real-data fixture", () => {
  const osmosisToHub = { source_chain_id: "osmosis-1", dest_chain_id: "cosmoshub-4" };

  test("by default only single-transaction pairs with metadata on both sides (rules 3, 4)", () => {
    expect(summary(routeIndex.assetsBetweenChains(osmosisToHub))).toEqual([[DENOMS.atomOnOsmosis, "uatom", 1, ["IBC"]]]);
  });

  test("include_no_metadata_assets adds derived vouchers and unlisted metadata-less assets", () => {
    expect(summary(routeIndex.assetsBetweenChains({ ...osmosisToHub, include_no_metadata_assets: true }))).toEqual([
      ["uosmo", oracleIbcDenom("transfer/channel-141", "uosmo"), 1, ["IBC"]],
      [DENOMS.atomOnOsmosis, "uatom", 1, ["IBC"]],
      [DENOMS.usdcOnOsmosis, oracleIbcDenom("transfer/channel-536", "uusdc"), 1, ["IBC"]],
    ]);
  });

  test("allow_multi_tx adds routes through chains that cannot forward, with every bridge used (rule 4)", () => {
    const answer = summary(routeIndex.assetsBetweenChains({ ...osmosisToHub, include_no_metadata_assets: true, allow_multi_tx: true }));
    // Osmosis -> axelar-dojo-1 -> Ethereum is one Axelar transfer (its IBC hop adds no IBC); then a
    // new transaction at Ethereum (CCTP) and at Noble (IBC): neither forwards by memo.
    expect(answer).toContainEqual([DENOMS.axlUsdcOnOsmosis, oracleIbcDenom("transfer/channel-536", "uusdc"), 3, ["AXELAR", "CCTP", "IBC"]]);
    expect(answer.some((pair) => (pair[2] as number) > 1)).toBe(true);
  });

  test("EVM assets only with include_evm_assets, on either side (rule 2)", () => {
    const nobleToEthereum = { source_chain_id: "noble-1", dest_chain_id: "1" };
    expect(summary(routeIndex.assetsBetweenChains(nobleToEthereum))).toEqual([]);
    expect(summary(routeIndex.assetsBetweenChains({ ...nobleToEthereum, include_evm_assets: true }))).toEqual([
      ["uusdc", DENOMS.ethUsdc, 1, ["CCTP"]],
    ]);
    const ethereumToNoble = { source_chain_id: "1", dest_chain_id: "noble-1" };
    expect(summary(routeIndex.assetsBetweenChains(ethereumToNoble))).toEqual([]);
    expect(summary(routeIndex.assetsBetweenChains({ ...ethereumToNoble, include_evm_assets: true }))).toEqual([
      [DENOMS.ethUsdc, "uusdc", 1, ["CCTP"]],
    ]);
  });

  test("CW20 assets only with include_cw20_assets, on either side (rule 1)", () => {
    const terraToOsmosis = { source_chain_id: "phoenix-1", dest_chain_id: "osmosis-1", include_no_metadata_assets: true };
    const sources = (request: object) => summary(routeIndex.assetsBetweenChains({ ...terraToOsmosis, ...request })).map((p) => p[0]);
    expect(sources({})).not.toContain(DENOMS.bLuna);
    expect(sources({ include_cw20_assets: true })).toContain(DENOMS.bLuna);
  });

  test("missing, equal or unknown chains are errors", () => {
    expect(() => routeIndex.assetsBetweenChains({ source_chain_id: "osmosis-1" } as never)).toThrow(
      expect.objectContaining({ code: "invalid_request", status: 400 }),
    );
    expect(() => routeIndex.assetsBetweenChains({ source_chain_id: "osmosis-1", dest_chain_id: "osmosis-1" })).toThrow(
      expect.objectContaining({ code: "invalid_request", status: 400 }),
    );
    expect(() => routeIndex.assetsBetweenChains({ source_chain_id: "osmosis-1", dest_chain_id: "mars-1" })).toThrow(
      'assetsBetweenChains: chain "mars-1" is not in the registry',
    );
  });
});

describe("route()", () => {
  test("lists the hops with channels and where transactions start", () => {
    const route = routeIndex.route({ chain_id: "1", denom: DENOMS.ethUsdc }, { chain_id: "osmosis-1", denom: DENOMS.usdcOnOsmosis })!;
    expect(route.txs_required).toBe(2);
    expect(route.bridges).toEqual(["CCTP", "IBC"]);
    expect(route.hops).toEqual([
      expect.objectContaining({ kind: "bridge", bridge: "CCTP", from: expect.objectContaining({ chain_id: "1" }), to: expect.objectContaining({ chain_id: "noble-1" }), starts_tx: true }),
      expect.objectContaining({ kind: "ibc", bridge: "IBC", port: "transfer", channel: "channel-1", from: expect.objectContaining({ chain_id: "noble-1" }), to: expect.objectContaining({ chain_id: "osmosis-1" }), starts_tx: true }),
    ]);
    expect(Object.keys(route.hops[0]!).sort()).toEqual(["bridge", "from", "kind", "starts_tx", "to"]);
  });

  test("PFM forwarding keeps a two-hop route in one transaction", () => {
    const route = routeIndex.route({ chain_id: "osmosis-1", denom: DENOMS.atomOnOsmosis }, { chain_id: "neutron-1", denom: DENOMS.atomOnNeutron })!;
    expect(route.txs_required).toBe(1);
    expect(route.hops.map((h) => [h.kind === "ibc" && h.channel, h.starts_tx])).toEqual([["channel-0", true], ["channel-569", false]]);
  });

  test("null when no route exists; unknown assets throw", () => {
    expect(routeIndex.route({ chain_id: "neutron-1", denom: "untrn" }, { chain_id: "phoenix-1", denom: "uluna" })).toBeNull();
    expect(() => routeIndex.route({ chain_id: "neutron-1", denom: "nope" }, { chain_id: "phoenix-1", denom: "uluna" })).toThrow(
      expect.objectContaining({ code: "unknown_asset", status: 404 }),
    );
  });
});
