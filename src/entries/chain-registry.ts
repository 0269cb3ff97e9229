/**
 * fungible-graph/chain-registry: the adapter from the npm package `chain-registry` (an optional
 * dependency: install it to use this entry) to the project's registry format. The shipped
 * datasets were compiled with it; use it for a newer chain-registry than the one shipped.
 */
export { loadChainRegistry, loadChainRegistryWithIssues } from "../registry/load-chain-registry.js";
export type { LoadChainRegistryOptions } from "../registry/load-chain-registry.js";
export { fromChainRegistry } from "../registry/chain-registry.js";
export type { ChainRegistryNetwork, ChainRegistryConversionOptions, ChainRegistryConversion, ChainRegistryData } from "../registry/chain-registry.js";
export { defaultOverlay, parseOverlay } from "../registry/overlay.js";
export type { ChainRegistryOverlay, OverlayChainId, OverlayCapabilities, SourcedFlag, ChainType } from "../registry/overlay.js";
export { defaultSwapVenues, swapVenueFacts } from "../registry/swap-venues-data.js";
export type { SwapVenueFact } from "../registry/venue-facts.js";
export { parseVenuesFile } from "../registry/swap-venues.js";
export type { Registry, RegistryInput, SwapVenue } from "../registry/schema.js";
export type { RegistryIssue, RegistryIssueCode, RegistryIssueSeverity, IssueSubject } from "../registry/issues.js";
