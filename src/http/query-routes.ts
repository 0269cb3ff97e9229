/**
 * The two queries as endpoints, GET and POST alike: find the canonical request (from the spelling
 * cache, or by parsing and validating), serve the kept answer or compute and keep it, encoded as
 * the client accepts. A GET answer carries its ETag (hono/etag answers 304 from it); every answer
 * is offered to the replay cache (a POST's keyed by its body too); errors are thrown and leave through the app's one error writer.
 */
import type * as z from "zod/mini";
import type { AssetRouter } from "../router/router.js";
import {
  AssetsBetweenChainsRequestSchema,
  AssetsFromSourceRequestSchema,
  parseRequest,
  type AssetsBetweenChainsOptions,
  type AssetsFromSourceOptions,
} from "../wire/schema.js";
import { assetsBetweenChainsJson, assetsFromSourceJson } from "../wire/serialize.js";
import type { StoredAnswer } from "./answer-store.js";
import { JSON_TYPE, queryString, targetOf, type AppContext, type RouteHandler } from "./app-env.js";
import { canonicalRequest as canonicalForm } from "./canonical.js";
import { answerEtag } from "./etag.js";
import { queryToBody, requestFields } from "./query-params.js";
import { assertJsonContentType, parseJsonText, readBodyText } from "./read-json.js";
import { MAX_REPLAYED_BODY, ReplayCache } from "./replay-cache.js";
import { PATHS } from "./routes.js";
import { encodedAnswer, type SendServices } from "./send-answer.js";

interface QueryOperation<O> {
  path: string;
  /** The library method's name, which prefixes validation messages (as the library's own do). */
  name: string;
  /** The request schema: every rule of the request is stated there, and this is the one parse. */
  schema: z.ZodMiniType<O>;
  /** Names the operation in its canonical request (./canonical.ts). */
  canonicalName: string;
  /**
   * The answer's JSON text for parsed options, asked of the router (a wrapper's method is called;
   * the parsed options are not validated again, see parseRequest); throws the library's
   * FungibleError (404...) for a question it refuses.
   */
  answer(router: AssetRouter, options: O): string;
}

const ASSETS_FROM_SOURCE: QueryOperation<AssetsFromSourceOptions> = {
  path: PATHS.assetsFromSource,
  name: "assetsFromSource",
  schema: AssetsFromSourceRequestSchema,
  canonicalName: "assets_from_source",
  answer: (router, options) => assetsFromSourceJson(router.assetsFromSource(options)),
};

const ASSETS_BETWEEN_CHAINS: QueryOperation<AssetsBetweenChainsOptions> = {
  path: PATHS.assetsBetweenChains,
  name: "assetsBetweenChains",
  schema: AssetsBetweenChainsRequestSchema,
  canonicalName: "assets_between_chains",
  answer: (router, options) => assetsBetweenChainsJson(router.assetsBetweenChains(options)),
};

export interface QueryServices extends SendServices {
  bodyLimit: number;
  cacheControl: string;
}

const utf8 = new TextEncoder();

export function queryHandlers(services: QueryServices) {
  const handle = (op: QueryOperation<unknown>, isGet: boolean): RouteHandler => (c) => serveQuery(c, op, isGet, services);
  const fromSource = ASSETS_FROM_SOURCE as QueryOperation<unknown>;
  const between = ASSETS_BETWEEN_CHAINS as QueryOperation<unknown>;
  return {
    assetsFromSource: handle(fromSource, false),
    assetsFromSourceGet: handle(fromSource, true),
    assetsBetweenChains: handle(between, false),
    assetsBetweenChainsGet: handle(between, true),
  };
}

async function serveQuery<O>(c: AppContext, op: QueryOperation<O>, isGet: boolean, services: QueryServices): Promise<Response> {
  const { store } = services;
  const router = c.var.router;
  const version = router.dataVersion;
  const query = isGet ? queryString(c.req.url) : "";
  let text = "";
  if (!isGet) {
    assertJsonContentType(c.req.header("content-type") ?? null);
    text = await readBodyText(c.req.raw, services.bodyLimit);
  }
  const spelling = isGet ? `${op.path}?${query}` : `${op.path}\n${text}`;
  let options: O | undefined;
  // Parsed once, here: the options key the caches and are what the query answers (it does not parse again).
  const parse = (): O => {
    const body = isGet ? queryToBody(new URLSearchParams(query), requestFields(op.schema)) : parseJsonText(text);
    return parseRequest(op.schema, body, op.name);
  };
  let canonical = store.canonicalOf(version, spelling);
  if (canonical === undefined) {
    options = parse();
    canonical = canonicalOf(op, options);
    store.rememberSpelling(version, spelling, canonical);
  }
  let kept: StoredAnswer | undefined = store.answer(version, canonical);
  if (kept === undefined) {
    options ??= parse();
    kept = { bytes: utf8.encode(op.answer(router, options)), etag: undefined };
    store.keep(version, canonical, kept);
  }

  const headers: Record<string, string> = { "content-type": JSON_TYPE };
  if (isGet) {
    headers.etag = kept.etag ??= answerEtag(version, canonical);
    headers["cache-control"] = services.cacheControl;
  }
  const { body, offered } = await encodedAnswer(c, services, version, canonical, kept.bytes, headers, isGet);
  if (isGet && c.req.method === "GET") c.set("replay", { key: ReplayCache.key(targetOf(c.req.url), offered), body });
  else if (!isGet && text.length <= MAX_REPLAYED_BODY) {
    c.set("replay", { key: ReplayCache.postKey(targetOf(c.req.url), c.req.header("content-type") ?? null, text, offered), body });
  }
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}

/**
 * The canonical request of one of the two query paths, asked as a GET (`query`) or a POST (`body`),
 * by the handler's own parse and canonical function; undefined for another path. The static export
 * (../export/static-export-post.ts) proves by it that the POST body it answers asks the GET's question.
 */
export function canonicalRequest(path: string, asked: { query: string } | { body: unknown }): string | undefined {
  const op = [ASSETS_FROM_SOURCE, ASSETS_BETWEEN_CHAINS].find((candidate) => candidate.path === path) as QueryOperation<unknown> | undefined;
  if (op === undefined) return undefined;
  const body = "query" in asked ? queryToBody(new URLSearchParams(asked.query), requestFields(op.schema)) : asked.body;
  return canonicalOf(op, parseRequest(op.schema, body, op.name));
}

/** The one canonical form of every request (./canonical.ts), named by the operation. */
function canonicalOf<O>(op: QueryOperation<O>, options: O): string {
  return canonicalForm(op.canonicalName, [[op.schema, options]]);
}
