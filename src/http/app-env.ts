/**
 * What the Hono app keeps per request (./handler.ts): the graph it answers from, read once when
 * the request arrives, and a GET query answer the runtime adapter may replay (./replay-cache.ts).
 */
import type { Context } from "hono";
import type { AssetRouter } from "../router/router.js";

export interface AppEnv {
  Variables: {
    router: AssetRouter;
    replay: { key: string; body: Uint8Array } | undefined;
  };
}

export type AppContext = Context<AppEnv>;
export type RouteHandler = (c: AppContext) => Response | Promise<Response>;

export const JSON_TYPE = "application/json; charset=utf-8";

const UTF8 = new TextEncoder();

/**
 * A 200 JSON answer, its body as UTF-8 bytes. Not as a string: a Response made from a string
 * copies it once more to check for lone surrogates, which JSON.stringify never leaves, and for
 * every asset of every chain (9 MB) that copy was a quarter of the answer's CPU.
 */
export function jsonAnswer(c: AppContext, value: unknown): Response {
  return c.body(UTF8.encode(JSON.stringify(value)) as Uint8Array<ArrayBuffer>, 200, { "content-type": JSON_TYPE });
}

/** The query string of a request URL, without `?` (a Request's URL carries no fragment). */
export function queryString(url: string): string {
  const mark = url.indexOf("?");
  return mark === -1 ? "" : url.slice(mark + 1);
}

/** Path and query string as sent: the URL after its origin. */
export function targetOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  return start === -1 ? "/" : url.slice(start);
}
