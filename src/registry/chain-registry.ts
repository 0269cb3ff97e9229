/**
 * The npm package `chain-registry` (mainnet or testnet chains, asset lists and IBC data, plus its
 * non-Cosmos asset lists) -> the project's registry format. Pure: data in, registry input and
 * issues out; whatever cannot be converted faithfully is left out with an issue instead of guessed.
 */
import { convertAssets, indexListedAssets } from "./chain-registry-assets.js";
import { convertBridgeLinks } from "./chain-registry-bridges.js";
import { isOnNetwork, resolveChains, type ChainRegistryNetwork } from "./chain-registry-chains.js";
import { convertChannels } from "./chain-registry-channels.js";
import type { ChainRegistryData } from "./chain-registry-input.js";
import type { RegistryIssue } from "./issues.js";
import { DEFAULT_OVERLAY, type ChainRegistryOverlay } from "./overlay.js";
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

export function fromChainRegistry(
  data: ChainRegistryData,
  overlay: ChainRegistryOverlay = DEFAULT_OVERLAY,
  options: ChainRegistryConversionOptions = {},
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
    },
    issues,
  };
}
