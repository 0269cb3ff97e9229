/**
 * The two queries as HTTP endpoints, GET and POST alike: find the canonical request (from the
 * spelling cache, or by parsing and validating), answer 304 when the client's ETag still holds,
 * else serve the kept answer or compute and keep it, encoded as the client accepts.
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
import type { AnswerStore, StoredAnswer } from "./answer-store.js";
import { canonicalAssetsBetweenChains, canonicalAssetsFromSource } from "./canonical.js";
import type { Encoding } from "./encoding.js";
import { answerEtag, ifNoneMatchHits } from "./etag.js";
import { PATHS } from "./openapi.js";
import { queryToBody, SWAP_VENUES_PARAM } from "./query-params.js";
import { assertJsonContentType, parseJsonText, readBodyText } from "./read-json.js";

export interface QueryOperation<O> {
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

export const ASSETS_FROM_SOURCE: QueryOperation<AssetsFromSourceOptions> = {
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

export const ASSETS_BETWEEN_CHAINS: QueryOperation<AssetsBetweenChainsOptions> = {
  path: PATHS.assetsBetweenChains,
  name: "assetsBetweenChains",
  schema: AssetsBetweenChainsRequestSchema as QueryOperation<AssetsBetweenChainsOptions>["schema"],
  canonical: canonicalAssetsBetweenChains,
  answer: (router, options) => assetsBetweenChainsJson(router.assetsBetweenChains(options)),
};

/** One request as the handler read it: the graph (read once) and what the answer depends on. */
export interface QueryContext {
  request: Request;
  method: "GET" | "HEAD" | "POST";
  /** The raw query string, without `?`. */
  query: string;
  router: AssetRouter;
  version: string;
}

export interface QueryResult {
  /** 304: the client's copy is current. */
  notModified: boolean;
  etag: string | undefined;
  body: Uint8Array | null;
  encoding: Encoding | null;
  /**
   * Whether the answer depends on Accept-Encoding (`Vary: Accept-Encoding`): every GET answer and
   * 304 when compression is on (a cache must not tell a 304 and the answer it revalidates apart),
   * and a POST answer large enough to be compressed.
   */
  varies: boolean;
}

export interface QueryServices {
  store: AnswerStore;
  bodyLimit: number;
  minCompressBytes: number;
  negotiate: (acceptEncoding: string | null) => Encoding | null;
  /** Whether any encoding is offered (false: every answer is identity, nothing varies). */
  compresses: boolean;
  /** A compressor that fails is a bug of the embedding program: reported, and identity is served. */
  reportBug: (error: unknown, request: Request) => void;
}

const utf8 = new TextEncoder();

export async function serveQuery<O>(op: QueryOperation<O>, ctx: QueryContext, services: QueryServices): Promise<QueryResult> {
  const { store } = services;
  const { request, version } = ctx;
  const isGet = ctx.method !== "POST";
  let text = "";
  if (!isGet) {
    assertJsonContentType(request.headers.get("content-type"));
    text = await readBodyText(request, services.bodyLimit);
  }
  if (isGet) {
    const hit = cachedGetResult(op, ctx.query, request.headers.get("accept-encoding"), request.headers.get("if-none-match"), version, services);
    if (hit !== undefined) return hit;
  }
  const spelling = isGet ? `${op.path}?${ctx.query}` : `${op.path}\n${text}`;
  let options: O | undefined;
  const parse = (): O => {
    let body: unknown;
    if (isGet) {
      const params = new URLSearchParams(ctx.query);
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
  const compute = (): StoredAnswer => {
    options ??= parse();
    const answer: StoredAnswer = { bytes: utf8.encode(op.answer(ctx.router, options)), etag: undefined };
    store.keep(version, canonical, answer);
    return answer;
  };
  let etag: string | undefined;
  if (isGet) {
    const ifNoneMatch = request.headers.get("if-none-match");
    // `*` matches only an answer that exists: an unknown chain is still its 404.
    if (kept === undefined && ifNoneMatch?.trim() === "*") kept = compute();
    etag = kept ? (kept.etag ??= answerEtag(version, canonical)) : answerEtag(version, canonical);
    if (ifNoneMatchHits(ifNoneMatch, etag)) return { notModified: true, etag, body: null, encoding: null, varies: services.compresses };
  }
  if (kept === undefined) {
    kept = compute();
    kept.etag = etag;
  }

  const { encoding, varies } = negotiated(services, kept, isGet, request.headers.get("accept-encoding"));
  if (encoding === null) return { notModified: false, etag, body: kept.bytes, encoding: null, varies };
  try {
    const body = await store.encoded(version, canonical, encoding, kept.bytes);
    return { notModified: false, etag, body, encoding, varies };
  } catch (error) {
    services.reportBug(error, request);
    return { notModified: false, etag, body: kept.bytes, encoding: null, varies };
  }
}

/**
 * A GET of a question asked before, answered wholly from the caches (its spelling, its answer,
 * and its bytes in the encoding the client accepts), or `undefined` when anything is missing and
 * `serveQuery` must run. Synchronous and Request-free, so a runtime adapter can write the bytes
 * straight out; `serveQuery` starts here too, so both answer alike.
 */
export function cachedGetResult<O>(
  op: QueryOperation<O>,
  query: string,
  acceptEncoding: string | null,
  ifNoneMatch: string | null,
  version: string,
  services: QueryServices,
): QueryResult | undefined {
  const { store } = services;
  const canonical = store.canonicalOf(version, `${op.path}?${query}`);
  if (canonical === undefined) return undefined;
  const kept = store.answer(version, canonical);
  if (kept === undefined) return undefined;
  const etag = (kept.etag ??= answerEtag(version, canonical));
  if (ifNoneMatchHits(ifNoneMatch, etag)) return { notModified: true, etag, body: null, encoding: null, varies: services.compresses };
  const { encoding, varies } = negotiated(services, kept, true, acceptEncoding);
  if (encoding === null) return { notModified: false, etag, body: kept.bytes, encoding: null, varies };
  const body = store.encodedIfKept(version, canonical, encoding);
  return body === undefined ? undefined : { notModified: false, etag, body, encoding, varies };
}

/** The encoding an answer goes out in, and whether it varies with Accept-Encoding. */
function negotiated(services: QueryServices, kept: StoredAnswer, isGet: boolean, acceptEncoding: string | null): { encoding: Encoding | null; varies: boolean } {
  const compressible = services.compresses && kept.bytes.byteLength >= services.minCompressBytes;
  // A GET answer varies even when too small to compress: its ETag (and 304) is shared by every
  // encoding, and a cache keyed without Accept-Encoding would mix the two for a larger answer.
  const varies = compressible || (isGet && services.compresses);
  return { encoding: compressible ? services.negotiate(acceptEncoding) : null, varies };
}
