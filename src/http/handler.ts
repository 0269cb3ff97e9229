/**
 * The HTTP surface as a standard fetch handler, `(Request) => Promise<Response>`. No Node
 * built-ins: the same handler serves Node (see ../node), Deno, Bun, workers and tests.
 *
 * The query endpoints, /health and /openapi.json are dispatched here by exact path, without a
 * router: their answers come from caches (./answer-store.ts), so a repeat costs a few Map look-ups
 * and one Response built from bytes and a plain header object, the form @hono/node-server writes
 * straight to the socket. Every other path falls through to a Hono app (where further endpoints
 * mount) whose `notFound` and `onError` write JSON too. Every answer, errors included, carries
 * `X-Data-Version`, and every error leaves through `fail`, the error body of docs/behaviour.md §8.
 */
import { Hono } from "hono";
import type { AssetRouter } from "../router/router.js";
import { FungibleError } from "../errors.js";
import { AnswerStore } from "./answer-store.js";
import { ENCODINGS, encodingNegotiator, webCompressor, type Compressor, type Encoding } from "./encoding.js";
import { errorBody, toFungibleError } from "./errors.js";
import { mountExplorer } from "./explorer-routes.js";
import { LiveRouter } from "./live-router.js";
import { buildOpenApiDocument, PATHS } from "./openapi.js";
import { ASSETS_BETWEEN_CHAINS, ASSETS_FROM_SOURCE, cachedGetResult, serveQuery, type QueryOperation, type QueryResult } from "./query-endpoint.js";

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

export interface FetchHandlerOptions {
  /** Largest request body accepted, in bytes (default 64 KiB); larger gets 413. */
  bodyLimit?: number;
  /** Answer CORS preflights and add `Access-Control-Allow-Origin: *` (default true: the data is public). */
  cors?: boolean;
  /** Called with every unexpected error (a bug) before the 500 goes out; default `console.error`. */
  onInternalError?: (error: unknown, request: Request) => void;
  /** Called when a client goes away mid-request (its body stream failed): its doing, not a bug. Default: nothing. */
  onAbort?: (error: FungibleError, request: Request) => void;
  /** `Cache-Control` of successful GET answers (default DEFAULT_CACHE_CONTROL); errors get `no-store`. */
  cacheControl?: string;
  /** Bytes of answer JSON kept, LRU, per data version (default 32 MiB; 0 keeps none). */
  answerCacheBytes?: number;
  /** Bytes of gzip/brotli-encoded answers kept, LRU, per data version (default 32 MiB; 0 keeps none). */
  compressedCacheBytes?: number;
  /** Compresses an answer; default gzip through the web-standard CompressionStream. */
  compressor?: Compressor;
  /** Encodings offered, in the server's order of preference: default `["gzip"]`, or `["br", "gzip"]` with a `compressor`; `[]` turns compression off. */
  encodings?: readonly Encoding[];
  /** Answers smaller than this many bytes are never compressed (default 1024). */
  minCompressBytes?: number;
}

export type FetchHandler = (request: Request) => Promise<Response>;

/** An answer written from kept bytes, for adapters that write to a socket without a Response. */
export interface CachedAnswer {
  status: 200 | 304;
  /** Shared with later answers of the same bytes: read, never write. */
  headers: Readonly<Record<string, string>>;
  /** `null` for a 304 and for HEAD. */
  body: Uint8Array | null;
}

/**
 * The fetch handler, and the same service's fast path for a runtime adapter: a GET or HEAD of a
 * query asked before, answered from the caches without building a web Request or Response
 * (`undefined`: hand the request to `fetch`). Both read the same caches and write the same headers.
 */
export interface FungibleService {
  fetch: FetchHandler;
  cachedAnswer(method: string, target: string, acceptEncoding: string | null, ifNoneMatch: string | null): CachedAnswer | undefined;
}

const JSON_TYPE = "application/json; charset=utf-8";
const QUERY_METHODS = ["GET", "HEAD", "POST"];
const READ_METHODS = ["GET", "HEAD"];

export function createFetchHandler(router: AssetRouter | LiveRouter, options: FetchHandlerOptions = {}): FetchHandler {
  return createService(router, options).fetch;
}

export function createService(router: AssetRouter | LiveRouter, options: FetchHandlerOptions = {}): FungibleService {
  const live = router instanceof LiveRouter ? router : new LiveRouter(router);
  const bodyLimit = positiveInteger(options.bodyLimit ?? DEFAULT_BODY_LIMIT, "bodyLimit", 1);
  const cacheControl = options.cacheControl ?? DEFAULT_CACHE_CONTROL;
  if (typeof cacheControl !== "string" || cacheControl.trim() === "" || /[\r\n]/.test(cacheControl)) {
    throw new FungibleError("invalid_config", `createFetchHandler: cacheControl must be a header value, got ${JSON.stringify(cacheControl)}`);
  }
  const encodings = options.encodings ?? (options.compressor ? ENCODINGS : (["gzip"] as const));
  for (const encoding of encodings) {
    if (!ENCODINGS.includes(encoding)) throw new FungibleError("invalid_config", `createFetchHandler: unknown encoding ${JSON.stringify(encoding)}; use br or gzip`);
    if (encoding === "br" && !options.compressor) {
      throw new FungibleError("invalid_config", "createFetchHandler: br needs a compressor (CompressionStream has no brotli)");
    }
  }
  const reportBug = options.onInternalError ?? ((error: unknown) => console.error("fungible-graph: internal error", error));
  const onAbort = options.onAbort ?? (() => {});
  const store = new AnswerStore({
    answerBytes: positiveInteger(options.answerCacheBytes ?? DEFAULT_ANSWER_CACHE_BYTES, "answerCacheBytes", 0),
    compressedBytes: positiveInteger(options.compressedCacheBytes ?? DEFAULT_COMPRESSED_CACHE_BYTES, "compressedCacheBytes", 0),
    compressor: options.compressor ?? webCompressor,
  });
  const services = {
    store,
    bodyLimit,
    minCompressBytes: positiveInteger(options.minCompressBytes ?? DEFAULT_MIN_COMPRESS_BYTES, "minCompressBytes", 0),
    negotiate: encodingNegotiator(encodings),
    compresses: encodings.length > 0,
    reportBug: (error: unknown, request: Request) => safely(() => reportBug(error, request)),
  };
  const allowCors = options.cors ?? true;
  // Browsers may read only safelisted headers cross-origin unless told.
  const corsHeaders: Record<string, string> = allowCors
    ? { "access-control-allow-origin": "*", "access-control-expose-headers": "x-data-version, etag" }
    : {};
  let baseVersion = "";
  let base: Record<string, string> = {};

  const fail = (thrown: unknown, request: Request, headers: Record<string, string>, head: boolean): Response => {
    const { error, isBug } = toFungibleError(thrown);
    if (isBug) services.reportBug(thrown, request);
    else if (error.code === "client_closed_request") safely(() => onAbort(error, request));
    const out: Record<string, string> = { "content-type": JSON_TYPE, ...headers };
    if (error.code === "method_not_allowed") out.allow = allowOf(request);
    return new Response(head ? null : JSON.stringify(errorBody(error)), { status: error.status, headers: out });
  };

  const fallback = new Hono();
  fallback.notFound((c) => {
    throw new FungibleError("not_found", `no endpoint at ${c.req.method} ${clip(c.req.path)}`);
  });
  fallback.onError((thrown) => {
    throw thrown;
  });
  mountExplorer(fallback, { router: () => live.current, bodyLimit });

  let openApi: Uint8Array | undefined;
  const openApiEncoded = new Map<Encoding, Uint8Array>();

  const getHeaders = new WeakMap<Uint8Array, Record<string, string>>();
  const postHeaders = new WeakMap<Uint8Array, Record<string, string>>();

  /** The headers every answer of this data version carries; a new version empties the caches. */
  const headersOf = (version: string): Record<string, string> => {
    if (version !== baseVersion) {
      store.adopt(version);
      baseVersion = version;
      base = { "x-data-version": version, ...corsHeaders };
    }
    return base;
  };

  const cachedAnswer: FungibleService["cachedAnswer"] = (method, target, acceptEncoding, ifNoneMatch) => {
    if (method !== "GET" && method !== "HEAD") return undefined;
    const mark = target.indexOf("?");
    const path = mark === -1 ? target : target.slice(0, mark);
    const op = queryAt(path);
    if (op === null) return undefined;
    const version = live.current.dataVersion;
    const headers = headersOf(version);
    const query = mark === -1 ? "" : target.slice(mark + 1);
    const result = cachedGetResult(op, query, acceptEncoding, ifNoneMatch, version, services);
    if (result === undefined) return undefined;
    return {
      status: result.notModified ? 304 : 200,
      headers: queryHeaders(result, headers),
      body: result.notModified || method === "HEAD" ? null : result.body,
    };
  };

  const fetch: FetchHandler = async (request) => {
    // Read once: this request is answered from this graph whatever a reload swaps in meanwhile.
    const current = live.current;
    const version = current.dataVersion;
    const headers = headersOf(version);
    const method = request.method;
    const head = method === "HEAD";
    const { path, query } = splitUrl(request.url);
    try {
      const op = queryAt(path);
      if (op !== null && (method === "GET" || method === "HEAD" || method === "POST")) {
        return await answerQuery(op, request, method, query, current, version, headers);
      }
      if (allowCors && method === "OPTIONS" && request.headers.get("access-control-request-method") !== null) {
        return preflight(request, headers);
      }
      if (op !== null) throw methodNotAllowed(method, path, QUERY_METHODS);
      if (path === PATHS.health) {
        if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(method, path, READ_METHODS);
        const body = JSON.stringify(live.health());
        return new Response(head ? null : body, { headers: { "content-type": JSON_TYPE, "cache-control": "no-store", ...headers } });
      }
      if (path === PATHS.openapi) {
        if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(method, path, READ_METHODS);
        openApi ??= new TextEncoder().encode(JSON.stringify(buildOpenApiDocument()));
        const encoding = services.negotiate(request.headers.get("accept-encoding"));
        let body = openApi;
        let used: Encoding | null = null;
        if (encoding !== null) {
          try {
            body = openApiEncoded.get(encoding) ?? (await (options.compressor ?? webCompressor)(openApi, encoding));
            openApiEncoded.set(encoding, body);
            used = encoding;
          } catch (error) {
            services.reportBug(error, request);
          }
        }
        const type = { "content-type": JSON_TYPE, vary: "accept-encoding", ...headers };
        return new Response(head ? null : (body as BodyInit), { headers: used ? { ...type, "content-encoding": used } : type });
      }
      const response = await fallback.fetch(request);
      return withHeaders(response, headers);
    } catch (thrown) {
      const getForm = queryAt(path) !== null && method !== "POST";
      return fail(thrown, request, getForm ? { ...headers, "cache-control": "no-store" } : headers, head);
    }
  };
  return { fetch, cachedAnswer };

  async function answerQuery(
    op: QueryOperation<unknown>,
    request: Request,
    method: "GET" | "HEAD" | "POST",
    query: string,
    router: AssetRouter,
    version: string,
    headers: Record<string, string>,
  ): Promise<Response> {
    const result: QueryResult = await serveQuery(op, { request, method, query, router, version }, services);
    const out = queryHeaders(result, headers);
    if (result.notModified) return new Response(null, { status: 304, headers: out });
    return new Response(method === "HEAD" ? null : (result.body as BodyInit), { headers: out });
  }

  /**
   * The headers of a query answer. An answer's bytes (one array per answer, version and encoding)
   * always go out with the same headers, so those are made once and shared: GET answers carry an
   * ETag and POST answers do not, hence two maps. Shared objects are never written to.
   */
  function queryHeaders(result: QueryResult, headers: Record<string, string>): Readonly<Record<string, string>> {
    if (result.notModified || result.body === null) return makeQueryHeaders(result, headers);
    const made = result.etag === undefined ? postHeaders : getHeaders;
    let out = made.get(result.body);
    if (out === undefined) {
      out = makeQueryHeaders(result, headers);
      out["content-length"] = String(result.body.byteLength);
      made.set(result.body, out);
    }
    return out;
  }

  function makeQueryHeaders(result: QueryResult, headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = { ...headers };
    if (result.etag !== undefined) {
      out.etag = result.etag;
      out["cache-control"] = cacheControl;
    }
    if (result.varies) out.vary = "accept-encoding";
    if (result.notModified) return out;
    out["content-type"] = JSON_TYPE;
    if (result.encoding !== null) out["content-encoding"] = result.encoding;
    return out;
  }

  function preflight(request: Request, headers: Record<string, string>): Response {
    const out: Record<string, string> = {
      ...headers,
      "access-control-allow-methods": "GET,HEAD,POST",
      "access-control-max-age": "600",
      vary: "access-control-request-headers",
    };
    const asked = request.headers.get("access-control-request-headers");
    if (asked) out["access-control-allow-headers"] = asked;
    return new Response(null, { status: 204, headers: out });
  }
}

/** The query served at a path, or null. */
function queryAt(path: string): QueryOperation<unknown> | null {
  if (path === ASSETS_FROM_SOURCE.path) return ASSETS_FROM_SOURCE as QueryOperation<unknown>;
  if (path === ASSETS_BETWEEN_CHAINS.path) return ASSETS_BETWEEN_CHAINS as QueryOperation<unknown>;
  return null;
}

/** The methods a known path allows, for the Allow header of its 405. */
function allowOf(request: Request): string {
  const { path } = splitUrl(request.url);
  return (queryAt(path) !== null ? QUERY_METHODS : READ_METHODS).join(", ");
}

function methodNotAllowed(method: string, path: string, allow: readonly string[]): FungibleError {
  return new FungibleError("method_not_allowed", `method ${clip(method)} is not allowed on ${path}; use ${allow.join(" or ")}`);
}

/**
 * Path and query string of a request URL without a URL parse: a Request's URL is already
 * absolute and serialised, so the path starts at the first `/` after the scheme's `//`. The path
 * is kept as sent (percent-escapes and all): endpoints are matched exactly.
 */
function splitUrl(url: string): { path: string; query: string } {
  const scheme = url.indexOf("://");
  const start = url.indexOf("/", scheme === -1 ? 0 : scheme + 3);
  if (start === -1) return { path: "/", query: "" };
  let end = url.indexOf("#", start);
  if (end === -1) end = url.length;
  const mark = url.indexOf("?", start);
  if (mark === -1 || mark > end) return { path: url.slice(start, end), query: "" };
  return { path: url.slice(start, mark), query: url.slice(mark + 1, end) };
}

/** Adds headers to an answer made elsewhere (the fallback app), copying it when its headers are frozen. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const name in headers) response.headers.set(name, headers[name]!);
    return response;
  } catch {
    const copy = new Headers(response.headers);
    for (const name in headers) copy.set(name, headers[name]!);
    return new Response(response.body, { status: response.status, headers: copy });
  }
}

function positiveInteger(value: number, name: string, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    const what = min === 0 ? "a non-negative integer" : "a positive integer";
    throw new FungibleError("invalid_config", `createFetchHandler: ${name} must be ${what}, got ${value}`);
  }
  return value;
}

/** A hook that throws must not turn an answer into a crash. */
function safely(hook: () => void): void {
  try {
    hook();
  } catch {
    // The hook is the embedding program's; its failure is not the client's answer.
  }
}

/** Echoed request text is cut short: a 64 KiB path is not worth repeating back. */
function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
