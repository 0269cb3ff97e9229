import { describe, expect, it } from "vitest";
import { ibcDenom } from "../../src/index.js";
import type { CrAsset } from "../../src/registry/chain-registry-input.js";
import { defaultOverlay } from "../../src/entries/chain-registry.js";
import {
  assetOn,
  ATOM,
  ATOM_ON_OSMOSIS_DENOM,
  atomOnOsmosis,
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

describe("fromChainRegistry: chains", () => {
  it("keeps the package's chain id and maps chain types", () => {
    const { registry, issues } = convert(
      data({
        chains: [
          HUB,
          { chainName: "ethereum", chainId: "1", chainType: "eip155" },
          { chainName: "penumbra", chainId: "penumbra-1", chainType: "unknown" },
        ],
      }),
    );
    expect(registry.chains.map((c) => [c.chain_name, c.chain_id, c.chain_type])).toEqual([
      ["cosmoshub", "cosmoshub-4", "cosmos"],
      ["ethereum", "1", "evm"],
      ["penumbra", "penumbra-1", "other"],
    ]);
    expect(issues).toEqual([]);
  });

  it("takes ids of the non-Cosmos lists' chains from the overlay (arbitrum is 42161) and overrides Solana's 101", () => {
    const { registry } = convert(
      data({
        chains: [{ chainName: "solana", chainId: "101", chainType: "solana" }],
        nonCosmosAssetLists: [list("arbitrum", nativeAsset("wei", "ETH", { typeAsset: "evm-base" }))],
      }),
      defaultOverlay(),
    );
    expect(registry.chains.map((c) => [c.chain_name, c.chain_id, c.chain_type])).toEqual([
      ["solana", "solana", "svm"],
      ["arbitrum", "42161", "evm"],
    ]);
    expect(assetOn(registry, "42161", "wei")?.is_evm).toBe(true);
  });

  it("leaves out a chain with no known id, with its assets, and says so once", () => {
    const { registry, issues } = convert(
      data({
        chains: [{ chainName: "ton", chainType: "unknown" }, HUB],
        assetLists: [list("ton", nativeAsset("nanoton", "TON")), list("cosmoshub", ATOM)],
        nonCosmosAssetLists: [list("bitcoin", nativeAsset("sat", "BTC"))],
      }),
    );
    expect(registry.chains.map((c) => c.chain_id)).toEqual(["cosmoshub-4"]);
    expect(registry.assets.map((a) => a.denom)).toEqual(["uatom"]);
    expect(issues.map((i) => [i.code, i.where])).toEqual([
      ["chain_without_id", "chains ton"],
      ["chain_without_id", "chains bitcoin"],
    ]);
  });

  it("ignores testnet lists and says nothing about them", () => {
    const { registry, issues } = convert(
      data({ nonCosmosAssetLists: [list("ethereumtestnet", nativeAsset("wei", "ETH"))] }),
      defaultOverlay(),
    );
    expect(registry.chains).toEqual([]);
    expect(issues).toEqual([]);
  });

  it("reports an asset list whose chain the package does not list", () => {
    const { registry, issues } = convert(data({ chains: [HUB], assetLists: [list("nowhere", ATOM)] }));
    expect(registry.assets).toEqual([]);
    expect(codes(issues)).toEqual(["assets_on_unknown_chain"]);
  });

  it("leaves out a second chain claiming a taken id", () => {
    const { registry, issues } = convert(data({ chains: [HUB, cosmosChain("cosmoshub-copy", "cosmoshub-4")] }));
    expect(registry.chains).toHaveLength(1);
    expect(codes(issues)).toEqual(["duplicate_chain_id"]);
  });

  it("sets capability flags from the overlay, false where it has no sourced fact", () => {
    const { registry } = convert(data({ chains: [OSMO, cosmosChain("akash", "akashnet-2"), cosmosChain("unknownchain", "unknown-1")] }), defaultOverlay());
    const flags = ["pfm_enabled", "supports_memo", "ibc_hooks", "autopilot", "forwards_after_bridge"] as const;
    expect(registry.chains.map((c) => [c.chain_id, ...flags.map((flag) => c[flag])])).toEqual([
      ["osmosis-1", true, true, true, false, true],
      ["akashnet-2", false, true, false, false, false],
      ["unknown-1", false, false, false, false, false],
    ]);
  });
});

describe("fromChainRegistry: assets", () => {
  it("maps a native asset and its metadata", () => {
    const asset: CrAsset = {
      ...nativeAsset("uatom", "ATOM"),
      name: "Cosmos Hub Atom",
      description: "staking token",
      coingeckoId: "cosmos",
      logoURIs: { svg: "https://x/atom.svg", png: "https://x/atom.png" },
    };
    const { registry } = convert(data({ chains: [HUB], assetLists: [list("cosmoshub", asset)] }));
    expect(registry.assets).toEqual([
      {
        chain_id: "cosmoshub-4",
        denom: "uatom",
        trace: "",
        origin_chain_id: "cosmoshub-4",
        origin_denom: "uatom",
        is_cw20: false,
        is_evm: false,
        symbol: "ATOM",
        recommended_symbol: "ATOM",
        name: "Cosmos Hub Atom",
        logo_uri: "https://x/atom.png",
        decimals: 6,
        description: "staking token",
        coingecko_id: "cosmos",
      },
    ]);
  });

  it("falls back to the svg, then to images[0], for the logo; omits what is missing", () => {
    const svgOnly = nativeAsset("ua", "A", { logoURIs: { svg: "https://x/a.svg" } });
    const imagesOnly = nativeAsset("ub", "B", { images: [{ png: "https://x/b.png" }] });
    const bare: CrAsset = { base: "uc" };
    const { registry } = convert(data({ chains: [HUB], assetLists: [list("cosmoshub", svgOnly, imagesOnly, bare)] }));
    expect(registry.assets.map((a) => a.logo_uri)).toEqual(["https://x/a.svg", "https://x/b.png", undefined]);
    expect(Object.keys(registry.assets[2]!).sort()).toEqual(
      ["chain_id", "denom", "is_cw20", "is_evm", "origin_chain_id", "origin_denom", "trace"].sort(),
    );
  });

  it("flags CW20 tokens, and EVM tokens only on EVM chains", () => {
    const { registry } = convert(
      data({
        chains: [
          cosmosChain("juno", "juno-1"),
          { chainName: "ethereum", chainId: "1", chainType: "eip155" },
          { chainName: "solana", chainId: "101", chainType: "solana" },
        ],
        assetLists: [
          list("juno", nativeAsset("cw20:juno1abc", "RAW", { typeAsset: "cw20" })),
          list("ethereum", nativeAsset("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", "USDC", { typeAsset: "erc20" })),
          // The package labels SPL tokens "erc20" too; Solana is not an EVM chain.
          list("solana", nativeAsset("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "USDC", { typeAsset: "erc20" })),
        ],
      }),
      defaultOverlay(),
    );
    expect(registry.assets.map((a) => [a.chain_id, a.is_cw20, a.is_evm])).toEqual([
      ["juno-1", true, false],
      ["1", false, true],
      ["solana", false, false],
    ]);
  });

  it("turns an IBC voucher into trace + origin: ATOM on Osmosis", () => {
    const { registry, issues } = convert(
      data({ chains: [HUB, OSMO], assetLists: [list("cosmoshub", ATOM), list("osmosis", atomOnOsmosis)] }),
    );
    expect(atomOnOsmosis.base).toBe(ATOM_ON_OSMOSIS_DENOM);
    expect(assetOn(registry, "osmosis-1", ATOM_ON_OSMOSIS_DENOM)).toMatchObject({
      trace: "transfer/channel-0",
      origin_chain_id: "cosmoshub-4",
      origin_denom: "uatom",
    });
    expect(issues).toEqual([]);
  });

  it("follows counterparties back to the native chain for a multi-hop voucher", () => {
    const onB = voucherAsset(
      "transfer/channel-1/ufoo",
      [ibcTrace("chaina", "ufoo", "channel-1", "transfer/channel-1/ufoo")],
      "FOO",
    );
    const twoHops = "transfer/channel-2/transfer/channel-1/ufoo";
    // C lists only the last hop: the origin is found through B's listing.
    const onC = voucherAsset(twoHops, [ibcTrace("chainb", onB.base, "channel-2", twoHops)], "FOO");
    const { registry } = convert(
      data({
        chains: [cosmosChain("chaina", "a-1"), cosmosChain("chainb", "b-1"), cosmosChain("chainc", "c-1")],
        assetLists: [list("chaina", nativeAsset("ufoo", "FOO")), list("chainb", onB), list("chainc", onC)],
      }),
    );
    expect(assetOn(registry, "c-1", onC.base)).toMatchObject({
      trace: "transfer/channel-2/transfer/channel-1",
      origin_chain_id: "a-1",
      origin_denom: "ufoo",
    });
  });

  it("falls back to the asset's own trace list when the intermediate chain does not list the voucher", () => {
    const twoHops = "transfer/channel-2/transfer/channel-1/ufoo";
    const onC = voucherAsset(
      twoHops,
      [
        ibcTrace("chaina", "ufoo", "channel-1", "transfer/channel-1/ufoo"),
        ibcTrace("chainb", ibcDenom("transfer/channel-1", "ufoo"), "channel-2", twoHops),
      ],
      "FOO",
    );
    const { registry } = convert(
      data({
        chains: [cosmosChain("chaina", "a-1"), cosmosChain("chainb", "b-1"), cosmosChain("chainc", "c-1")],
        assetLists: [list("chainc", onC)],
      }),
    );
    expect(assetOn(registry, "c-1", onC.base)?.origin_chain_id).toBe("a-1");
  });

  it("treats ibc-cw20 like ibc: the CW20 leaves over a wasm port and arrives as a voucher", () => {
    const cw20 = "cw20:terra17aj4ty4sz4yhgm08na8drc0v03v2jwr3waxcqrwhajj729zhl7zqnpc0ml";
    const port = "wasm.terra1e0mrzy8077druuu42vs0hu7ugguade0cj65dgtauyaw4gsl4kv0qtdf2au";
    const voucher: CrAsset = {
      base: "ibc/40C29143BF4153B365089E40E437B7AA819672646C45BB0A5F1E10915A0B6708",
      symbol: "bLUNA",
      typeAsset: "ics20",
      traces: [
        {
          type: "ibc-cw20",
          counterparty: { chainName: "terra2", baseDenom: cw20, port, channelId: "channel-87" },
          chain: { port: "transfer", channelId: "channel-2", path: `transfer/channel-2/${cw20}` },
        },
      ],
    };
    const { registry, issues } = convert(
      data({
        chains: [cosmosChain("terra2", "phoenix-1"), cosmosChain("migaloo", "migaloo-1")],
        assetLists: [list("terra2", nativeAsset(cw20, "bLUNA", { typeAsset: "cw20" })), list("migaloo", voucher)],
        ibcData: [
          ibcPair(
            ["migaloo", "migaloo-1"],
            ["terra2", "phoenix-1"],
            transferChannel("channel-2", "channel-87", undefined, ["transfer", port]),
          ),
        ],
      }),
    );
    expect(issues).toEqual([]);
    expect(assetOn(registry, "phoenix-1", cw20)?.is_cw20).toBe(true);
    expect(assetOn(registry, "migaloo-1", voucher.base)).toMatchObject({
      trace: "transfer/channel-2",
      origin_chain_id: "phoenix-1",
      origin_denom: cw20,
      is_cw20: false,
    });
    expect(registry.ibc_channels[0]!.chain_2).toEqual({
      chain_id: "phoenix-1",
      channel_id: "channel-87",
      port_id: port,
    });
  });

  it("leaves out a voucher whose declared denom is not the hash of its path", () => {
    const wrong = voucherAsset(
      "transfer/channel-0/uatom",
      [ibcTrace("cosmoshub", "uatom", "channel-0", "transfer/channel-0/uatom")],
      "ATOM",
      "ibc/0000000000000000000000000000000000000000000000000000000000000000",
    );
    const { registry, issues } = convert(
      data({ chains: [HUB, OSMO], assetLists: [list("cosmoshub", ATOM), list("osmosis", wrong)] }),
    );
    expect(registry.assets.map((a) => a.chain_id)).toEqual(["cosmoshub-4"]);
    expect(issues).toMatchObject([
      { code: "declared_denom_mismatch", where: "osmosis/assetlist ATOM", severity: "warning" },
    ]);
  });

  it("leaves out vouchers whose path does not parse, and ibc/ denoms with no IBC path", () => {
    const noPath: CrAsset = {
      ...atomOnOsmosis,
      traces: [{ ...atomOnOsmosis.traces![0]!, chain: { channelId: "channel-0" } }],
    };
    const badPath: CrAsset = {
      ...atomOnOsmosis,
      base: "ibc/AB",
      traces: [{ ...atomOnOsmosis.traces![0]!, chain: { channelId: "channel-0", path: "uatom" } }],
    };
    const bridged: CrAsset = {
      base: "ibc/CD",
      symbol: "X",
      traces: [{ type: "bridge", provider: "Wormhole", counterparty: { chainName: "solana", baseDenom: "x" } }],
    };
    const { registry, issues } = convert(
      data({ chains: [HUB, OSMO], assetLists: [list("osmosis", noPath, badPath, bridged)] }),
    );
    expect(registry.assets).toEqual([]);
    expect(codes(issues)).toEqual(["unparseable_trace", "unparseable_trace", "unparseable_trace"]);
  });

  it("keeps a voucher whose origin chain has no known id, under its own chain, with a warning", () => {
    const fromNowhere = voucherAsset(
      "transfer/channel-9/unowhere",
      [ibcTrace("nowhere", "unowhere", "channel-9", "transfer/channel-9/unowhere")],
      "NW",
    );
    const { registry, issues } = convert(data({ chains: [OSMO], assetLists: [list("osmosis", fromNowhere)] }));
    expect(registry.assets).toEqual([
      expect.objectContaining({
        chain_id: "osmosis-1",
        denom: ibcDenom("transfer/channel-9", "unowhere"),
        trace: "transfer/channel-9",
        origin_chain_id: "osmosis-1",
        origin_denom: "unowhere",
        symbol: "NW",
      }),
    ]);
    expect(issues).toEqual([expect.objectContaining({ severity: "warning", code: "unresolved_origin" })]);
    expect(issues[0]!.message).toContain('(nowhere) has no known chain id; kept with origin_chain_id "osmosis-1"');
  });

  it("still leaves out an unresolved voucher whose denom is not the hash of its path", () => {
    const wrong = voucherAsset(
      "transfer/channel-9/unowhere",
      [ibcTrace("nowhere", "unowhere", "channel-9", "transfer/channel-9/unowhere")],
      "NW",
      ATOM_ON_OSMOSIS_DENOM,
    );
    const { registry, issues } = convert(data({ chains: [OSMO], assetLists: [list("osmosis", wrong)] }));
    expect(registry.assets).toEqual([]);
    expect(codes(issues)).toEqual(["declared_denom_mismatch"]);
  });

  it("names an origin chain the package no longer lists by the id its IBC data gives", () => {
    const stars = voucherAsset(
      "transfer/channel-75/ustars",
      [ibcTrace("stargaze", "ustars", "channel-75", "transfer/channel-75/ustars")],
      "STARS",
    );
    const { registry, issues } = convert(
      data({
        chains: [OSMO],
        assetLists: [list("osmosis", stars)],
        ibcData: [
          ibcPair(["osmosis", "osmosis-1"], ["stargaze", "stargaze-1"], transferChannel("channel-75", "channel-0")),
        ],
      }),
    );
    expect(assetOn(registry, "osmosis-1", stars.base)?.origin_chain_id).toBe("stargaze-1");
    expect(codes(issues)).toEqual(["channel_on_unknown_chain"]);
  });

  it("keeps the first of two listings of one EVM address, whatever their case", () => {
    const lower = nativeAsset("0xaf88d065e77c8cc2239327c5edb3a432268e5831", "USDC", { typeAsset: "erc20" });
    const mixed = nativeAsset("0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "USDC", { typeAsset: "erc20" });
    const { registry, issues } = convert(
      data({ nonCosmosAssetLists: [list("arbitrum", lower, mixed)] }),
      defaultOverlay(),
    );
    expect(registry.assets.map((a) => a.denom)).toEqual([lower.base]);
    expect(codes(issues)).toEqual(["duplicate_asset"]);
  });
});
