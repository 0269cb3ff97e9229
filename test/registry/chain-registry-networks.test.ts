/**
 * The adapter's network choice and its best-known origin rule, on a few lines of chain-registry
 * shaped data (real names and ids from the package: osmo-test-5, agoricdev-25, the permtestnet
 * placeholder id).
 */
import { describe, expect, it } from "vitest";
import { ibcDenom } from "../../src/index.js";
import { fromChainRegistry } from "../../src/entries/chain-registry.js";
import { parseRegistry } from "../../src/index.js";
import { validateRegistry } from "../../src/index.js";
import {
  assetOn,
  codes,
  cosmosChain,
  data,
  ibcPair,
  ibcTrace,
  list,
  nativeAsset,
  NO_OVERLAY,
  OSMO,
  transferChannel,
  voucherAsset,
} from "./chain-registry-builders.js";

const testnet = (chainName: string, chainId: string) => ({ ...cosmosChain(chainName, chainId), networkType: "testnet" });
const OSMO_TEST = testnet("osmosistestnet", "osmo-test-5");
// A testnet whose name does not end in "testnet": its networkType decides.
const AGORIC_DEV = testnet("agoricdevnet", "agoricdev-25");
// The package's placeholder for an id it does not know.
const PERM = testnet("permtestnet", "INVALID-ID-permtestnet-testnet-1");

const input = data({
  chains: [OSMO, OSMO_TEST, AGORIC_DEV, PERM],
  assetLists: [
    list("osmosis", nativeAsset("uosmo", "OSMO")),
    list("osmosistestnet", nativeAsset("uosmo", "OSMO")),
    list("agoricdevnet", nativeAsset("ubld", "BLD")),
    list("permtestnet", nativeAsset("uperm", "PERM")),
  ],
  ibcData: [
    ibcPair(["agoricdevnet", "agoricdev-25"], ["osmosistestnet", "osmo-test-5"], transferChannel("channel-1", "channel-2")),
  ],
  nonCosmosAssetLists: [
    list("ethereum", nativeAsset("wei", "ETH")),
    list("ethereumtestnet", nativeAsset("wei", "ETH")),
  ],
});

describe("fromChainRegistry: networks", () => {
  it("mainnet (the default) keeps mainnet chains only", () => {
    const { registry, issues } = fromChainRegistry(input, NO_OVERLAY);
    expect(parseRegistry(registry).chains.map((c) => c.chain_id)).toEqual(["osmosis-1"]);
    // Without the overlay, Ethereum has no id; testnet lists are not mentioned, and the testnet
    // channel (the package keeps it in the testnet folder) joins chains this network lacks.
    expect(issues.map((i) => [i.code, i.where])).toEqual([
      ["chain_without_id", "chains ethereum"],
      ["channel_on_unknown_chain", "ibc_data agoricdevnet"],
      ["channel_on_unknown_chain", "ibc_data osmosistestnet"],
    ]);
  });

  it("testnet keeps testnet chains by networkType, with their assets and channels", () => {
    const { registry: input2, issues } = fromChainRegistry(input, NO_OVERLAY, { network: "testnet" });
    const registry = parseRegistry(input2);
    expect(registry.chains.map((c) => c.chain_id)).toEqual(["osmo-test-5", "agoricdev-25"]);
    expect(registry.assets.map((a) => [a.chain_id, a.denom])).toEqual([
      ["osmo-test-5", "uosmo"],
      ["agoricdev-25", "ubld"],
    ]);
    expect(registry.ibc_channels).toHaveLength(1);
    expect(issues.map((i) => [i.code, i.where])).toEqual([
      ["chain_without_id", "chains permtestnet"],
      ["chain_without_id", "chains ethereumtestnet"],
    ]);
  });
});

describe("fromChainRegistry: a voucher whose origin chain has no id", () => {
  // DOT's shape: osmosis <- composable (known) <- picasso (no id) <- the mint chain.
  const CENTAURI = cosmosChain("composable", "centauri-1");
  const base = "79228162514264337593543950342";
  const onCentauri = voucherAsset(
    `transfer/channel-2/transfer/channel-15/${base}`,
    [{ ...ibcTrace("picasso", base, "channel-2", `transfer/channel-2/transfer/channel-15/${base}`), type: "ibc-bridge", provider: "Picasso" }],
    "DOT",
  );
  const onOsmosis = voucherAsset(
    `transfer/channel-1279/transfer/channel-2/transfer/channel-15/${base}`,
    [ibcTrace("composable", onCentauri.base, "channel-1279", `transfer/channel-1279/transfer/channel-2/transfer/channel-15/${base}`)],
    "DOT",
  );
  const { registry: raw, issues } = fromChainRegistry(
    data({
      chains: [OSMO, CENTAURI],
      assetLists: [list("osmosis", onOsmosis), list("composable", onCentauri)],
      ibcData: [ibcPair(["composable", "centauri-1"], ["osmosis", "osmosis-1"], transferChannel("channel-3", "channel-1279"))],
    }),
    NO_OVERLAY,
  );
  const registry = parseRegistry(raw);

  it("keeps both versions under the farthest chain back that the registry knows", () => {
    expect(assetOn(registry, "centauri-1", onCentauri.base)).toMatchObject({
      trace: "transfer/channel-2/transfer/channel-15",
      origin_chain_id: "centauri-1",
      origin_denom: base,
    });
    expect(assetOn(registry, "osmosis-1", onOsmosis.base)).toMatchObject({
      trace: "transfer/channel-1279/transfer/channel-2/transfer/channel-15",
      origin_chain_id: "centauri-1",
      origin_denom: base,
    });
    expect(onOsmosis.base).toBe(ibcDenom("transfer/channel-1279/transfer/channel-2/transfer/channel-15", base));
    // Picasso is no routed bridge: the same warning as on mainnet.
    expect(codes(issues)).toEqual(["unresolved_origin", "unresolved_origin", "unrouted_bridge"]);
    expect(issues.every((i) => i.severity === "warning")).toBe(true);
  });

  it("validateRegistry warns only about the channel to the unknown chain, nothing fatal", () => {
    const found = validateRegistry(registry);
    expect(found.map((i) => [i.severity, i.code, i.message.includes("transfer/channel-2")])).toEqual([
      ["warning", "trace_channel_unknown", true],
    ]);
  });
});
