/**
 * Small builders for chain-registry-shaped inputs (camelCase, like the npm package), so each
 * adapter rule can be tested on a few lines of data.
 */
import { ibcDenom } from "../../src/index.js";
import { fromChainRegistry } from "../../src/entries/chain-registry.js";
import type {
  ChainRegistryData,
  CrAsset,
  CrAssetList,
  CrChain,
  CrIbcChannel,
  CrIbcData,
  CrTrace,
} from "../../src/registry/chain-registry-input.js";
import type { RegistryIssue } from "../../src/index.js";
import type { ChainRegistryOverlay } from "../../src/entries/chain-registry.js";
import { parseRegistry, type Registry } from "../../src/index.js";

export const NO_OVERLAY: ChainRegistryOverlay = { chainIds: {}, capabilities: {} };

/** Converts and parses: every conversion must yield a registry `parseRegistry` accepts. */
export function convert(input: ChainRegistryData, overlay: ChainRegistryOverlay = NO_OVERLAY) {
  const { registry, issues } = fromChainRegistry(input, overlay);
  return { registry: parseRegistry(registry), issues };
}

export const codes = (issues: RegistryIssue[]) => issues.map((issue) => issue.code);

export const assetOn = (registry: Registry, chainId: string, denom: string) =>
  registry.assets.find((asset) => asset.chain_id === chainId && asset.denom === denom);

export function cosmosChain(chainName: string, chainId: string): CrChain {
  return { chainName, chainId, chainType: "cosmos", networkType: "mainnet", status: "live" };
}

export function nativeAsset(base: string, symbol: string, extra: Partial<CrAsset> = {}): CrAsset {
  return {
    base,
    symbol,
    name: symbol,
    display: symbol.toLowerCase(),
    typeAsset: "sdk.coin",
    denomUnits: [
      { denom: base, exponent: 0 },
      { denom: symbol.toLowerCase(), exponent: 6 },
    ],
    ...extra,
  };
}

/** An `ibc` trace arriving over `channelId` with the given full path. */
export function ibcTrace(
  counterpartyChain: string,
  counterpartyDenom: string,
  channelId: string,
  path: string,
): CrTrace {
  return {
    type: "ibc",
    counterparty: { chainName: counterpartyChain, baseDenom: counterpartyDenom, channelId: "channel-99" },
    chain: { channelId, path },
  };
}

/** A voucher whose denom is the true hash of its path, unless `base` says otherwise. */
export function voucherAsset(path: string, traces: CrTrace[], symbol: string, base?: string): CrAsset {
  const parts = path.split("/");
  const trace = parts.slice(0, -1).join("/");
  return {
    base: base ?? ibcDenom(trace, parts.at(-1)!),
    symbol,
    typeAsset: "ics20",
    traces,
  };
}

export function list(chainName: string, ...assets: CrAsset[]): CrAssetList {
  return { chainName, assets };
}

export function transferChannel(
  channel1: string,
  channel2: string,
  tags: CrIbcChannel["tags"] = { status: "ACTIVE" },
  ports: [string, string] = ["transfer", "transfer"],
): CrIbcChannel {
  return {
    chain1: { channelId: channel1, portId: ports[0] },
    chain2: { channelId: channel2, portId: ports[1] },
    version: "ics20-1",
    ordering: "unordered",
    tags,
  };
}

export function ibcPair(
  chain1: [name: string, id: string],
  chain2: [name: string, id: string],
  ...channels: CrIbcChannel[]
): CrIbcData {
  return {
    chain1: { chainName: chain1[0], chainId: chain1[1] },
    chain2: { chainName: chain2[0], chainId: chain2[1] },
    channels,
  };
}

export function data(parts: Partial<ChainRegistryData>): ChainRegistryData {
  return { chains: [], assetLists: [], ibcData: [], nonCosmosAssetLists: [], ...parts };
}

export const HUB = cosmosChain("cosmoshub", "cosmoshub-4");
export const OSMO = cosmosChain("osmosis", "osmosis-1");
export const ATOM = nativeAsset("uatom", "ATOM");
export const ATOM_ON_OSMOSIS_DENOM = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
export const atomOnOsmosis = voucherAsset(
  "transfer/channel-0/uatom",
  [ibcTrace("cosmoshub", "uatom", "channel-0", "transfer/channel-0/uatom")],
  "ATOM",
);
