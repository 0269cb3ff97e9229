/**
 * fungible-graph: which fungible tokens can move between blockchains, and how.
 * This entry is the pure core: no Node built-ins, so it runs in browsers, Deno, Bun and edge
 * runtimes. File loading, the server and the CLI live in `fungible-graph/node`.
 */
export { FungibleError, isFungibleError, ERROR_KINDS } from "./errors.js";
export type { FungibleErrorCode, ErrorDetail } from "./errors.js";

export {
  parseRegistry,
  RegistrySchema,
  ChainSchema,
  AssetSchema,
  IbcChannelSchema,
  BridgeLinkSchema,
  SwapVenueSchema,
  assetKey,
  denomKey,
} from "./registry/schema.js";
export type { Registry, RegistryInput, Chain, Asset, IbcChannel, BridgeLink, SwapVenue, AssetRef } from "./registry/schema.js";

export { ibcDenom, parseTrace, formatTrace, forwardTrace, unwindTrace, splitFullPath } from "./denom/trace.js";

export {
  AssetsFromSourceRequestSchema,
  AssetsBetweenChainsRequestSchema,
  AssetsFromSourceResponseSchema,
  AssetsBetweenChainsResponseSchema,
  WireAssetSchema,
  RECOMMENDATION_REASONS,
  BRIDGE_TYPES,
  BridgeTypeSchema,
} from "./wire/schema.js";
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

export { buildAssetGraph } from "./engine/build-asset-graph.js";
export { assetNodeKey, chainNodeKey } from "./model/graphology-view.js";
export type { AssetGraph } from "./engine/asset-graph.js";
export type { BuildOptions } from "./engine/build-asset-graph.js";
export { ProvenanceSchema, contentHash } from "./engine/data-version.js";
export type { Provenance } from "./engine/data-version.js";
export { RouteSchema, RouteHopSchema } from "./wire/route.js";
export type { Route, RouteHop, HopKind } from "./wire/route.js";
export { snapshotAssetGraph, restoreAssetGraph } from "./engine/snapshot.js";

export { loadChainRegistry, loadChainRegistryWithIssues } from "./registry/load-chain-registry.js";
export { fromChainRegistry } from "./registry/chain-registry.js";
export { validateRegistry } from "./registry/validate.js";
export { hasFatalIssue } from "./registry/issues.js";
export type { RegistryIssue } from "./registry/issues.js";
export { assetsFromSourceJson, assetsBetweenChainsJson } from "./wire/serialize.js";

export { createFetchHandler, DEFAULT_BODY_LIMIT } from "./http/handler.js";
export type { FetchHandler, FetchHandlerOptions } from "./http/handler.js";
export { buildOpenApiDocument } from "./http/openapi.js";
