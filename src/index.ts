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
export { assetNodeKey, chainNodeKey } from "./model/node-keys.js";
export type { AssetGraph } from "./engine/asset-graph.js";
export type { BuildOptions } from "./engine/build-asset-graph.js";
export { ProvenanceSchema, contentHash } from "./engine/data-version.js";
export type { Provenance } from "./engine/data-version.js";
export { RouteSchema, RouteHopSchema } from "./wire/route.js";
export type { Route, RouteHop, HopKind } from "./wire/route.js";
export { compileDataset, loadDataset, DATASET_FORMAT } from "./engine/dataset.js";
export type { DatasetOptions, LoadDatasetOptions } from "./engine/dataset.js";

export {
  ExplainRequestSchema,
  ExplainResponseSchema,
  ReasonSchema,
  REASON_CODES,
  ChainSummarySchema,
  AssetSummarySchema,
  RegistryNoteSchema,
} from "./wire/explain.js";
export type { ExplainRequest, ExplainResponse, Reason, ReasonCode, ChainSummary, AssetSummary, RegistryNote, FilterName } from "./wire/explain.js";
export { notesOfIssues } from "./explain/notes.js";
// Pictures as text; SVG (Graphviz wasm, ~1.4 MB) is the separate entry "fungible-graph/svg".
export { routeToMermaid, reachToMermaid } from "./render/mermaid.js";
export { routeToDot, reachToDot } from "./render/dot.js";
export { explainToMermaid, explainToDot } from "./render/explain.js";
export { loadAssetGraph } from "./engine/load-asset-graph.js";
export type { LoadAssetGraphOptions } from "./engine/load-asset-graph.js";

export { loadChainRegistry, loadChainRegistryWithIssues } from "./registry/load-chain-registry.js";
export type { LoadChainRegistryOptions } from "./registry/load-chain-registry.js";
export { fromChainRegistry } from "./registry/chain-registry.js";
export type { ChainRegistryNetwork, ChainRegistryConversionOptions } from "./registry/chain-registry.js";
export { parseOverrides, applyOverrides, OverridesSchema, AssetOverrideSchema } from "./registry/overrides.js";
export type { Overrides, AssetOverride } from "./registry/overrides.js";
export { parseVenuesFile, SwapVenuesFileSchema } from "./registry/swap-venues.js";
export type { SwapVenuesFile } from "./registry/swap-venues.js";
export { validateRegistry } from "./registry/validate.js";
export { hasFatalIssue } from "./registry/issues.js";
export type { RegistryIssue } from "./registry/issues.js";
export { assetsFromSourceJson, assetsBetweenChainsJson } from "./wire/serialize.js";

export {
  createFetchHandler,
  DEFAULT_BODY_LIMIT,
  DEFAULT_CACHE_CONTROL,
  DEFAULT_ANSWER_CACHE_BYTES,
  DEFAULT_COMPRESSED_CACHE_BYTES,
  DEFAULT_MIN_COMPRESS_BYTES,
} from "./http/handler.js";
export { webCompressor, negotiateEncoding } from "./http/encoding.js";
export type { Compressor, Encoding } from "./http/encoding.js";
export type { FetchHandler, FetchHandlerOptions } from "./http/handler.js";
export { buildOpenApiDocument } from "./http/openapi.js";
export { LiveGraph } from "./http/live-graph.js";
export type { LiveGraphOptions, ReloadResult } from "./http/live-graph.js";
export { HealthBodySchema } from "./http/health.js";
export type { HealthBody } from "./http/health.js";
