/**
 * Every GET answer besides the two queries' (which keep theirs by canonical request,
 * ./query-routes.ts) is kept the same way: by what the request means, for the data version, in
 * the same byte-bounded store, compressed once per encoding. The reach picture in SVG (seconds of
 * CPU, tens of MB) or every asset of every chain is computed once per data version; a HEAD is the
 * GET it mirrors, served from the same entry (Hono answers HEAD with the GET route and drops the
 * body), and a repeat GET is replayed by the runtime adapter. Those with a versioned form
 * (`withEtag`) carry a weak ETag from the data version, the package version (these answers are
 * the code's too: the OpenAPI document, a fixed explain) and the key, which hono/etag answers 304
 * from. The page's files get none: they change with the code alone.
 * The key is the route's path and the requests its schemas parse from the query string (the route
 * table's `query`, ./routes.ts), in canonical form (./canonical.ts): parameters in any order or
 * percent-encoding, and parameters no schema reads, are one answer computed once, not one per
 * spelling (200 GETs of /v2/fungible/assets with distinct unknown parameters cost 7.6 times the
 * same 200 without them while the key was the spelling).
 */
import type * as z from "zod/mini";
import { version as packageVersion } from "../../package.json";
import type { StoredAnswer } from "./answer-store.js";
import { queryString, targetOf, type AppContext, type RouteHandler } from "./app-env.js";
import { canonicalRequest } from "./canonical.js";
import { answerEtag } from "./etag.js";
import { queryRequest } from "./query-params.js";
import { ReplayCache } from "./replay-cache.js";
import { encodedAnswer, type SendServices } from "./send-answer.js";

/** A key longer than this is answered but not kept: real requests mean a few hundred bytes. */
const MAX_KEPT_KEY = 4096;

/**
 * `handler` (the GET of `path`, reading the requests of `query`) with its 200 answers kept
 * (errors never are: they leave by throwing).
 */
export function keptAnswers(handler: RouteHandler, services: SendServices, path: string, query: readonly z.ZodMiniType[], withEtag = false): RouteHandler {
  return async (c: AppContext) => {
    const version = c.var.router.dataVersion;
    const target = targetOf(c.req.url);
    const meaning = meaningOf(path, query, target);
    // A request its schemas refuse: the handler answers its 400.
    if (meaning === undefined) return handler(c);
    // The versioned form shares the key, and so the ETag, of the unversioned one: the same answer
    // (./versioned.ts); every spelling shares one, so replicas agree whichever came first.
    const etagOf = () => answerEtag(version, `\u0001${packageVersion}\u0001${meaning}`);
    if (meaning.length > MAX_KEPT_KEY) {
      const response = await handler(c);
      if (withEtag && response.status === 200) response.headers.set("etag", etagOf());
      return response;
    }
    // Apart from the queries' canonical keys, which never start with a control character.
    const key = `\u0001${meaning}`;
    let kept = services.store.answer(version, key);
    if (kept === undefined) {
      const response = await handler(c);
      if (response.status !== 200 || response.headers.has("content-encoding")) return response;
      const etag = withEtag ? etagOf() : undefined;
      kept = { bytes: new Uint8Array(await response.arrayBuffer()), etag, headers: etag === undefined ? headersOf(response) : { ...headersOf(response), etag } };
      services.store.keep(version, key, kept);
    }
    const headers = { ...kept.headers };
    const { body, offered } = await encodedAnswer(c, services, version, key, kept.bytes, headers, false);
    if (c.req.method === "GET") c.set("replay", { key: ReplayCache.key(target, offered), body });
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  };
}

/**
 * What a GET of `path` asks: the canonical form of the requests its schemas parse from the query
 * string (only their fields are read), or `undefined` when a schema refuses it.
 */
export function meaningOf(path: string, query: readonly z.ZodMiniType[], target: string): string | undefined {
  if (query.length === 0) return canonicalRequest(path, []);
  const params = new URLSearchParams(queryString(target));
  try {
    return canonicalRequest(
      path,
      query.map((schema) => [schema, queryRequest(params, schema, path)] as const),
    );
  } catch {
    return undefined;
  }
}

/** The headers an answer is kept with: all but those of its one encoding and length. */
function headersOf(response: Response): NonNullable<StoredAnswer["headers"]> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "vary") out[name] = value;
  });
  return out;
}
