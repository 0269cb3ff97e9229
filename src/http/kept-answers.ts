/**
 * Every GET answer besides the two queries' (which keep theirs by canonical request,
 * ./query-routes.ts) is kept the same way: by request target (path and query string as sent) for
 * the data version, in the same byte-bounded store, compressed once per encoding. The reach
 * picture in SVG (seconds of CPU, tens of MB) or every asset of every chain is computed once per
 * data version; a HEAD is the GET it mirrors, served from the same entry (Hono answers HEAD
 * with the GET route and drops the body), and a repeat GET is replayed by the runtime adapter.
 * Those with a versioned form (`withEtag`) carry a weak ETag from the data version, the package
 * version (these answers are the code's too: the OpenAPI document, a fixed explain) and the
 * target without its `/at/<version>` prefix, which hono/etag answers 304 from. The page's files
 * get none: they change with the code alone.
 */
import type { StoredAnswer } from "./answer-store.js";
import { targetOf, type AppContext, type RouteHandler } from "./app-env.js";
import { ReplayCache } from "./replay-cache.js";
import { encodedAnswer, type SendServices } from "./send-answer.js";
import { version as packageVersion } from "../../package.json";
import { answerEtag } from "./etag.js";
import { splitVersioned } from "./versioned.js";

/** A target longer than this is answered but not kept: real requests are a few hundred bytes. */
const MAX_KEPT_TARGET = 4096;

/** `handler` with its 200 answers kept (errors never are: they leave by throwing). */
export function keptAnswers(handler: RouteHandler, services: SendServices, withEtag = false): RouteHandler {
  return async (c: AppContext) => {
    const version = c.var.router.dataVersion;
    const target = targetOf(c.req.url);
    // The versioned form shares the ETag of the unversioned one: the same answer (./versioned.ts).
    const etagOf = () => answerEtag(version, `\u0001${packageVersion}\u0001${splitVersioned(target)?.rest ?? target}`);
    if (target.length > MAX_KEPT_TARGET) {
      const response = await handler(c);
      if (withEtag && response.status === 200) response.headers.set("etag", etagOf());
      return response;
    }
    // Apart from the queries' canonical keys, which never start with a control character.
    const key = `\u0001${target}`;
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

/** The headers an answer is kept with: all but those of its one encoding and length. */
function headersOf(response: Response): NonNullable<StoredAnswer["headers"]> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "vary") out[name] = value;
  });
  return out;
}
