/**
 * Facts the npm package `chain-registry` lacks, kept in the project (docs/behaviour.md §1 and §5): chain ids
 * for chains it lists without one (EVM chains, Solana), and the capability flags that decide
 * txs_required. Every fact names the public source it was read from; a fact without a source is
 * left out, so a missing flag means "not known", which the router treats as false.
 */
import type { Chain } from "./schema.js";

export type ChainType = Chain["chain_type"];

export interface OverlayChainId {
  chain_id: string;
  chain_type: ChainType;
  source: string;
}

export interface SourcedFlag {
  value: boolean;
  source: string;
}

export interface OverlayCapabilities {
  pfm_enabled?: SourcedFlag;
  supports_memo?: SourcedFlag;
}

export interface ChainRegistryOverlay {
  /** By chain-registry `chainName`; wins over the package's own chain id. */
  chainIds: Readonly<Record<string, OverlayChainId>>;
  /** By chain id. */
  capabilities: Readonly<Record<string, OverlayCapabilities>>;
}

const eip155 = (chainId: number): string =>
  `EIP-155 chain list, ethereum-lists/chains _data/chains/eip155-${chainId}.json ("chainId": ${chainId})`;

const evm = (chainId: number): OverlayChainId => ({
  chain_id: String(chainId),
  chain_type: "evm",
  source: eip155(chainId),
});

const SKIP_CHAINS_RECORDING =
  "Skip Go /v2/info/chains response recorded in dydxprotocol/v4-abacus " +
  "src/commonTest/kotlin/exchange.dydx.abacus/tests/payloads/SkipChainsMock.kt";

const flag = (source: string): SourcedFlag => ({ value: true, source });

export const DEFAULT_OVERLAY: ChainRegistryOverlay = {
  chainIds: {
    arbitrum: evm(42161),
    avalanche: evm(43114),
    base: evm(8453),
    berachain: evm(80094),
    binancesmartchain: evm(56),
    fantom: evm(250),
    filecoin: evm(314),
    mantle: evm(5000),
    moonbeam: evm(1284),
    optimism: evm(10),
    polygon: evm(137),
    // The package says "101"; Skip Go, whose wire format we serve, keys Solana as "solana".
    solana: {
      chain_id: "solana",
      chain_type: "svm",
      source:
        `@skip-go/client 1.6.1 (npm) src/chains.ts: SOLANA_CHAIN.chainId "solana"; ` +
        `${SKIP_CHAINS_RECORDING}: chain_id "solana", chain_type "svm"`,
    },
  },
  capabilities: {
    "osmosis-1": {
      pfm_enabled: flag(
        `osmosis-labs/osmosis app/keepers/keepers.go: PacketForwardKeeper (packet-forward-middleware v8); ` +
          `${SKIP_CHAINS_RECORDING}: pfm_enabled true`,
      ),
      supports_memo: flag(
        `osmosis-labs/osmosis app/keepers/keepers.go: x/ibc-hooks TransferStack; ` +
          `${SKIP_CHAINS_RECORDING}: cosmos_ibc_hooks true`,
      ),
    },
    "cosmoshub-4": {
      pfm_enabled: flag("cosmos/gaia app/keepers/keepers.go: packet-forward-middleware router keeper and module"),
    },
    "noble-1": {
      pfm_enabled: flag("noble-assets/noble app/app.go: PacketForwardKeeper wired into the transfer keeper"),
    },
    "neutron-1": {
      pfm_enabled: flag(
        "neutron-org/neutron app/app.go: packetforward module and PFMKeeper (packet-forward-middleware v8)",
      ),
      supports_memo: flag("neutron-org/neutron app/app.go: x/ibc-hooks module"),
    },
    "stride-1": {
      pfm_enabled: flag(`${SKIP_CHAINS_RECORDING}: pfm_enabled true`),
      supports_memo: flag(`${SKIP_CHAINS_RECORDING}: supports_memo true, cosmos_autopilot true`),
    },
    "juno-1": {
      pfm_enabled: flag(
        "CosmosContracts/juno app/keepers/keepers.go: PacketForwardKeeper (packet-forward-middleware v7)",
      ),
      supports_memo: flag(
        "CosmosContracts/juno app/keepers/keepers.go: ibc-hooks v7 (Ics20WasmHooks, HooksICS4Wrapper)",
      ),
    },
    "phoenix-1": {
      pfm_enabled: flag(
        "terra-money/core app/keepers/keepers.go: packet-forward-middleware router in the transfer stack",
      ),
      supports_memo: flag("terra-money/core app/keepers/keepers.go: ibc-hooks v7 WasmHooks in the transfer stack"),
    },
    celestia: {
      pfm_enabled: flag(
        "celestiaorg/celestia-app app/app.go: packet-forward-middleware in the transfer stack (app v2 on)",
      ),
    },
  },
};

/** The overlay's chain id entry for a chain-registry chain name; own keys only. */
export function overlayChainIdFor(overlay: ChainRegistryOverlay, chainName: string): OverlayChainId | undefined {
  return Object.hasOwn(overlay.chainIds, chainName) ? overlay.chainIds[chainName] : undefined;
}

/** The capability flags the overlay knows for a chain id; false where it has no sourced fact. */
export function overlayCapabilitiesFor(
  overlay: ChainRegistryOverlay,
  chainId: string,
): { pfm_enabled: boolean; supports_memo: boolean } {
  const caps = Object.hasOwn(overlay.capabilities, chainId) ? overlay.capabilities[chainId] : undefined;
  return { pfm_enabled: caps?.pfm_enabled?.value ?? false, supports_memo: caps?.supports_memo?.value ?? false };
}
