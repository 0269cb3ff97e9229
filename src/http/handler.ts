/**
 * The HTTP surface as a standard fetch handler, `(Request) => Promise<Response>`, built on Hono.
 * No Node built-ins: the same handler serves Node (see ../node), Deno, Bun, workers and tests.
 * Every error leaves through `onError`, the one place that writes the error body of SEMANTICS 6.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AssetGraph } from "../engine/asset-graph.js";
import { AssetsBetweenChainsRequestSchema } from "../wire/schema.js";
import type { AssetsBetweenChainsRequest, AssetsFromSourceRequest } from "../wire/schema.js";
import { FungibleError } from "../errors.js";
import { assetsBetweenChainsJson, assetsFromSourceJson } from "../wire/serialize.js";
import { errorResponse, methodNotAllowed, toFungibleError } from "./errors.js";
import { buildOpenApiDocument, PATHS } from "./openapi.js";
import { queryToBody } from "./query-params.js";
import { assertJsonContentType, readJsonBody } from "./read-json.js";

export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface FetchHandlerOptions {
  /** Largest request body accepted, in bytes (default 64 KiB); larger gets 413. */
  bodyLimit?: number;
  /** Answer CORS preflights and add `Access-Control-Allow-Origin: *` (default true: the data is public). */
  cors?: boolean;
  /** Called with every unexpected error (a bug) before the 500 goes out; default `console.error`. */
  onInternalError?: (error: unknown, request: Request) => void;
}

export type FetchHandler = (request: Request) => Promise<Response>;

const ALLOWED_METHODS: [string, string[]][] = [
  [PATHS.assetsFromSource, ["POST"]],
  [PATHS.assetsBetweenChains, ["GET", "HEAD", "POST"]],
  [PATHS.openapi, ["GET", "HEAD"]],
  [PATHS.health, ["GET", "HEAD"]],
];

export function createFetchHandler(graph: AssetGraph, options: FetchHandlerOptions = {}): FetchHandler {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (!Number.isSafeInteger(limit) || limit <= 0) {
    throw new FungibleError("invalid_config", `createFetchHandler: bodyLimit must be a positive integer, got ${limit}`);
  }
  const reportBug = options.onInternalError ?? ((error: unknown) => console.error("fungible-graph: internal error", error));
  const allowCors = options.cors ?? true;
  // Set on every answer here rather than by middleware: Hono re-wraps a handler's Response to merge
  // headers a middleware set, a copy per request that shows in the throughput.
  const extraHeaders: Record<string, string> = allowCors ? { "access-control-allow-origin": "*" } : {};
  const jsonText = (text: string) =>
    new Response(text, { headers: { "content-type": "application/json; charset=utf-8", ...extraHeaders } });
  const json = (value: unknown) => jsonText(JSON.stringify(value));
  const fail = (error: FungibleError, headers: Record<string, string> = {}) => errorResponse(error, { ...extraHeaders, ...headers });
  let openApiText: string | undefined;

  const app = new Hono();
  if (allowCors) app.options("*", preflightOnly());

  // The engine validates each request (SEMANTICS 7), so a bad body becomes its 400 FungibleError.
  const readBody = async (request: Request) => {
    assertJsonContentType(request.headers.get("content-type"));
    return readJsonBody(request, limit);
  };
  app.post(PATHS.assetsFromSource, async (c) =>
    jsonText(assetsFromSourceJson(graph.assetsFromSource((await readBody(c.req.raw)) as AssetsFromSourceRequest))),
  );
  app.post(PATHS.assetsBetweenChains, async (c) =>
    jsonText(assetsBetweenChainsJson(graph.assetsBetweenChains((await readBody(c.req.raw)) as AssetsBetweenChainsRequest))),
  );
  // @skip-go/client sends this query as GET with the fields in the query string.
  app.get(PATHS.assetsBetweenChains, (c) => {
    const body = queryToBody(new URL(c.req.url).searchParams, AssetsBetweenChainsRequestSchema.shape);
    return jsonText(assetsBetweenChainsJson(graph.assetsBetweenChains(body as AssetsBetweenChainsRequest)));
  });
  app.get(PATHS.openapi, () => {
    openApiText ??= JSON.stringify(buildOpenApiDocument());
    return new Response(openApiText, { headers: { "content-type": "application/json; charset=utf-8", ...extraHeaders } });
  });
  app.get(PATHS.health, () => json({ status: "ok", chains: graph.chainIds().length }));

  for (const [path, methods] of ALLOWED_METHODS) {
    app.all(path, (c) => methodNotAllowed(c.req.method, path, methods, extraHeaders));
  }
  app.notFound((c) => fail(new FungibleError("not_found", `no endpoint at ${c.req.method} ${c.req.path}`)));
  app.onError((thrown, c) => {
    const { error, isBug } = toFungibleError(thrown);
    if (isBug) reportBug(thrown, c.req.raw);
    return fail(error);
  });

  return async (request) => app.fetch(request);
}

/** Hono's CORS answer to a preflight; a plain OPTIONS (no preflight header) falls through to 405. */
function preflightOnly(): MiddlewareHandler {
  const handle = cors({ origin: "*", allowMethods: ["GET", "HEAD", "POST"], maxAge: 600 });
  return async (c, next) => {
    if (!c.req.header("access-control-request-method")) return next();
    return handle(c, next);
  };
}
