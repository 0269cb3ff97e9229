import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildRouter, ibcDenom } from "../../src/index.js";
import { explain } from "../../src/entries/explain.js";
import type { CrAsset } from "../../src/registry/chain-registry-input.js";
import { defaultOverlay } from "../../src/entries/chain-registry.js";
import {
  assetOn,
  codes,
  convert,
  cosmosChain,
  data,
  HUB,
  ibcPair,
  ibcTrace,
  list,
  nativeAsset,
  OSMO,
  transferChannel,
  voucherAsset,
} from "./chain-registry-builders.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

describe("fromChainRegistry: IBC channels", () => {
  it("keeps ICS-20 channels with their status and preference, once, and drops other applications", () => {
    const pair = ibcPair(
      ["cosmoshub", "cosmoshub-4"],
      ["osmosis", "osmosis-1"],
      transferChannel("channel-141", "channel-0", { status: "ACTIVE", preferred: true }),
      transferChannel("channel-5", "channel-6", { status: "INACTIVE" }),
      transferChannel("channel-7", "channel-8", {}),
      { ...transferChannel("channel-9", "channel-10"), version: "ics27-1" },
      transferChannel("channel-11", "channel-12", undefined, ["icahost", "icacontroller-x"]),
    );
    // The package lists most pairs twice, once from each chain's folder.
    const { registry, issues } = convert(data({ chains: [HUB, OSMO], ibcData: [pair, pair] }));
    expect(registry.ibc_channels).toEqual([
      {
        chain_1: { chain_id: "cosmoshub-4", channel_id: "channel-141", port_id: "transfer" },
        chain_2: { chain_id: "osmosis-1", channel_id: "channel-0", port_id: "transfer" },
        status: "ACTIVE",
        preferred: true,
      },
      expect.objectContaining({ status: "INACTIVE", preferred: false }),
      expect.objectContaining({ status: "UNKNOWN", preferred: false }),
    ]);
    expect(issues).toEqual([]);
  });

  it("reports channels to chains outside the package, and an end reused with another partner", () => {
    const { registry, issues } = convert(
      data({
        chains: [HUB, OSMO],
        ibcData: [
          ibcPair(["osmosis", "osmosis-1"], ["stargaze", "stargaze-1"], transferChannel("channel-75", "channel-0")),
          ibcPair(["cosmoshub", "cosmoshub-4"], ["osmosis", "osmosis-1"], transferChannel("channel-141", "channel-0")),
          ibcPair(["cosmoshub", "cosmoshub-4"], ["osmosis", "osmosis-1"], transferChannel("channel-141", "channel-1")),
        ],
      }),
    );
    expect(registry.ibc_channels).toHaveLength(1);
    expect(issues.map((i) => [i.code, i.where])).toEqual([
      ["duplicate_channel", "ibc_data cosmoshub<->osmosis channel-141/channel-1"],
      ["channel_on_unknown_chain", "ibc_data stargaze"],
    ]);
  });
});

describe("fromChainRegistry: registry tags that move nothing (issue 24)", () => {
  it("reads the schema's CLOSED and PENDING tags as INACTIVE: no hop over them", () => {
    const pair = ibcPair(
      ["cosmoshub", "cosmoshub-4"],
      ["osmosis", "osmosis-1"],
      transferChannel("channel-1", "channel-2", { status: "CLOSED" }),
      transferChannel("channel-3", "channel-4", { status: "PENDING" }),
      transferChannel("channel-5", "channel-6", { status: "SOMETHING-ELSE" }),
    );
    const { registry } = convert(data({ chains: [HUB, OSMO], ibcData: [pair] }));
    expect(registry.ibc_channels.map((c) => [c.chain_1.channel_id, c.status])).toEqual([
      ["channel-1", "INACTIVE"],
      ["channel-3", "INACTIVE"],
      ["channel-5", "UNKNOWN"],
    ]);
  });

  it("leaves out a chain the registry marks killed, with its assets and channels, and says so", () => {
    const killed = { ...cosmosChain("terra", "columbus-5"), status: "killed" };
    const { registry, issues } = convert(
      data({
        chains: [HUB, killed],
        assetLists: [list("terra", nativeAsset("uluna", "LUNC"))],
        ibcData: [ibcPair(["cosmoshub", "cosmoshub-4"], ["terra", "columbus-5"], transferChannel("channel-1", "channel-2"))],
      }),
    );
    expect(registry.chains.map((c) => c.chain_id)).toEqual(["cosmoshub-4"]);
    expect(registry.ibc_channels).toEqual([]);
    expect(registry.assets.some((a) => a.chain_id === "columbus-5")).toBe(false);
    expect(codes(issues)).toContain("chain_killed");
    // explain names it, where it would otherwise say "unknown chain".
    const router = buildRouter(registry, { issues });
    const answer = explain(router, { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "columbus-5" });
    expect(answer.reasons).toContainEqual(expect.objectContaining({ code: "chain_killed", chain_id: "columbus-5", side: "dest" }));
    expect(answer.reasons.some((reason) => reason.code === "unknown_chain")).toBe(false);
    expect(issues.find((i) => i.code === "channel_on_unknown_chain")?.message).toContain("was left out");
  });
});

describe("fromChainRegistry: IBC channels over bridge light clients", () => {
  it("leaves out channels to an EVM chain (Picasso's light client to Ethereum) and says so", () => {
    const ethereum = { chainName: "ethereum", chainId: "1", chainType: "eip155", networkType: "mainnet", status: "live" };
    const composable = cosmosChain("composable", "centauri-1");
    const { registry, issues } = convert(
      data({
        chains: [composable, ethereum, OSMO],
        ibcData: [
          // chain-registry _IBC/composable-ethereum.json and composable-osmosis.json
          ibcPair(["composable", "centauri-1"], ["ethereum", "1"], transferChannel("channel-52", "channel-2")),
          ibcPair(["composable", "centauri-1"], ["osmosis", "osmosis-1"], transferChannel("channel-3", "channel-1279")),
        ],
      }),
    );
    expect(registry.ibc_channels.map((c) => [c.chain_1.chain_id, c.chain_2.chain_id])).toEqual([["centauri-1", "osmosis-1"]]);
    expect(issues.map((i) => [i.code, i.where])).toEqual([["bridge_channel_not_routed", "ibc_data composable<->ethereum"]]);
  });
});

describe("fromChainRegistry: bridge links", () => {
  const ETH = { chainName: "ethereum", chainId: "1", chainType: "eip155" };
  const AXL = cosmosChain("axelar", "axelar-dojo-1");
  const ETH_USDC = "0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eB48";
  const ethUsdc = nativeAsset(ETH_USDC, "USDC", { typeAsset: "erc20" });

  it("links an Axelar-bridged asset to its counterparty, in the registry's spelling of the address", () => {
    const axlUsdc = nativeAsset("uusdc", "USDC", {
      traces: [
        {
          type: "bridge",
          provider: "Axelar",
          counterparty: { chainName: "ethereum", baseDenom: ETH_USDC.toLowerCase() },
        },
      ],
    });
    const { registry, issues } = convert(
      data({ chains: [ETH, AXL], assetLists: [list("ethereum", ethUsdc), list("axelar", axlUsdc)] }),
    );
    expect(registry.bridge_links).toEqual([
      {
        bridge: "AXELAR",
        from: { chain_id: "1", denom: ETH_USDC },
        to: { chain_id: "axelar-dojo-1", denom: "uusdc" },
        bidirectional: true,
      },
    ]);
    // Axelar mints a new native asset: its origin is itself.
    expect(assetOn(registry, "axelar-dojo-1", "uusdc")).toMatchObject({ trace: "", origin_chain_id: "axelar-dojo-1" });
    expect(issues).toEqual([]);
  });

  it("links a Eureka voucher to the Ethereum asset and keeps Ethereum as its origin", () => {
    const wbtc = "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599";
    const eurekaWbtc: CrAsset = {
      base: "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462",
      symbol: "WBTC",
      typeAsset: "ics20",
      traces: [
        {
          type: "ibc-bridge",
          provider: "Eureka",
          counterparty: { chainName: "ethereum", baseDenom: wbtc, channelId: "cosmoshub-0" },
          chain: { channelId: "08-wasm-1369", path: `transfer/08-wasm-1369/${wbtc}` },
        },
      ],
    };
    const { registry, issues } = convert(
      data({
        chains: [ETH, HUB],
        assetLists: [
          list("ethereum", nativeAsset(wbtc, "WBTC", { typeAsset: "erc20" })),
          list("cosmoshub", eurekaWbtc),
        ],
      }),
    );
    expect(assetOn(registry, "cosmoshub-4", eurekaWbtc.base)).toMatchObject({
      trace: "transfer/08-wasm-1369",
      origin_chain_id: "1",
      origin_denom: wbtc,
    });
    expect(registry.bridge_links).toEqual([
      {
        bridge: "EUREKA",
        from: { chain_id: "1", denom: wbtc },
        to: { chain_id: "cosmoshub-4", denom: eurekaWbtc.base },
        bidirectional: true,
      },
    ]);
    expect(issues).toEqual([]);
  });

  it("links every two members of a CCTP family, the counterparty included; an IBC voucher of a member is not one", () => {
    const circle = (base: string) =>
      nativeAsset(base, "USDC", {
        typeAsset: "erc20",
        traces: [
          {
            type: "additional-mintage",
            provider: "Circle",
            counterparty: { chainName: "ethereum", baseDenom: ETH_USDC.toLowerCase() },
          },
        ],
      });
    const nobleUsdc = { ...circle("uusdc"), typeAsset: "sdk.coin" };
    const usdcOnOsmosis = voucherAsset(
      "transfer/channel-750/uusdc",
      [...nobleUsdc.traces!, ibcTrace("noble", "uusdc", "channel-750", "transfer/channel-750/uusdc")],
      "USDC",
    );
    const { registry } = convert(
      data({
        chains: [ETH, cosmosChain("noble", "noble-1"), OSMO],
        assetLists: [list("ethereum", ethUsdc), list("noble", nobleUsdc), list("osmosis", usdcOnOsmosis)],
        nonCosmosAssetLists: [
          list("arbitrum", circle("0xaf88d065e77c8cC2239327C5EDb3A432268e5831")),
          list("base", circle("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")),
        ],
      }),
      defaultOverlay(),
    );
    const pairs = registry.bridge_links.map((l) => [l.bridge, l.from.chain_id, l.to.chain_id]);
    expect(pairs).toEqual([
      ["CCTP", "1", "noble-1"],
      ["CCTP", "1", "42161"],
      ["CCTP", "1", "8453"],
      ["CCTP", "noble-1", "42161"],
      ["CCTP", "noble-1", "8453"],
      ["CCTP", "42161", "8453"],
    ]);
  });

  it("reports a routed bridge whose counterparty is not in the registry", () => {
    const axlUsdc = nativeAsset("uusdc", "USDC", {
      traces: [{ type: "bridge", provider: "Axelar", counterparty: { chainName: "ethereum", baseDenom: "0xdead" } }],
    });
    const { registry, issues } = convert(data({ chains: [AXL], assetLists: [list("axelar", axlUsdc)] }));
    expect(registry.bridge_links).toEqual([]);
    expect(issues).toMatchObject([{ code: "bridge_counterparty_missing", where: "axelar/assetlist USDC" }]);
  });

  it("routes no other provider and reports each once, listing where it occurs", () => {
    const via = (base: string, type: string, provider: string) =>
      nativeAsset(base, base.toUpperCase(), {
        traces: [{ type, provider, counterparty: { chainName: "solana", baseDenom: "x" } }],
      });
    const { registry, issues } = convert(
      data({
        chains: [HUB],
        assetLists: [
          list(
            "cosmoshub",
            via("wa", "bridge", "Wormhole"),
            via("wb", "bridge", "Wormhole"),
            via("un", "ibc-bridge", "Union"),
          ),
        ],
      }),
    );
    expect(registry.bridge_links).toEqual([]);
    expect(registry.assets).toHaveLength(3);
    expect(issues.map((i) => [i.code, i.where])).toEqual([
      ["unrouted_bridge", "bridge provider Union"],
      ["unrouted_bridge", "bridge provider Wormhole"],
    ]);
    expect(issues[1]!.message).toContain("cosmoshub/assetlist WA; cosmoshub/assetlist WB");
  });
});

describe("fromChainRegistry: properties", () => {
  const denomArb = fc.stringMatching(/^[a-z][a-z0-9]{2,15}$/);
  const channelArb = fc.integer({ min: 0, max: 99_999 }).map((n) => `channel-${n}`);

  it("a single-hop voucher converts to denom == ibcDenom(trace, origin_denom), origin on the sending chain", () => {
    fc.assert(
      fc.property(denomArb, channelArb, (denom, channel) => {
        const path = `transfer/${channel}/${denom}`;
        const voucher = voucherAsset(path, [ibcTrace("cosmoshub", denom, channel, path)], "X");
        const { registry, issues } = convert(
          data({
            chains: [HUB, OSMO],
            assetLists: [list("cosmoshub", nativeAsset(denom, "X")), list("osmosis", voucher)],
          }),
        );
        const out = assetOn(registry, "osmosis-1", voucher.base)!;
        expect(issues).toEqual([]);
        expect(out.denom).toBe(oracleIbcDenom(out.trace, out.origin_denom));
        expect([out.trace, out.origin_chain_id, out.origin_denom]).toEqual([
          `transfer/${channel}`,
          "cosmoshub-4",
          denom,
        ]);
      }),
    );
  });

  it("a voucher declared under any other denom is always left out with an issue", () => {
    fc.assert(
      fc.property(denomArb, channelArb, fc.stringMatching(/^[0-9A-F]{64}$/), (denom, channel, hash) => {
        const path = `transfer/${channel}/${denom}`;
        fc.pre(`ibc/${hash}` !== oracleIbcDenom(`transfer/${channel}`, denom));
        const voucher = voucherAsset(path, [ibcTrace("cosmoshub", denom, channel, path)], "X", `ibc/${hash}`);
        const { registry, issues } = convert(data({ chains: [HUB, OSMO], assetLists: [list("osmosis", voucher)] }));
        expect(registry.assets).toEqual([]);
        expect(codes(issues)).toEqual(["declared_denom_mismatch"]);
      }),
    );
  });
});
