/**
 * The fetch handler's options, their defaults, and the one check of them (a bad option is the
 * embedding program's bug: `invalid_config` when the handler is made, never at a request).
 */
import * as z from "zod/mini";
import { describeValue, parseArgument } from "../arguments.js";
import { FungibleError } from "../errors.js";
import { ENCODINGS, webCompressor, type Compressor, type Encoding } from "./encoding.js";
import { MetricsOptionSchema, type ServiceMetrics } from "./metrics.js";
import type { ChainRest } from "../remote/chain-rest.js";
import type { AssetRouter } from "../router/router.js";

export const DEFAULT_BODY_LIMIT = 64 * 1024;
/**
 * Answers change only when the data is reloaded, and a reload is an operator's act a few times a
 * day at most. A minute of freshness lets browsers and CDNs absorb repeats; after it they
 * revalidate, which costs a 304 (the ETag names the data version), and for ten more minutes a CDN
 * may serve the stale copy while it revalidates, so a slow origin never stalls a wallet. `public`
 * because the data is the same for everyone. Worst case, a reload shows up everywhere in 11 minutes.
 */
export const DEFAULT_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
export const DEFAULT_ANSWER_CACHE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_COMPRESSED_CACHE_BYTES = 32 * 1024 * 1024;
/** Below this an answer goes out as is: gzip's own framing would eat most of the saving. */
export const DEFAULT_MIN_COMPRESS_BYTES = 1024;
/** Wall time one explain may spend searching: the costliest known (486 routes) takes a small fraction of it. */
export const DEFAULT_EXPLAIN_BUDGET_MS = 2_000;

/**
 * Draws DOT as SVG for `format=svg`; `signal` aborts when the client goes away. Default: Graphviz
 * (WebAssembly) on the calling thread, as every runtime can; the Node server passes one that
 * draws on a worker thread with a queue bound and a time budget (../node/svg-renderer.ts).
 */
export type SvgRenderer = (dot: string, signal: AbortSignal) => Promise<string>;

/**
 * Runs explain or destinations for a request, bounded by `limits` (a search of up to seconds on
 * mainnet). Default: on the calling thread, as every runtime can; the Node server passes one that
 * runs them on a worker thread holding the same data (../node/analysis-pool.ts).
 */
export type Analyze = (kind: "explain" | "destinations", router: AssetRouter, request: unknown, limits: { signal?: AbortSignal; budgetMs: number }) => unknown;

/** A function option (called later, at a request: checked now, so a bug shows when the handler is made). */
const callback = <F extends (...args: never[]) => unknown>(name: string) => z.custom<F>((value) => typeof value === "function", `${name} must be a function`);

const integerOption = (name: string, min: 0 | 1, fallback: number) => {
  const what = `${name} must be ${min === 0 ? "a non-negative integer" : "a positive integer"}`;
  return z._default(z.int({ error: (issue) => `${what}, got ${describeValue(issue.input)}` }).check(z.gte(min, what)), fallback);
};

/** The handler's options: their one description (the types in and out are inferred; the comments document them) and check. */
const HandlerOptionsSchema = z.object({
  /** Largest request body accepted, in bytes (default 64 KiB); larger gets 413. */
  bodyLimit: integerOption("bodyLimit", 1, DEFAULT_BODY_LIMIT),
  /** Answer CORS preflights and add `Access-Control-Allow-Origin: *` (default true: the data is public). */
  cors: z._default(z.boolean({ error: "cors must be a boolean" }), true),
  /** Called with every unexpected error (a bug) before the 500 goes out; default `console.error`. */
  onInternalError: z._default(callback<(error: unknown, request: Request) => void>("onInternalError"), () => (error: unknown) => console.error("fungible-graph: internal error", error)),
  /** Called when a client goes away mid-request (its body stream failed): its doing, not a bug. Default: nothing. */
  onAbort: z._default(callback<(error: FungibleError, request: Request) => void>("onAbort"), () => () => {}),
  /** `Cache-Control` of successful GET answers (default DEFAULT_CACHE_CONTROL); errors get `no-store`. */
  cacheControl: z._default(
    z
      .string({ error: "cacheControl must be a header value (string)" })
      .check(z.refine((value) => value.trim() !== "" && !/[\r\n]/.test(value), "cacheControl must be a header value: not empty, on one line")),
    DEFAULT_CACHE_CONTROL,
  ),
  /** Bytes of answer JSON kept, LRU, per data version (default 32 MiB; 0 keeps none). */
  answerCacheBytes: integerOption("answerCacheBytes", 0, DEFAULT_ANSWER_CACHE_BYTES),
  /** Bytes of gzip/brotli-encoded answers kept, LRU, per data version (default 32 MiB; 0 keeps none). */
  compressedCacheBytes: integerOption("compressedCacheBytes", 0, DEFAULT_COMPRESSED_CACHE_BYTES),
  /**
   * Compresses answers; none by default, so the handler answers identity bytes and leaves
   * compression to the platform (Workers, Deno.serve, CDNs and proxies compress as the client
   * accepts; a handler that compressed too would send gzip inside gzip). The Node server passes
   * node:zlib (`startServer`); `webCompressor` is gzip through the web-standard CompressionStream.
   * The two queries compress each answer once per encoding and keep the bytes.
   */
  compressor: z.optional(callback<Compressor>("compressor")),
  /** Encodings offered with a `compressor`, in the server's order of preference: default `["br", "gzip"]` (`["gzip"]` for `webCompressor`); `[]` turns compression off. */
  encodings: z.optional(z.readonly(z.array(z.enum(ENCODINGS as ["br", "gzip"], { error: "unknown encoding; use br or gzip" })))),
  /** Answers smaller than this many bytes are never compressed (default 1024). */
  minCompressBytes: integerOption("minCompressBytes", 0, DEFAULT_MIN_COMPRESS_BYTES),
  /** Milliseconds one explain may search (default 2,000); past it the answer is 503 `over_budget` with Retry-After. */
  explainBudgetMs: integerOption("explainBudgetMs", 1, DEFAULT_EXPLAIN_BUDGET_MS),
  /** Who draws `format=svg` pictures (default: Graphviz on this thread); its FungibleErrors are the answer. */
  svgRenderer: z.optional(callback<SvgRenderer>("svgRenderer")),
  /** Who runs explain and destinations (default: this thread); its FungibleErrors are the answer. */
  analyze: z.optional(callback<Analyze>("analyze")),
  /**
   * Answer GET /metrics in the Prometheus text format (default false: 404; see docs/operations.md):
   * `true`, or your own `ServiceMetrics` (to read its snapshot).
   */
  metrics: z._default(MetricsOptionSchema, false),
  /**
   * The chains' own REST endpoints for /v2/info/balances, /v2/tx/submit, /v2/tx/track and
   * /v2/tx/status (../remote/chain-rest.ts); without it those answer 501 saying how to turn them on.
   */
  chainRest: z.optional(
    z.custom<ChainRest>(
      (value) => typeof value === "object" && value !== null && ["has", "get", "post"].every((key) => typeof (value as unknown as Record<string, unknown>)[key] === "function"),
      "chainRest must be an object with has, get and post functions",
    ),
  ),
});
export type FetchHandlerOptions = z.input<typeof HandlerOptionsSchema>;
type CheckedOptions = z.output<typeof HandlerOptionsSchema> & { encodings: readonly Encoding[] };

/** The options checked (`invalid_config` naming each bad one) with their defaults filled in. */
export function checkedOptions(given: FetchHandlerOptions): CheckedOptions {
  const options = parseArgument(HandlerOptionsSchema, given, { fn: "createFetchHandler", arg: "options", code: "invalid_config", expected: "an object or undefined" });
  const { compressor } = options;
  const encodings = options.encodings ?? (compressor === undefined ? [] : compressor === webCompressor ? (["gzip"] as const) : ENCODINGS);
  if (encodings.length > 0 && compressor === undefined) {
    throw new FungibleError("invalid_config", "createFetchHandler: encodings need a compressor (none by default: the platform compresses; webCompressor is gzip)");
  }
  if (encodings.includes("br") && compressor === webCompressor) {
    throw new FungibleError("invalid_config", "createFetchHandler: br needs a compressor that has it (CompressionStream has no brotli)");
  }
  return { ...options, encodings };
}
