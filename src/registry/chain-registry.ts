/**
 * The npm package `chain-registry` (mainnet chains, asset lists and IBC data, plus its non-Cosmos
 * asset lists) -> the project's registry format. Pure: data in, registry input and issues out;
 * whatever cannot be converted faithfully is left out with an issue instead of guessed.
 */
import { convertAssets, indexListedAssets } from "./chain-registry-assets.js";
import { convertBridgeLinks } from "./chain-registry-bridges.js";
import { isTestnetName, resolveChains } from "./chain-registry-chains.js";
import { convertChannels } from "./chain-registry-channels.js";
import type { ChainRegistryData } from "./chain-registry-input.js";
import type { RegistryIssue } from "./issues.js";
import { DEFAULT_OVERLAY, type ChainRegistryOverlay } from "./overlay.js";
import type { RegistryInput } from "./schema.js";

export type { ChainRegistryData } from "./chain-registry-input.js";

export interface ChainRegistryConversion {
  /** Ready for `parseRegistry`. */
  registry: RegistryInput;
  issues: RegistryIssue[];
}

export function fromChainRegistry(
  data: ChainRegistryData,
  overlay: ChainRegistryOverlay = DEFAULT_OVERLAY,
): ChainRegistryConversion {
  const issues: RegistryIssue[] = [];
  const nonCosmosLists = (data.nonCosmosAssetLists ?? []).filter((list) => !isTestnetName(list.chainName));
  const packageLists = data.assetLists.filter((list) => !isTestnetName(list.chainName));
  // A chain listed in both places keeps its mainnet list only.
  const mainnetNames = new Set(packageLists.map((list) => list.chainName));
  const lists = [...packageLists, ...nonCosmosLists.filter((list) => !mainnetNames.has(list.chainName))];

  const table = resolveChains(data.chains, nonCosmosLists, data.ibcData, overlay, issues);
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
