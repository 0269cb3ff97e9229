/**
 * The two queries as endpoints, GET and POST alike: find the canonical request (from the spelling
 * cache, or by parsing and validating), serve the kept answer or compute and keep it, encoded as
 * the client accepts. A GET answer carries its ETag (hono/etag answers 304 from it); every answer
 * is offered to the replay cache (a POST's keyed by its body too); errors are thrown and leave through the app's one error writer.
 */
import type * as z from "zod";
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
import { canonicalAssetsBetweenChains, canonicalAssetsFromSource } from "./canonical.js";
import { answerEtag } from "./etag.js";
import { queryToBody, SWAP_VENUES_PARAM } from "./query-params.js";
import { assertJsonContentType, parseJsonText, readBodyText } from "./read-json.js";
import { MAX_REPLAYED_BODY, ReplayCache } from "./replay-cache.js";
import { PATHS } from "./routes.js";
import { encodedAnswer, type SendServices } from "./send-answer.js";

interface QueryOperation<O> {
  path: string;
  /** The library method's name, which prefixes validation messages (as the library's own do). */
  name: string;
  schema: z.ZodType<O> & { shape: Record<string, z.ZodType> };
  canonical(options: O): string;
  /** The answer's JSON text; throws the library's FungibleError (404...) for a question it refuses. */
  answer(router: AssetRouter, options: O): string;
  /** Drops what the library ignores unchecked, so the handler refuses exactly what the library does. */
  ignoreUnused?(body: unknown): unknown;
}

const ASSETS_FROM_SOURCE: QueryOperation<AssetsFromSourceOptions> = {
  path: PATHS.assetsFromSource,
  name: "assetsFromSource",
  schema: AssetsFromSourceRequestSchema,
  canonical: canonicalAssetsFromSource,
  answer: (router, options) => assetsFromSourceJson(router.assetsFromSource(options)),
  // The library ignores swap_venues, unchecked, unless include_swaps is true (docs/behaviour.md §6).
  ignoreUnused: (body) => {
    if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
    const { include_swaps, swap_venues: _unused, ...rest } = body as Record<string, unknown>;
    return include_swaps === true ? body : { include_swaps, ...rest };
  },
};

const ASSETS_BETWEEN_CHAINS: QueryOperation<AssetsBetweenChainsOptions> = {
  path: PATHS.assetsBetweenChains,
  name: "assetsBetweenChains",
  schema: AssetsBetweenChainsRequestSchema as QueryOperation<AssetsBetweenChainsOptions>["schema"],
  canonical: canonicalAssetsBetweenChains,
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
  const parse = (): O => {
    let body: unknown;
    if (isGet) {
      const params = new URLSearchParams(query);
      if (op.ignoreUnused && params.get("include_swaps") !== "true") params.delete(SWAP_VENUES_PARAM);
      body = queryToBody(params, op.schema.shape, op.name);
    } else body = parseJsonText(text);
    return parseRequest(op.schema, op.ignoreUnused ? op.ignoreUnused(body) : body, op.name) as O;
  };
  let canonical = store.canonicalOf(version, spelling);
  if (canonical === undefined) {
    options = parse();
    canonical = op.canonical(options);
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
