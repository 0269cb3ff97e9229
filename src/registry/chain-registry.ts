/**
 * The npm package `chain-registry` (mainnet or testnet chains, asset lists and IBC data, plus its
 * non-Cosmos asset lists) -> the project's registry format. Pure: data in, registry input and
 * issues out; whatever cannot be converted faithfully is left out with an issue instead of guessed.
 */
import { transferRulesOf } from "./transfer-rules.js";
import { convertAssets, indexListedAssets } from "./chain-registry-assets.js";
import { convertBridgeLinks } from "./chain-registry-bridges.js";
import { isOnNetwork, resolveChains, type ChainRegistryNetwork } from "./chain-registry-chains.js";
import { convertChannels } from "./chain-registry-channels.js";
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { ChainRegistryDataSchema, type ChainRegistryData } from "./chain-registry-input.js";
import type { RegistryIssue } from "./issues.js";
import { ChainRegistryOverlaySchema, defaultOverlay, type ChainRegistryOverlay } from "./overlay.js";
import type { RegistryInput } from "./schema.js";

export type { ChainRegistryData } from "./chain-registry-input.js";
export type { ChainRegistryNetwork } from "./chain-registry-chains.js";

export interface ChainRegistryConversionOptions {
  /**
   * Which chains of `data` to keep, default "mainnet". The non-Cosmos folder mixes both networks
   * (`ethereum` beside `ethereumtestnet`), so the choice applies to every list read.
   */
  network?: ChainRegistryNetwork;
}

export interface ChainRegistryConversion {
  /** Ready for `parseRegistry`. */
  registry: RegistryInput;
  issues: RegistryIssue[];
}

/** The package's data converted; each argument checked first (`invalid_request` / `invalid_config` naming it). */
export function fromChainRegistry(
  data: ChainRegistryData,
  overlay: ChainRegistryOverlay = defaultOverlay(),
  options: ChainRegistryConversionOptions = {},
): ChainRegistryConversion {
  const fn = "fromChainRegistry";
  return convertChainRegistry(
    parseArgument(ChainRegistryDataSchema, data, { fn, arg: "data", expected: "the chain-registry package's data {chains, assetLists, ibcData}" }),
    parseArgument(ChainRegistryOverlaySchema, overlay, { fn, arg: "overlay", code: "invalid_config", expected: "an overlay {chainIds, capabilities}" }),
    parseArgument(ConversionOptionsSchema, options, { fn, arg: "options", code: "invalid_config", expected: "an object {network} or undefined" }) ?? {},
  );
}

const ConversionOptionsSchema = z.optional(z.object({ network: z.optional(z.enum(["mainnet", "testnet"])) }));

/** `fromChainRegistry` on data already checked (`loadChainRegistry` parsed the package's modules). */
export function convertChainRegistry(
  data: ChainRegistryData,
  overlay: ChainRegistryOverlay,
  options: ChainRegistryConversionOptions,
): ChainRegistryConversion {
  const network = options.network ?? "mainnet";
  const issues: RegistryIssue[] = [];
  const networkOf = new Map(data.chains.map((chain) => [chain.chainName, chain.networkType]));
  const onNetwork = (list: { chainName: string }) => isOnNetwork(network, list.chainName, networkOf.get(list.chainName));
  const nonCosmosLists = (data.nonCosmosAssetLists ?? []).filter(onNetwork);
  const packageLists = data.assetLists.filter(onNetwork);
  // A chain listed in both places keeps its package list only.
  const packageNames = new Set(packageLists.map((list) => list.chainName));
  const lists = [...packageLists, ...nonCosmosLists.filter((list) => !packageNames.has(list.chainName))];

  const table = resolveChains(data.chains, nonCosmosLists, data.ibcData, overlay, issues, network);
  const assets = convertAssets(lists, indexListedAssets(lists), table, issues);
  const ibcChannels = convertChannels(data.ibcData, table, issues);
  const bridgeLinks = convertBridgeLinks(assets, table, issues);

  return {
    registry: {
      chains: table.chains,
      assets: assets.assets.map((asset) => asset.input),
      ibc_channels: ibcChannels,
      bridge_links: bridgeLinks,
      swap_venues: [],
      // Written out, not left to the default: a dataset compiled from this registry carries them, so its data_version covers them.
      transfer_rules: [...transferRulesOf({ chains: table.chains })],
    },
    issues,
  };
}
