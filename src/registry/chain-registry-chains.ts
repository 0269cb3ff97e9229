/**
 * Which chain-registry chains make it into the registry, and under which chain id: the package's
 * id, unless the overlay names one (EVM chains and Solana); chains with no known id are left out.
 */
import type { CrAssetList, CrChain, CrFeeToken, CrIbcData } from "./chain-registry-input.js";
import { warningIssue, type RegistryIssue } from "./issues.js";
import { overlayCapabilitiesFor, overlayChainIdFor, type ChainRegistryOverlay, type ChainType } from "./overlay.js";
import type { Chain, FeeAsset } from "./schema.js";
import { idProblem, terminalText } from "../wire/safe-text.js";
import { explorerTxPageProblem } from "./explorer-links.js";

export interface ChainTable {
  /** The chains kept, in package order, then the non-Cosmos lists' chains. */
  chains: Chain[];
  /** chain-registry chainName -> chain id, for kept chains. */
  idByName: Map<string, string>;
  /** Names the package lists (kept or not): a channel to a name outside this set is unknown. */
  listedNames: Set<string>;
  /** Names left out with an issue already said (no id, or an id another chain has). */
  leftOut: Set<string>;
  /**
   * chainName -> chain id for every chain that any source can name, kept or not (ibcData knows
   * ids of chains the package no longer lists); used only to name an origin chain.
   */
  anyIdByName: Map<string, string>;
}

/** Testnet asset lists sit beside mainnet ones in the non-Cosmos folder; their names say so. */
function isTestnetName(chainName: string): boolean {
  return chainName.endsWith("testnet");
}

/** Which of the package's networks a conversion reads. */
export type ChainRegistryNetwork = "mainnet" | "testnet";

/**
 * Whether a chain belongs to `network`: by the package's `networkType` where it has one (testnet
 * chains such as `agoricdevnet` or `celestiatestnet3` do not end in "testnet"), else by its name.
 */
export function isOnNetwork(network: ChainRegistryNetwork, chainName: string, networkType?: string): boolean {
  const testnet = networkType === undefined ? isTestnetName(chainName) : networkType !== "mainnet";
  return network === "testnet" ? testnet : testnet === false && !isTestnetName(chainName);
}

/** The package marks a chain id it does not know as `INVALID-ID-<name>-...` (two testnets do). */
function knownChainId(chainId: string | undefined): string | undefined {
  return chainId === undefined || chainId === "" || chainId.startsWith("INVALID-ID-") ? undefined : chainId;
}

function chainTypeOf(chainType: string | undefined): ChainType {
  switch (chainType) {
    case "cosmos":
      return "cosmos";
    case "eip155":
      return "evm";
    case "solana":
      return "svm";
    default:
      return "other";
  }
}

/** A gas price as decimal text ("0.00000001", never "1e-8"), or undefined for none or a nonsense value. */
function gasPriceText(price: number | undefined): string | undefined {
  if (price === undefined || !Number.isFinite(price) || price < 0) return undefined;
  return price.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
}

function feeAssetOf(token: CrFeeToken): FeeAsset {
  const tiers = { low: gasPriceText(token.lowGasPrice), average: gasPriceText(token.averageGasPrice), high: gasPriceText(token.highGasPrice) };
  const gasPrice = Object.fromEntries(Object.entries(tiers).filter(([, value]) => value !== undefined));
  return Object.keys(gasPrice).length === 0 ? { denom: token.denom } : { denom: token.denom, gas_price: gasPrice };
}

/** What /v2/info/chains describes of a chain beside its id: bech32 prefix, logo, fee assets (absent where the package has none). */
function describedChain(chain: CrChain): Pick<Chain, "bech32_prefix" | "logo_uri" | "fee_assets"> {
  const described: Pick<Chain, "bech32_prefix" | "logo_uri" | "fee_assets"> = {};
  if (chain.bech32Prefix !== undefined && chain.bech32Prefix !== "") described.bech32_prefix = chain.bech32Prefix;
  const logo = chain.logoURIs?.png ?? chain.logoURIs?.svg ?? chain.images?.[0]?.png ?? chain.images?.[0]?.svg;
  if (logo !== undefined) described.logo_uri = logo;
  const tokens = (chain.fees?.feeTokens ?? []).filter((token) => token.denom !== "");
  if (tokens.length > 0) described.fee_assets = tokens.map(feeAssetOf);
  return described;
}

/**
 * The explorer whose transaction page the execution answers link: Mintscan where the chain lists
 * it (kind "mintscan" or "Mintscan"), as the hosted Skip Go API does (a recorded /v2/tx/status
 * answer links `https://www.mintscan.io/osmosis/transactions/<HASH>` for osmosis-1, whose first
 * explorer is another: fixtures/skip-tx/, from dydxprotocol/v4-abacus
 * src/commonTest/kotlin/exchange.dydx.abacus/tests/payloads/SkipStatusMock.kt @ 303b1d64), else
 * the first with a transaction page.
 */
const PREFERRED_EXPLORER = "mintscan";

/** The chain's explorer transaction page, or nothing; a refused template is an issue and the next explorer is tried. */
function explorerTxPageOf(chain: CrChain, chainId: string, issues: RegistryIssue[]): Pick<Chain, "explorer_tx_page"> {
  const pages = (chain.explorers ?? []).filter((explorer) => explorer.txPage !== undefined);
  const preferred = (explorer: (typeof pages)[number]) => explorer.kind?.toLowerCase() === PREFERRED_EXPLORER;
  const ordered = [...pages.filter(preferred), ...pages.filter((explorer) => !preferred(explorer))];
  for (const { kind, txPage } of ordered) {
    const problem = explorerTxPageProblem(txPage!);
    if (problem === undefined) return { explorer_tx_page: txPage! };
    const shown = terminalText(txPage!.slice(0, 120));
    const message = `chain "${chain.chainName}": explorer ${terminalText(kind ?? "(no kind)")}'s txPage "${shown}" ${problem}; not linked`;
    issues.push(warningIssue("explorer_tx_page_refused", `chains ${chain.chainName} explorers`, message, { chain_ids: [chainId] }));
  }
  return {};
}

export function resolveChains(
  packageChains: readonly CrChain[],
  nonCosmosLists: readonly CrAssetList[],
  ibcData: readonly CrIbcData[],
  overlay: ChainRegistryOverlay,
  issues: RegistryIssue[],
  network: ChainRegistryNetwork = "mainnet",
): ChainTable {
  const table: ChainTable = {
    chains: [],
    idByName: new Map(),
    listedNames: new Set(),
    leftOut: new Set(),
    anyIdByName: new Map(),
  };
  const nameById = new Map<string, string>();

  const keep = (chainName: string, chainId: string, chainType: ChainType, source: CrChain | undefined) => {
    // An id no surface can write as <chain_id>:<denom> would fail parseRegistry for everyone.
    const problem = idProblem(chainId, "chain id");
    if (problem !== undefined) {
      table.leftOut.add(chainName);
      issues.push(
        warningIssue(
          "unwritable_id",
          `chains ${chainName}`,
          `chain "${chainName}" has chain id "${terminalText(chainId)}", which cannot be written as <chain_id>:<denom>: it ${problem}; left out with its assets and channels`,
        ),
      );
      return;
    }
    const taken = nameById.get(chainId);
    if (taken !== undefined) {
      table.leftOut.add(chainName);
      issues.push(
        warningIssue(
          "duplicate_chain_id",
          `chains ${chainName}`,
          `chain "${chainName}" has chain id "${chainId}", already used by "${taken}"; left out`,
        ),
      );
      return;
    }
    nameById.set(chainId, chainName);
    table.idByName.set(chainName, chainId);
    table.anyIdByName.set(chainName, chainId);
    table.chains.push({
      chain_id: chainId,
      chain_name: chainName,
      ...(source?.prettyName === undefined ? {} : { pretty_name: source.prettyName }),
      chain_type: chainType,
      ...overlayCapabilitiesFor(overlay, chainId),
      ...(source === undefined ? {} : describedChain(source)),
      ...(source === undefined ? {} : explorerTxPageOf(source, chainId, issues)),
      ...(network === "testnet" ? { is_testnet: true } : {}),
    });
  };

  const leaveOut = (chainName: string) => {
    table.leftOut.add(chainName);
    issues.push(
      warningIssue(
        "chain_without_id",
        `chains ${chainName}`,
        `chain "${chainName}" has no chain id in the package or the overlay; left out with its assets and channels`,
      ),
    );
  };

  for (const chain of packageChains) {
    if (!isOnNetwork(network, chain.chainName, chain.networkType)) continue;
    table.listedNames.add(chain.chainName);
    // A chain the registry marks killed has stopped: no hop to or from it (its channels go too).
    if (chain.status === "killed") {
      table.leftOut.add(chain.chainName);
      issues.push(
        warningIssue(
          "chain_killed",
          `chains ${chain.chainName}`,
          `chain "${chain.chainName}" is marked killed in the registry; left out with its assets and channels`,
          typeof chain.chainId === "string" && chain.chainId !== "" ? { chain_ids: [chain.chainId] } : undefined,
        ),
      );
      continue;
    }
    const fromOverlay = overlayChainIdFor(overlay, chain.chainName);
    const chainId = fromOverlay?.chain_id ?? knownChainId(chain.chainId);
    if (chainId === undefined) leaveOut(chain.chainName);
    else keep(chain.chainName, chainId, fromOverlay?.chain_type ?? chainTypeOf(chain.chainType), chain);
  }

  for (const list of nonCosmosLists) {
    if (!isOnNetwork(network, list.chainName) || table.listedNames.has(list.chainName)) continue;
    table.listedNames.add(list.chainName);
    const fromOverlay = overlayChainIdFor(overlay, list.chainName);
    if (fromOverlay === undefined) leaveOut(list.chainName);
    else keep(list.chainName, fromOverlay.chain_id, fromOverlay.chain_type, undefined);
  }

  for (const pair of ibcData) {
    for (const end of [pair.chain1, pair.chain2]) {
      const chainId = knownChainId(end.chainId);
      if (chainId !== undefined && idProblem(chainId, "chain id") === undefined && !table.anyIdByName.has(end.chainName)) {
        table.anyIdByName.set(end.chainName, chainId);
      }
    }
  }
  return table;
}
