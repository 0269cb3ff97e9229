/**
 * fungible-graph/http: the service as a fetch handler (`Request -> Response`), runtime-neutral:
 * Node (through `fungible-graph/node`), Deno, Bun, Workers and service workers.
 */
export {
  createFetchHandler,
  DEFAULT_BODY_LIMIT,
  DEFAULT_CACHE_CONTROL,
  DEFAULT_ANSWER_CACHE_BYTES,
  DEFAULT_COMPRESSED_CACHE_BYTES,
  DEFAULT_MIN_COMPRESS_BYTES,
} from "../http/handler.js";
export type { FetchHandler, FetchHandlerOptions, SvgRenderer } from "../http/handler.js";
export type { ChainRest } from "../remote/chain-rest.js";
export { webCompressor, negotiateEncoding } from "../http/encoding.js";
export type { Compressor, Encoding } from "../http/encoding.js";
export { buildOpenApiDocument } from "../http/openapi.js";
export { warmUp } from "../http/warm-up.js";
export type { WarmUpReport } from "../http/warm-up.js";
export { LiveRouter } from "../http/live-router.js";
export type { LiveRouterOptions, ReloadResult } from "../http/live-router.js";
export { followDataset, FOLLOW_DEFAULT_EVERY_MS } from "../http/follow-dataset.js";
export { ServiceMetrics } from "../http/metrics.js";
export type { MetricsSnapshot, MetricsSeries, MetricsSources } from "../http/metrics.js";
export type { DatasetFollower, FollowDatasetOptions } from "../http/follow-dataset.js";
export type { RemoteMark } from "../router/remote-dataset.js";
// The chain-state reader needs only `fetch`: a Worker on a schedule refreshes a snapshot too (the file write is fungible-graph/node's).
export { refreshState, parseEndpoints } from "../remote/refresh-state.js";
export type { RefreshStateOptions, RefreshResult, ChainRefresh } from "../remote/refresh-state.js";
export type { LcdFetchOptions } from "../remote/lcd-fetch.js";
export type { StateSnapshot } from "../state/format.js";
export { HealthBodySchema } from "../http/health.js";
export type { HealthBody, LastReload, Publication, ServedProvenance } from "../http/health.js";
export type { JsonSchema } from "../http/openapi-parts.js";
export type { AssetRouter } from "../router/router.js";
export type { FungibleError } from "../errors.js";
export { checkConformance, parseConformanceCorpus, describeFailures, ConformanceCorpusSchema, CONFORMANCE_FORMAT, CONFORMANCE_LIMITS } from "../export/conformance.js";
export type { ConformanceCorpus, ConformanceRequest, ConformanceReport, ConformanceFailure, ConformanceOptions, ConformanceFetch } from "../export/conformance.js";
