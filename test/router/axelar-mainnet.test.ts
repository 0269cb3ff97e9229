/**
 * "Axelar delivers over IBC" (docs/behaviour.md section 5) on the embedded mainnet registry, against
 * the hosted API's own published answer (skip-mev/skip-go docs/swagger.yml, assets_between_chains
 * from 1 to cosmoshub-4): Ethereum USDC becomes axlUSDC on the Hub in 1 transaction, bridges [AXELAR].
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { AssetRouter } from "../../src/index.js";
import { shippedRouter } from "../support/shipped-router.js";

let router: AssetRouter;

beforeAll(async () => {
  // The shipped mainnet dataset: the chain registry compiled at build time (test/support/shipped-router.ts).
  router = await shippedRouter();
});

// As answers write it (EIP-55); the requests may use any case.
const USDC_ON_ETHEREUM = { chain_id: "1", denom: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };
const AXL_USDC_ON_HUB = "ibc/932D6003DA334ECBC5B23A071B4287D0A5CC97331197FE9F1C0689BA002A8421";

/** A route's hops in short: sending chain > receiving chain, channel or bridge, its Axelar mark, tx start. */
const shape = (hops: readonly { kind: string; from: { chain_id: string }; to: { chain_id: string }; starts_tx: boolean }[]) =>
  hops.map((hop) => {
    const h = hop as { channel?: string; bridge?: string; part_of?: string };
    return [`${hop.from.chain_id} > ${hop.to.chain_id}`, h.channel ?? h.bridge, h.part_of ?? null, hop.starts_tx];
  });

describe("Axelar delivers over IBC, on mainnet", () => {
  test("Ethereum USDC -> cosmoshub-4: axlUSDC over transfer/channel-293 in 1 transaction, bridges [AXELAR]", () => {
    // The registry lists no metadata for axlUSDC on the Hub (a derived voucher), so it counts only with include_no_metadata_assets.
    const request = { source_chain_id: "1", dest_chain_id: "cosmoshub-4", include_evm_assets: true, include_no_metadata_assets: true };
    const pair = router.assetsBetweenChains(request).assets_between_chains.find((p) => p.asset_on_source.denom === USDC_ON_ETHEREUM.denom);
    expect(pair).toMatchObject({
      asset_on_dest: { chain_id: "cosmoshub-4", denom: AXL_USDC_ON_HUB, trace: "transfer/channel-293", origin_denom: "uusdc", origin_chain_id: "axelar-dojo-1" },
      txs_required: 1,
      bridges: ["AXELAR"],
    });
    const route = router.route(USDC_ON_ETHEREUM, { chain_id: "cosmoshub-4", denom: AXL_USDC_ON_HUB })!;
    expect(shape(route.hops)).toEqual([
      ["1 > axelar-dojo-1", "AXELAR", null, true],
      ["axelar-dojo-1 > cosmoshub-4", "channel-2", "AXELAR", false],
    ]);
    // And back: the IBC hop into axelar-dojo-1 and the AXELAR hop out are one transfer.
    const back = router.route({ chain_id: "cosmoshub-4", denom: AXL_USDC_ON_HUB }, USDC_ON_ETHEREUM)!;
    expect([back.txs_required, back.bridges, shape(back.hops)]).toEqual([
      1,
      ["AXELAR"],
      [
        ["cosmoshub-4 > axelar-dojo-1", "channel-293", "AXELAR", true],
        ["axelar-dojo-1 > 1", "AXELAR", null, false],
      ],
    ]);
  });

  test("Ethereum USDC -> axelar-dojo-1 alone is the AXELAR hop, unchanged", () => {
    const route = router.route(USDC_ON_ETHEREUM, { chain_id: "axelar-dojo-1", denom: "uusdc" })!;
    expect([route.txs_required, route.bridges, shape(route.hops)]).toEqual([1, ["AXELAR"], [["1 > axelar-dojo-1", "AXELAR", null, true]]]);
  });

  test("a hop beyond the chain Axelar delivers to counts as usual: Osmosis forwards it with PFM, and it adds IBC", () => {
    // Dyson's listed voucher of Axelar USDC arrived over Osmosis (trace transfer/channel-2/transfer/channel-208).
    const dyson = { chain_id: "dyson-mainnet-01", denom: "ibc/13DF61376C08483555C6D4C9203612086A1B23218EB5EBDBE609EEC7EFF2D82D" };
    const route = router.route(USDC_ON_ETHEREUM, dyson)!;
    expect(route.to).toMatchObject({ trace: "transfer/channel-2/transfer/channel-208", origin_denom: "uusdc", origin_chain_id: "axelar-dojo-1" });
    expect([route.txs_required, route.bridges, shape(route.hops)]).toEqual([
      1,
      ["AXELAR", "IBC"],
      [
        ["1 > axelar-dojo-1", "AXELAR", null, true],
        ["axelar-dojo-1 > osmosis-1", "channel-3", "AXELAR", false],
        ["osmosis-1 > dyson-mainnet-01", "channel-526", null, false],
      ],
    ]);
  });
});
