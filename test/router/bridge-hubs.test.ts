/**
 * Which chain is Axelar's hub is data (src/registry/data/bridges.json, or a registry's own
 * `bridge_hubs`), not a constant of the search: the testnet's hub (axelar-testnet-lisbon-3) gets
 * the rule of docs/behaviour.md section 5 as mainnet's does, and a generated registry whose hub has
 * another id answers exactly as the same registry under axelar-dojo-1 once it names its hub.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildRouter, compileDataset, FungibleError, parseRegistry, type AssetRouter, type RegistryInput } from "../../src/index.js";
import { explain } from "../../src/entries/explain.js";
import { bridgeHubsOf } from "../../src/registry/bridge-facts.js";
import { loadDataset } from "../../src/router/dataset-router.js";
import { arbitraryRoutingRegistry } from "../oracle/arbitrary-routing-registry.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";
import { propertyRuns } from "../support/property-runs.js";
import { shippedRouter } from "../support/shipped-router.js";

const MAINNET_HUB = "axelar-dojo-1";
const OTHER_HUB = "axelar-local-7";
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

/** The registry with every occurrence of one chain id replaced (ids are whole strings; denoms hash channels, not chain ids). */
function renamed<T>(value: T, from: string, to: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll(from, to)) as T;
}

/** Ethereum USDC bridged by Axelar to the hub's uusdc, delivered over IBC to the Hub (the shape of section 5). */
function hubRegistry(hub: string, bridge_hubs?: RegistryInput["bridge_hubs"]): RegistryInput {
  const end = (chain_id: string, channel_id: string) => ({ chain_id, channel_id });
  return {
    chains: [{ chain_id: "1", chain_type: "evm" }, { chain_id: hub }, { chain_id: "cosmoshub-4", pfm_enabled: true }],
    assets: [
      { chain_id: "1", denom: USDC, is_evm: true, symbol: "USDC" },
      { chain_id: hub, denom: "uusdc", symbol: "USDC" },
    ],
    ibc_channels: [{ chain_1: end(hub, "channel-2"), chain_2: end("cosmoshub-4", "channel-293"), status: "ACTIVE" }],
    bridge_links: [{ bridge: "AXELAR", from: { chain_id: "1", denom: USDC }, to: { chain_id: hub, denom: "uusdc" } }],
    ...(bridge_hubs === undefined ? {} : { bridge_hubs }),
  };
}

function usdcToHub(input: RegistryInput) {
  return usdcToHubOf(buildRouter(parseRegistry(input)));
}

function usdcToHubOf(router: AssetRouter) {
  const route = router.route({ chain_id: "1", denom: USDC }, { chain_id: "cosmoshub-4", denom: oracleIbcDenom("transfer/channel-293", "uusdc") });
  return route && { txs: route.txs_required, bridges: route.bridges, legs: route.hops.map((hop) => (hop.kind === "ibc" ? (hop.part_of ?? "IBC") : hop.kind)) };
}

const ONE_TRANSFER = { txs: 1, bridges: ["AXELAR"], legs: ["bridge", "AXELAR"] };
const TWO_HOPS = { txs: 2, bridges: ["AXELAR", "IBC"], legs: ["bridge", "IBC"] };

describe("the Axelar hub follows the data", () => {
  test("the facts file names mainnet's and the testnet's hubs, each with its source", () => {
    expect(bridgeHubsOf({ chains: [{ chain_id: MAINNET_HUB }] as never })).toEqual(new Map([["AXELAR", MAINNET_HUB]]));
    expect(bridgeHubsOf({ chains: [{ chain_id: "axelar-testnet-lisbon-3" }] as never })).toEqual(new Map([["AXELAR", "axelar-testnet-lisbon-3"]]));
    expect(bridgeHubsOf({ chains: [{ chain_id: OTHER_HUB }] as never })).toEqual(new Map());
  });

  test("one Axelar transfer under every hub id the data names, two hops where it names none", () => {
    expect(usdcToHub(hubRegistry(MAINNET_HUB))).toEqual(ONE_TRANSFER);
    expect(usdcToHub(hubRegistry("axelar-testnet-lisbon-3"))).toEqual(ONE_TRANSFER);
    expect(usdcToHub(hubRegistry(OTHER_HUB, [{ bridge: "AXELAR", chain_id: OTHER_HUB }]))).toEqual(ONE_TRANSFER);
    // Not named: no hub rule (the bridge hop, then an IBC transfer that needs its own transaction, Axelar having no memo forwarding here).
    expect(usdcToHub(hubRegistry(OTHER_HUB))).toEqual(TWO_HOPS);
    // A registry that names no hub at all ([]) turns the rule off even under mainnet's id.
    expect(usdcToHub(hubRegistry(MAINNET_HUB, []))).toEqual(TWO_HOPS);
  });

  test("a registry's hubs are checked: a listed chain, one hub per bridge, a bridge with a hub rule", () => {
    const bad = (bridge_hubs: unknown) => () => parseRegistry({ ...hubRegistry(OTHER_HUB), bridge_hubs } as RegistryInput);
    expect(bad([{ bridge: "AXELAR", chain_id: "nowhere-1" }])).toThrow(/bridge_hubs.*unknown chain "nowhere-1"|unknown chain "nowhere-1"/);
    expect(bad([{ bridge: "AXELAR", chain_id: OTHER_HUB }, { bridge: "AXELAR", chain_id: "cosmoshub-4" }])).toThrow(/a second hub for AXELAR/);
    expect(bad([{ bridge: "CCTP", chain_id: OTHER_HUB }])).toThrow(FungibleError);
  });

  test("a registry's hubs survive a dataset and count in its data_version only when named", () => {
    const named = buildRouter(parseRegistry(hubRegistry(OTHER_HUB, [{ bridge: "AXELAR", chain_id: OTHER_HUB }])));
    const unnamed = buildRouter(parseRegistry(hubRegistry(OTHER_HUB)));
    expect(named.dataVersion).not.toBe(unnamed.dataVersion);
    const loaded = loadDataset(compileDataset(named));
    expect(loaded.registry.bridge_hubs).toEqual([{ bridge: "AXELAR", chain_id: OTHER_HUB }]);
    expect(loaded.dataVersion).toBe(named.dataVersion);
    expect(usdcToHubOf(loaded)).toEqual(ONE_TRANSFER);
    expect(loadDataset(compileDataset(unnamed)).registry.bridge_hubs).toBeUndefined();
  });

  test("testnet: an Axelar transfer through axelar-testnet-lisbon-3 delivers over IBC in one transaction", async () => {
    const testnet = await shippedRouter("testnet");
    const hub = "axelar-testnet-lisbon-3";
    expect(bridgeHubsOf(testnet.registry).get("AXELAR")).toBe(hub);
    // The testnet lists no AXELAR link: add one, from an asset off the hub to the hub's uaxl, and
    // go on to a uaxl voucher one IBC hop from the hub.
    const voucher = testnet.registry.chains
      .filter((chain) => chain.chain_id !== hub)
      .flatMap((chain) => testnet.assetsOnChain(chain.chain_id))
      .find((asset) => asset.origin_chain_id === hub && asset.origin_denom === "uaxl" && asset.trace.split("/").length === 2);
    // The testnet lists no EVM token: the native asset of a chain with no channel to the hub stands in for one.
    const linked = new Set(testnet.registry.ibc_channels.flatMap((c) => [c.chain_1.chain_id, c.chain_2.chain_id]));
    const evm = testnet.registry.assets.find((asset) => asset.trace === "" && !linked.has(asset.chain_id));
    expect(evm, "a native asset of a chain without channels").toBeDefined();
    expect(voucher, "a uaxl voucher one hop from the hub").toBeDefined();
    const withLink = (bridge_hubs?: RegistryInput["bridge_hubs"]) =>
      buildRouter(
        parseRegistry({
          ...testnet.registry,
          bridge_links: [...testnet.registry.bridge_links, { bridge: "AXELAR", from: { chain_id: evm!.chain_id, denom: evm!.denom }, to: { chain_id: hub, denom: "uaxl" } }],
          ...(bridge_hubs === undefined ? {} : { bridge_hubs }),
        }),
      ).route({ chain_id: evm!.chain_id, denom: evm!.denom }, { chain_id: voucher!.chain_id, denom: voucher!.denom });
    const route = withLink()!;
    expect(route.txs_required).toBe(1);
    expect(route.bridges).toEqual(["AXELAR"]);
    expect(route.hops.map((hop) => (hop.kind === "ibc" ? hop.part_of : hop.kind))).toEqual(["bridge", "AXELAR"]);
    // With the rule turned off by the data, the same path is two hops of their own.
    const off = withLink([])!;
    expect(off.bridges).toEqual(["AXELAR", "IBC"]);
  });

  test("property: a generated registry under another hub id answers as under axelar-dojo-1 once it names its hub", () => {
    const withHub = arbitraryRoutingRegistry().filter((input) => (input.chains ?? []).some((chain) => chain.chain_id === MAINNET_HUB));
    fc.assert(
      fc.property(withHub, (input) => {
        const original = buildRouter(parseRegistry(input));
        const moved = buildRouter(parseRegistry({ ...renamed(input, MAINNET_HUB, OTHER_HUB), bridge_hubs: [{ bridge: "AXELAR", chain_id: OTHER_HUB }] }));
        for (const source of original.registry.assets) {
          for (const dest of original.chainIds()) {
            const request = { source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, dest_chain_id: dest, allow_multi_tx: true, include_evm_assets: true, include_no_metadata_assets: true, include_cw20_assets: true };
            const expected = renamed(answers(original, request), MAINNET_HUB, OTHER_HUB);
            expect(answers(moved, renamed(request, MAINNET_HUB, OTHER_HUB))).toEqual(expected);
          }
        }
      }),
      { numRuns: propertyRuns(25) },
    );
  });
});

function answers(router: AssetRouter, request: Parameters<typeof explain>[1]) {
  const { verdict, ...answer } = explain(router, request);
  return { answer, verdict: verdict.kind, include_swaps: explain(router, { ...request, include_swaps: true }).routes };
}
