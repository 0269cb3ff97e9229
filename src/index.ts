/**
 * fungible-graph: which fungible tokens can move between blockchains, and how.
 *
 * The root entry is what a user of the two queries needs: load or build the router, ask it, and
 * tell its errors apart. It imports no Node built-in, so it runs in browsers, Deno, Bun and edge
 * workers. Everything else has its own entry (docs/library.md lists them):
 * `fungible-graph/schemas` (zod schemas), `/explain`, `/render` (Mermaid and DOT), `/svg`,
 * `/graphology`, `/chain-registry` (the adapter), `/http` (the fetch handler), `/node` (server, files).
 */
export { FungibleError, isFungibleError } from "./errors.js";
export type { FungibleErrorCode, ErrorDetail } from "./errors.js";

export { loadRouter } from "./router/load-router.js";
export type { LoadRouterOptions } from "./router/load-router.js";
export { buildRouter } from "./router/build-router.js";
export type { BuildOptions } from "./router/build-router.js";
export { ROUTER_BRAND } from "./router/router.js";
export type { AssetRouter, RouterCore } from "./router/router.js";
export { isRouter } from "./router/core.js";

export { parseRegistry } from "./registry/schema.js";
export type { Registry, RegistryInput, Chain, Asset, IbcChannel, ChannelEnd, BridgeLink, SwapVenue, AssetRef } from "./registry/schema.js";
export { validateRegistry } from "./registry/validate.js";
export { hasFatalIssue } from "./registry/issues.js";
export type { RegistryIssue, RegistryIssueCode, RegistryIssueSeverity, IssueSubject } from "./registry/issues.js";
export { parseOverrides } from "./registry/overrides.js";
export type { Overrides, AssetOverride } from "./registry/overrides.js";

export { compileDataset } from "./router/dataset-router.js";
export type { DatasetOptions } from "./router/dataset-router.js";
export type { Provenance } from "./dataset/data-version.js";
export { withState } from "./router/build-router.js";
export { stateOfRouter } from "./router/state-router.js";
export type { RouterState } from "./router/state-router.js";
export { parseState, STATE_FORMAT, CHANNEL_STATES, CLIENT_STATUSES } from "./state/format.js";
export type { StateSnapshot, StateSnapshotInput, ChainStateInput, ChainState, ChannelEndState, ChannelState, ClientStatus } from "./state/format.js";
export { STATE_REASON_CODES } from "./state/apply.js";
export type { AppliedState, StateVerdict, StateReasonCode, StateApplyOptions } from "./state/apply.js";
export type { ChainFactOptions } from "./state/chain-verdicts.js";

export { ibcDenom } from "./denom/trace.js";

export type {
  AssetsFromSourceRequest,
  AssetsBetweenChainsRequest,
  AssetsFromSourceResponse,
  AssetsBetweenChainsResponse,
  AssetPair,
  WireAsset,
  BridgeType,
  SwapOptions,
} from "./wire/schema.js";
export type { Route, RouteHop, HopKind } from "./wire/route.js";
export type { ChainSummary, AssetSummary, RegistryNote } from "./wire/explain.js";
