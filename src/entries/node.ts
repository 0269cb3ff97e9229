/**
 * fungible-graph/node: the Node-only parts: reading registry files, the HTTP server, and
 * refreshing a state snapshot from the chains' REST endpoints.
 * The core entry never imports this module; the fetch handler is runtime-neutral
 * (`fungible-graph/http`).
 */
export { loadRegistryFile } from "../files/load-registry-file.js";
export { startServer } from "../node/start-server.js";
export { refreshState, parseEndpoints } from "../remote/refresh-state.js";
export { writeStateFile, readPreviousState } from "../files/write-state-file.js";
export type { RefreshStateOptions, RefreshResult, ChainRefresh } from "../remote/refresh-state.js";
export type { LcdFetchOptions } from "../remote/lcd-fetch.js";
export type { StateSnapshot } from "../state/format.js";
export type { RunningServer, StartServerOptions } from "../node/start-server.js";
export type { RouterSource } from "../files/load-source.js";
export type { ReloadOptions } from "../node/server-options.js";
export type { WatchOptions } from "../node/watch-files.js";
export type { PrepareInput, Prepared } from "../node/served-graph.js";
export type { RefusedPointer } from "../router/remote-dataset.js";
export type { RemoteMark } from "../router/remote-dataset.js";
export type { ConformanceReport } from "../export/conformance.js";
export type { Probe } from "../node/served-graph.js";
export type { LiveRouter } from "../http/live-router.js";
export type { ServiceMetrics } from "../http/metrics.js";
export type { ServedProvenance, LastReload } from "../http/health.js";
export type { AssetRouter } from "../router/router.js";
export type { Registry } from "../registry/schema.js";
