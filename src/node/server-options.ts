/**
 * `startServer`'s options: the schema is their one description (the type is inferred from it, its
 * comments are the documentation) and their one check (a bad one is `invalid_config` naming it,
 * before any port is taken). The router itself is checked by LiveRouter, the handler's options by
 * the handler (`createService`), each where it is used.
 */
import * as z from "zod/mini";
import type { ConformanceReport } from "../export/conformance.js";
import { RouterSourceSchema } from "../files/load-source.js";
import type { LiveRouter } from "../http/live-router.js";
import { MetricsOptionSchema } from "../http/metrics.js";
import type { AssetRouter } from "../router/router.js";
import type { RemoteMark } from "../router/remote-dataset.js";
import type { Prepared, PrepareInput } from "./served-graph.js";
import type { WatchOptions } from "./watch-files.js";

const callback = <F extends (...args: never[]) => unknown>() => z.custom<F>((value) => typeof value === "function", "must be a function");
const milliseconds = z.int().check(z.gte(0));

const ReloadOptionsSchema = z.object({
  /** Reload on this signal: `true` is SIGHUP (default false; a library should not take signals unasked). */
  signal: z.optional(z.union([z.boolean(), z.custom<NodeJS.Signals>((value) => typeof value === "string", "must be a signal name")])),
  /** Reload when a file of the source changes (a rename over it included); an object tunes the watch. */
  watch: z.optional(z.union([z.boolean(), z.custom<WatchOptions>((value) => typeof value === "object" && value !== null, "must be an object")])),
  /** Prepares the new data; default in a worker thread (tests may pass served-graph's prepareDataset). */
  prepare: z.optional(callback<(input: PrepareInput, signal?: AbortSignal) => Promise<Prepared>>()),
  /** A url source: fetch its pointer every this many ms (revalidated with its ETag) and reload when it moved. */
  pollMs: z.optional(z.int().check(z.gte(100))),
  /** A url source: the pointer the data being served came from (a reload refuses an older one). */
  remote: z.optional(z.custom<RemoteMark>((value) => typeof value === "object" && value !== null && Number.isInteger((value as RemoteMark).sequence) && typeof (value as RemoteMark).dataVersion === "string", "must be {sequence, dataVersion}")),
});
export type ReloadOptions = z.infer<typeof ReloadOptionsSchema>;

export const StartServerOptionsSchema = z.object({
  /** The graph to answer from; a LiveRouter may be swapped while serving. Give this or `source`. */
  router: z.optional(z.custom<AssetRouter | LiveRouter>()),
  /** Where the graph comes from, as files (loaded and checked at start when no `router` is given); reloads read it again. */
  source: z.optional(RouterSourceSchema),
  /** Live reload of `source`: `{ signal: true }` reloads on SIGHUP, `{ watch: true }` when its files change. */
  reload: z.optional(ReloadOptionsSchema),
  /** 0 picks a free port (the chosen one is in `url` and `port`). Default 8080. */
  port: z.optional(z.int().check(z.gte(0), z.lte(65_535))),
  /** Default 127.0.0.1; use 0.0.0.0 or :: to listen on every interface. */
  host: z.optional(z.string().check(z.minLength(1))),
  /** Largest request body in bytes (default 64 KiB); a larger declared Content-Length is refused before reading. */
  bodyLimit: z.optional(z.number()),
  /** One JSON line per answered request: `true` writes them to stdout (batched), a function receives each line. Default off. */
  accessLog: z.optional(z.union([z.boolean(), callback<(line: string) => void>()])),
  /** No lifecycle or warning lines (reloads, client aborts, internal errors). */
  quiet: z.optional(z.boolean()),
  /** Where lifecycle and warning lines go; default stderr. */
  log: z.optional(callback<(line: string) => void>()),
  /** Time allowed for a request's headers (default 10 s; slow-header clients get a 408 and are cut). */
  headersTimeoutMs: z.optional(milliseconds),
  /** Time allowed for a whole request, body included (default 30 s). */
  requestTimeoutMs: z.optional(milliseconds),
  /** How long an idle keep-alive connection is kept (default 5 s; behind a load balancer, set it above the balancer's idle timeout). */
  keepAliveTimeoutMs: z.optional(milliseconds),
  /** Open connections at most; more are dropped on accept (default 10,000). */
  maxConnections: z.optional(z.int().check(z.gte(1))),
  /** How long close() waits for requests in flight before cutting connections (default 10 s). */
  drainTimeoutMs: z.optional(milliseconds),
  /** While draining, an idle keep-alive connection is closed once idle this long with no new bytes (default 1 s). */
  drainIdleGraceMs: z.optional(milliseconds),
  /** Requests that may wait behind the one being answered on a connection (default 1024); the next gets a 503 and the connection closes. */
  maxPipelined: z.optional(z.int().check(z.gte(0))),
  /** How long a connection may hold an unsent answer without any of it being taken (default 10 s; nginx's send_timeout); past it the connection is cut. */
  sendTimeoutMs: z.optional(z.int().check(z.gte(1))),
  /** Event-loop delay past which requests that compute get a 503 with Retry-After, counted in /metrics (default 1 s; 0 never sheds). */
  maxEventLoopDelayMs: z.optional(milliseconds),
  /** Wall time one `format=svg` picture may take to draw on the SVG thread (default 30 s); past it 503 `over_budget` with Retry-After. */
  svgBudgetMs: z.optional(z.int().check(z.gte(1))),
  /** Pictures that may wait behind the one being drawn (default 4); the next gets 503 `unavailable` with Retry-After. */
  maxSvgQueued: z.optional(z.int().check(z.gte(0))),
  /**
   * Run explain and destinations on a worker thread that loads the same source (default true with a
   * `source`; it holds a second copy of the data): a search of a second never stops the serving thread.
   */
  analysisThread: z.optional(z.boolean()),
  /** Analyses that may wait behind the one running on that thread (default 64); the next gets 503 `unavailable` with Retry-After. */
  maxAnalysesQueued: z.optional(z.int().check(z.gte(0))),
  /** Bytes of answer JSON the handler keeps (its default when not given). */
  answerCacheBytes: z.optional(z.number()),
  /** Bytes of gzip/brotli-encoded answers the handler keeps (its default when not given). */
  compressedCacheBytes: z.optional(z.number()),
  /**
   * A conformance corpus (fungible-graph-conformance/1, fixtures/conformance/) the service must pass
   * in-process before the port is taken: otherwise startServer rejects with `unavailable` naming the failing requests.
   */
  conformance: z.optional(z.unknown()),
  /** Called with the passed corpus's report, before listening. */
  onConformance: z.optional(callback<(report: ConformanceReport) => void>()),
  /** Answer GET /metrics in the Prometheus text format (default false; the handler's `metrics`: `true` or a ServiceMetrics). */
  metrics: z.optional(MetricsOptionSchema),
  /** The chains' REST endpoints, `{"<chain_id>": ["<REST base URL>", ...]}`: turns on balances, submit, track and status (docs/http.md). */
  liveEndpoints: z.optional(z.record(z.string(), z.array(z.url({ protocol: /^https?$/ })).check(z.maxLength(50)))),
});
export type StartServerOptions = z.input<typeof StartServerOptionsSchema>;

/** Defaults of the limits (also the `serve` flags' defaults). */
export const SERVER_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
  drainTimeoutMs: 10_000,
  drainIdleGraceMs: 1_000,
  maxPipelined: 1024,
  sendTimeoutMs: 10_000,
  maxEventLoopDelayMs: 1_000,
  svgBudgetMs: 30_000,
  maxSvgQueued: 4,
  maxAnalysesQueued: 64,
} as const;
