/**
 * "Axelar delivers over IBC" (docs/behaviour.md section 5) as literal cases, asserted against BOTH
 * the router and the oracle: an AXELAR hop and the IBC hop next to it at axelar-dojo-1 are one
 * Axelar transfer (no transaction at axelar-dojo-1, no IBC in bridges), hops beyond count as usual.
 */
import { describe, expect, test } from "vitest";
import type { RegistryInput } from "../../src/index.js";
import { bothFor, engineRoute, oracleRoute } from "./compare.js";
import { oracleIbcDenom } from "./oracle-graph.js";

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const ON_HUB = oracleIbcDenom("transfer/channel-293", "uusdc");
const ON_OSMO = oracleIbcDenom("transfer/channel-0/transfer/channel-293", "uusdc");
const META = { symbol: "USDC", decimals: 6 };
const ref = (chain_id: string, denom: string) => ({ chain_id, denom });

/** Ethereum USDC, Axelar's uusdc, the Hub (PFM unless told), and a chain one IBC hop past the Hub. */
function registry(flags: { hubPfm?: boolean; axelarMemo?: boolean; bridge?: "AXELAR" | "CCTP" } = {}): RegistryInput {
  const end = (chain_id: string, channel_id: string) => ({ chain_id, channel_id });
  return {
    chains: [
      { chain_id: "1", chain_type: "evm" },
      { chain_id: "axelar-dojo-1", forwards_after_bridge: flags.axelarMemo ?? false },
      { chain_id: "cosmoshub-4", pfm_enabled: flags.hubPfm ?? true },
      { chain_id: "osmosis-1", pfm_enabled: true },
    ],
    assets: [
      { chain_id: "1", denom: USDC, is_evm: true, ...META },
      { chain_id: "axelar-dojo-1", denom: "uusdc", ...META },
      { chain_id: "osmosis-1", denom: ON_OSMO, trace: "transfer/channel-0/transfer/channel-293", origin_chain_id: "axelar-dojo-1", origin_denom: "uusdc", ...META },
    ],
    ibc_channels: [
      { chain_1: end("axelar-dojo-1", "channel-2"), chain_2: end("cosmoshub-4", "channel-293"), status: "ACTIVE" },
      { chain_1: end("cosmoshub-4", "channel-141"), chain_2: end("osmosis-1", "channel-0"), status: "ACTIVE" },
    ],
    bridge_links: [{ bridge: flags.bridge ?? "AXELAR", from: ref("1", USDC), to: ref("axelar-dojo-1", "uusdc") }],
  };
}

function expectBoth(input: RegistryInput, from: ReturnType<typeof ref>, to: ReturnType<typeof ref>, expected: unknown) {
  const { routeIndex, oracle } = bothFor(input);
  expect(engineRoute(routeIndex.route(from, to)), "router").toEqual(expected);
  expect(oracleRoute(oracle.route(from, to)), "oracle").toEqual(expected);
}

const axelarHop = (from_chain: string, to_chain: string, starts_tx: boolean) => ({ kind: "bridge", from_chain, to_chain, via: "AXELAR", starts_tx });
const ibcHop = (from_chain: string, to_chain: string, via: string, starts_tx: boolean, leg = false) => ({
  kind: "ibc",
  from_chain,
  to_chain,
  via,
  ...(leg ? { part_of: "AXELAR" } : {}),
  starts_tx,
});

describe("Axelar delivers over IBC (router and oracle)", () => {
  test("EVM -> axelar-dojo-1 -> Cosmos chain is one transaction with bridges [AXELAR]", () => {
    expectBoth(registry(), ref("1", USDC), ref("cosmoshub-4", ON_HUB), {
      txs_required: 1,
      bridges: ["AXELAR"],
      hops: [axelarHop("1", "axelar-dojo-1", true), ibcHop("axelar-dojo-1", "cosmoshub-4", "channel-2", false, true)],
    });
  });

  test("the AXELAR hop alone (EVM -> axelar-dojo-1) is unchanged", () => {
    expectBoth(registry(), ref("1", USDC), ref("axelar-dojo-1", "uusdc"), { txs_required: 1, bridges: ["AXELAR"], hops: [axelarHop("1", "axelar-dojo-1", true)] });
  });

  test("a hop beyond the delivery chain counts as usual: the Hub forwards it with PFM, or a new transaction starts", () => {
    for (const hubPfm of [true, false]) {
      expectBoth(registry({ hubPfm }), ref("1", USDC), ref("osmosis-1", ON_OSMO), {
        txs_required: hubPfm ? 1 : 2,
        bridges: ["AXELAR", "IBC"],
        hops: [
          axelarHop("1", "axelar-dojo-1", true),
          ibcHop("axelar-dojo-1", "cosmoshub-4", "channel-2", false, true),
          ibcHop("cosmoshub-4", "osmosis-1", "channel-141", !hubPfm),
        ],
      });
    }
  });

  test("back: the IBC hop into axelar-dojo-1 and the AXELAR hop out are one step; the hops before it count as usual", () => {
    expectBoth(registry(), ref("cosmoshub-4", ON_HUB), ref("1", USDC), {
      txs_required: 1,
      bridges: ["AXELAR"],
      hops: [ibcHop("cosmoshub-4", "axelar-dojo-1", "channel-293", true, true), axelarHop("axelar-dojo-1", "1", false)],
    });
    for (const hubPfm of [true, false]) {
      expectBoth(registry({ hubPfm }), ref("osmosis-1", ON_OSMO), ref("1", USDC), {
        txs_required: hubPfm ? 1 : 2,
        bridges: ["IBC", "AXELAR"],
        hops: [
          ibcHop("osmosis-1", "cosmoshub-4", "channel-0", true),
          ibcHop("cosmoshub-4", "axelar-dojo-1", "channel-293", !hubPfm, true),
          axelarHop("axelar-dojo-1", "1", false),
        ],
      });
    }
  });

  test("EVM -> axelar-dojo-1 -> EVM is one Axelar transfer: no transaction at axelar-dojo-1", () => {
    const input = registry();
    input.chains!.push({ chain_id: "137", chain_type: "evm" });
    input.assets!.push({ chain_id: "137", denom: "0x750e4c4984a9e0f12978ea6742bc1c5d248f40ed", is_evm: true, ...META });
    input.bridge_links!.push({ bridge: "AXELAR", from: ref("axelar-dojo-1", "uusdc"), to: ref("137", "0x750e4c4984a9e0f12978ea6742bc1c5d248f40ed") });
    expectBoth(input, ref("1", USDC), ref("137", "0x750e4c4984a9e0f12978ea6742bc1c5d248f40ed"), {
      txs_required: 1,
      bridges: ["AXELAR"],
      hops: [axelarHop("1", "axelar-dojo-1", true), axelarHop("axelar-dojo-1", "137", false)],
    });
  });

  test("another bridge onto axelar-dojo-1 is not an Axelar transfer: the IBC hop after it needs forwards_after_bridge there", () => {
    for (const axelarMemo of [false, true]) {
      expectBoth(registry({ bridge: "CCTP", axelarMemo }), ref("1", USDC), ref("cosmoshub-4", ON_HUB), {
        txs_required: axelarMemo ? 1 : 2,
        bridges: ["CCTP", "IBC"],
        hops: [{ kind: "bridge", from_chain: "1", to_chain: "axelar-dojo-1", via: "CCTP", starts_tx: true }, ibcHop("axelar-dojo-1", "cosmoshub-4", "channel-2", !axelarMemo)],
      });
    }
  });
});
