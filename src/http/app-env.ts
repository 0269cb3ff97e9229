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
