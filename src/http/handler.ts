/**
 * The HTTP surface as ONE pipeline: a Hono app, `(Request) => Promise<Response>`, with no Node
 * built-ins, so the same handler serves Node (see ../node), Deno, Bun, Workers and tests. Every
 * endpoint comes from the route table (./routes.ts); Hono's own middleware does CORS
 * (`hono/cors`), 304s from the ETags the query handlers set (`hono/etag`), body limits
 * (`hono/body-limit`) and, given a compressor, compression of the POST answers besides the
 * queries' (`hono/compress`); every GET answer but /health is kept per data version and, given a
 * compressor, compressed once per encoding (./answer-store.ts, lru-cache; ./kept-answers.ts). Without one (the default) nothing is compressed here: that is
 * the platform's (Workers, Deno.serve, a CDN) or the Node server's, which passes node:zlib.
 * Every answer, errors included, carries `X-Data-Version`, and every error leaves through one
 * writer (./errors.ts): `{code, message, details}` with the status of its kind.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { cors } from "hono/cors";
import { etag, RETAINED_304_HEADERS } from "hono/etag";
import type { AssetRouter } from "../router/router.js";
import { AnswerStore } from "./answer-store.js";
import { JSON_TYPE, targetOf, type AppEnv, type RouteHandler } from "./app-env.js";
import { encodingNegotiator } from "./encoding.js";
import { errorResponse, methodNotAllowed, notFound, payloadTooLarge, toFungibleError } from "./errors.js";
import { explorerHandlers } from "./explorer-routes.js";
import { keptAnswers } from "./kept-answers.js";
import { METRICS_CONTENT_TYPE, ServiceMetrics } from "./metrics.js";
import { isLiveRouter, LiveRouter } from "./live-router.js";
import { optionsArgument } from "../arguments.js";
import { servedRouter } from "../router/core.js";
import { queryHandlers } from "./query-routes.js";
import { clientClosed } from "./read-json.js";
import { pathProblem, pathRefused } from "./raw-path.js";
import { ReplayCache, type ReplayedAnswer } from "./replay-cache.js";
import { allowedMethods, PATHS, ROUTES, type OperationId } from "./routes.js";
import { checkedOptions, type FetchHandlerOptions } from "./handler-options.js";
import { skipHandlers } from "./skip-routes.js";
import { executionHandlers, TX_STATUS_PATH } from "./execution-routes.js";
import { routedPath, versionedAnswers, VERSIONED_PATHS } from "./versioned.js";

export {
  DEFAULT_ANSWER_CACHE_BYTES,
  DEFAULT_BODY_LIMIT,
  DEFAULT_CACHE_CONTROL,
  DEFAULT_COMPRESSED_CACHE_BYTES,
  DEFAULT_MIN_COMPRESS_BYTES,
  type Analyze,
  type FetchHandlerOptions,
  type SvgRenderer,
} from "./handler-options.js";

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The fetch handler, and its replay cache for a runtime adapter: a GET (or a POST of the same
 * content type and body text) of a query answered before, as the pipeline answered it
 * (`undefined`: hand the request to `fetch`).
 */
export interface FungibleService {
  fetch: FetchHandler;
  replay(target: string, acceptEncoding: string | null): ReplayedAnswer | undefined;
  replayPost(target: string, contentType: string | null, body: string, acceptEncoding: string | null): ReplayedAnswer | undefined;
}

/** Headers a 304 keeps besides hono/etag's own: every answer names its data version and is readable cross-origin. */
const RETAINED = [...RETAINED_304_HEADERS, "x-data-version", "access-control-allow-origin", "access-control-expose-headers"];

export function createFetchHandler(router: AssetRouter | LiveRouter, options: FetchHandlerOptions = {}): FetchHandler {
  return createService(router, options, "createFetchHandler").fetch;
}

export function createService(router: AssetRouter | LiveRouter, optionsArg: FetchHandlerOptions = {}, fn = "createService"): FungibleService {
  const live = isLiveRouter(router) ? router : new LiveRouter(servedRouter(router, fn));
  const options = optionsArgument(optionsArg, fn) as FetchHandlerOptions;
  const config = checkedOptions(options);
  const reportBug = (error: unknown, request: Request) => safely(() => config.onInternalError(error, request));
  const store = new AnswerStore({ answerBytes: config.answerCacheBytes, compressedBytes: config.compressedCacheBytes, compressor: config.compressor });
  const replays = new ReplayCache(config.answerCacheBytes);
  const negotiate = encodingNegotiator(config.encodings);
  const sending = { store, minCompressBytes: config.minCompressBytes, negotiate, compresses: config.encodings.length > 0, reportBug };
  const handlers: Record<OperationId, RouteHandler> = {
    ...queryHandlers({ ...sending, bodyLimit: config.bodyLimit, cacheControl: config.cacheControl }),
    ...explorerHandlers(config.bodyLimit, config.explainBudgetMs, config.svgRenderer, config.analyze),
    ...skipHandlers(config.bodyLimit),
    ...executionHandlers(config.bodyLimit, config.chainRest),
    health: (c) => c.body(JSON.stringify(live.health()), 200, { "content-type": JSON_TYPE, "cache-control": "no-store" }),
    // Built on the first request for it (the module too: JSON Schema of every wire schema), not at start.
    openapi: async (c) => c.body((openApi ??= JSON.stringify((await import("./openapi.js")).buildOpenApiDocument())), 200, { "content-type": JSON_TYPE }),
    metrics: async (c) => {
      if (metrics === null) throw notFound(c.req.method, c.req.path);
      return c.body(await metrics.exposition(), 200, { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" });
    },
  };
  const metrics = config.metrics === false ? null : config.metrics === true ? new ServiceMetrics() : config.metrics;
  let replayed = 0;
  metrics?.attach({ live, store, replayed: () => replayed });
  let openApi: string | undefined;

  // Routed without a `/at/<data_version>` prefix: the versioned form of every GET (./versioned.ts).
  const app = new Hono<AppEnv>({ getPath: routedPath });
  // First: it times and counts every answer, errors and 404s included (opt-in, ./metrics.ts).
  if (metrics !== null) app.use(metrics.middleware());
  // Read once: this request is answered from this graph whatever a reload swaps in meanwhile.
  app.use(async (c, next) => {
    const router = live.current;
    const version = router.dataVersion;
    store.adopt(version);
    c.set("router", router);
    await next();
    // On the response the app ends with (answers, errors, 404s), never on c.res before the handler
    // runs: Hono then rebuilds every response from the one touched, and with @hono/node-server
    // streams the body instead of writing its string (a fifth of an uncached answer's CPU).
    const headers = c.res.headers;
    headers.set("x-data-version", version);
    // No answer of this service is to be sniffed as another type (a JSON body echoing a query, the page).
    headers.set("x-content-type-options", "nosniff");
    if (config.cors) for (const [name, value] of CORS_HEADERS) headers.set(name, value);
    const replay = c.var.replay;
    if (replay !== undefined && c.res.status === 200) replays.keep(version, replay.key, { headers: headersOf(c.res), body: replay.body });
  });
  // Before any route: the path as this runtime passed it (a Node server checks the raw target
  // first, ../node/request-listener.ts); after the middleware above, so the 400 names its version.
  app.use(async (c, next) => {
    const problem = pathProblem(targetOf(c.req.url));
    if (problem !== null) throw pathRefused(problem);
    await next();
  });
  app.use(versionedAnswers(VERSIONED_PATHS, config.cacheControl));
  if (config.cors) app.use(corsOf());
  const limit = readLimit(config.bodyLimit);
  const revalidate = etag({ retainedHeaders: RETAINED });
  // POST answers besides the queries' are compressed per request; every kept GET answer once per encoding.
  const squeeze: MiddlewareHandler[] = config.encodings.includes("gzip") ? [compress({ encoding: "gzip", threshold: config.minCompressBytes })] : [];
  // One registration per route of the table; Hono's overloads do not type a spread of handlers.
  const on = app.on.bind(app) as (method: string, path: string, ...handlers: MiddlewareHandler<AppEnv>[]) => void;
  const queries = new Set<string>([PATHS.assetsFromSource, PATHS.assetsBetweenChains]);
  for (const route of ROUTES) {
    const handler = handlers[route.operationId];
    const isQuery = queries.has(route.path);
    // Every other GET answer but /health is kept by what it asks and compressed once (./kept-answers.ts).
    const kept = route.method === "GET" && !isQuery && route.path !== PATHS.health && route.path !== PATHS.metrics && route.path !== TX_STATUS_PATH;
    // Validators on the answers that have a versioned form; not on the page's files (./kept-answers.ts).
    const tagged = kept && VERSIONED_PATHS.has(route.path);
    const before = route.method === "POST" ? [limit, ...(isQuery ? [] : squeeze)] : isQuery || tagged ? [revalidate] : kept ? [] : squeeze;
    const answer = kept ? keptAnswers(handler, sending, route.path, "query" in route ? route.query : [], tagged) : handler;
    const final: MiddlewareHandler<AppEnv> = async (c) => answer(c);
    on(route.method, route.path, ...before, final);
  }
  for (const path of new Set(ROUTES.map((route) => route.path))) {
    app.all(path, (c) => {
      throw methodNotAllowed(c.req.method, path, allowedMethods(path)!);
    });
  }
  app.notFound((c) => errorResponse(notFound(c.req.method, c.req.path)));
  app.onError((thrown, c) => {
    const { error, isBug } = toFungibleError(thrown);
    if (isBug) reportBug(thrown, c.req.raw);
    else if (error.code === "client_closed_request") safely(() => config.onAbort(error, c.req.raw));
    const extra = error.code === "method_not_allowed" ? allowOf(c.req.path) : error.code === "unavailable" ? { "retry-after": "1" } : {};
    return errorResponse(error, extra);
  });
  // Hono builds its matcher (RegExpRouter's tries and regular expressions) on the first match:
  // built here, with the handler, so no request pays it (a Worker's first request paid ~8 ms of
  // its ~21 ms for it under workerd: bench scenario 15). Every route is registered above.
  app.router.match("GET", "/");

  return {
    fetch: async (request) => app.fetch(request),
    replay: (target, acceptEncoding) => counted("GET", target, () => replays.get(live.current.dataVersion, ReplayCache.key(target, negotiate(acceptEncoding)))),
    replayPost: (target, contentType, body, acceptEncoding) =>
      counted("POST", target, () => replays.get(live.current.dataVersion, ReplayCache.postKey(target, contentType, body, negotiate(acceptEncoding)))),
  };

  /** A replayed answer never reaches the pipeline: counted here, with the lookup as its time. */
  function counted(method: string, target: string, lookup: () => ReplayedAnswer | undefined): ReplayedAnswer | undefined {
    if (metrics === null) return lookup();
    const started = performance.now();
    const answer = lookup();
    if (answer !== undefined) {
      replayed++;
      const query = target.indexOf("?");
      metrics.observe(query === -1 ? target : target.slice(0, query), method, 200, (performance.now() - started) / 1000);
    }
    return answer;
  }
}

/** Any origin may read the answers; browsers may read only safelisted headers cross-origin unless told. */
const CORS = { origin: "*", allowMethods: ["GET", "HEAD", "POST"], exposeHeaders: ["x-data-version", "etag"], maxAge: 600 };
/** What `hono/cors` sets on a response that is no preflight, set here after the handler (see the first middleware). */
const CORS_HEADERS: [string, string][] = [
  ["access-control-allow-origin", CORS.origin],
  ["access-control-expose-headers", CORS.exposeHeaders.join(",")],
];

/**
 * `hono/cors` answers preflights (an OPTIONS without Access-Control-Request-Method is no preflight:
 * 405). It sets its headers on c.res before the handler, which costs every other answer a rebuilt
 * response, so other requests get the same headers from CORS_HEADERS instead.
 */
function corsOf(): MiddlewareHandler {
  const handler = cors(CORS);
  return (c, next) => (c.req.method === "OPTIONS" && c.req.header("access-control-request-method") !== undefined ? handler(c, next) : next());
}

/**
 * `hono/body-limit` with our 413, and a body stream that fails while it counts (the client hung
 * up mid-upload) reported as the client's doing (499), not as a bug.
 */
function readLimit(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw payloadTooLarge(maxSize);
    },
  });
  return async (c, next) => {
    let passed = false;
    try {
      await limit(c, async () => {
        passed = true;
        await next();
      });
    } catch (error) {
      throw passed ? error : clientClosed(error);
    }
  };
}

/** A response's headers as a plain object (lower-case names), as the Node adapter writes them. */
function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** The Allow header of a 405, from the route table. */
function allowOf(path: string): Record<string, string> {
  const methods = allowedMethods(path);
  return methods === null ? {} : { allow: methods.join(", ") };
}

/** A hook that throws must not turn an answer into a crash. */
function safely(hook: () => void): void {
  try {
    hook();
  } catch {
    // The hook is the embedding program's; its failure is not the client's answer.
  }
}
