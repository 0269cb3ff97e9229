/**
 * GETs against untrusted REST (LCD) endpoints, bounded where they enter: a deadline per attempt
 * covering the body (an endless body ends), a size limit read while streaming, redirects followed
 * only within the endpoint's origin, JSON or nothing, retries with backoff for what may pass
 * (timeouts, network errors, 429, 5xx), and at most `perHost` requests in flight per host.
 * The bounds on concurrency are p-limit's and the backoff is p-retry's (README "Libraries it uses").
 */
import pLimit, { type LimitFunction } from "p-limit";
import pRetry from "p-retry";
import { readBodyBounded } from "../router/bounded-body.js";

export interface LcdFetchOptions {
  /** Deadline of one attempt, headers and body, in ms; default 8000. */
  timeoutMs?: number;
  /** Largest body accepted, in bytes; default 4 MiB. */
  maxBodyBytes?: number;
  /** Attempts after the first for a retryable failure; default 2. */
  retries?: number;
  /** First backoff in ms, doubled per retry; default 500. */
  backoffMs?: number;
  /** Requests in flight per host; default 4. */
  perHost?: number;
  /** The fetch to use (tests); default the global one. */
  fetch?: typeof fetch;
}

export type LcdProblemKind = "timeout" | "network" | "http" | "too_large" | "redirect" | "malformed" | "wrong_chain";

/** Why an endpoint's answer was refused: what a refresh reports. */
export class LcdProblem extends Error {
  constructor(readonly kind: LcdProblemKind, readonly url: string, message: string, readonly status?: number) {
    super(`${url}: ${message}`);
  }
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "network" || (this.kind === "http" && (this.status === 429 || (this.status ?? 0) >= 500));
  }
}

const MAX_REDIRECTS = 3;

/** A GET of JSON with the options' bounds; one per refresh, so the per-host gates are shared. */
export function lcdGetter(options: LcdFetchOptions = {}): (url: string) => Promise<unknown> {
  const request = lcdRequester(options);
  return (url) => request(url);
}

/**
 * A GET, or with `body` a POST of that JSON, under the same bounds and per-host gates. A POST is
 * tried once (a broadcast is not repeated behind the caller's back) and follows no redirect.
 */
export function lcdRequester(options: LcdFetchOptions = {}): (url: string, body?: unknown) => Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? 8_000;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 500;
  const doFetch = options.fetch ?? fetch;
  const hosts = new Map<string, LimitFunction>();
  const limitOf = (url: string) => {
    const host = new URL(url).host;
    let limit = hosts.get(host);
    if (limit === undefined) hosts.set(host, (limit = pLimit(options.perHost ?? 4)));
    return limit;
  };

  const attempt = async (url: string, body: string | undefined): Promise<unknown> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      let at = url;
      for (let hops = 0; ; hops++) {
        let response: Response;
        try {
          response = await doFetch(
            at,
            body === undefined
              ? { redirect: "manual", signal: controller.signal, headers: { accept: "application/json" } }
              : { method: "POST", body, redirect: "manual", signal: controller.signal, headers: { accept: "application/json", "content-type": "application/json" } },
          );
        } catch (error) {
          throw controller.signal.aborted ? new LcdProblem("timeout", url, `no answer within ${timeoutMs} ms`) : new LcdProblem("network", url, (error as Error).message);
        }
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel();
          const location = response.headers.get("location");
          const next = location === null || !URL.canParse(location, at) ? null : new URL(location, at);
          if (next === null || next.origin !== new URL(url).origin || hops >= MAX_REDIRECTS || body !== undefined) {
            throw new LcdProblem("redirect", url, `redirected to ${next?.href ?? "nowhere"}: only redirects within ${new URL(url).origin} are followed`);
          }
          at = next.href;
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw new LcdProblem("http", url, `HTTP ${response.status}`, response.status);
        }
        const text = await readBounded(response, maxBodyBytes, url, controller.signal, timeoutMs);
        try {
          return JSON.parse(text);
        } catch {
          throw new LcdProblem("malformed", url, "the body is not JSON");
        }
      }
    } finally {
      clearTimeout(timer);
    }
  };

  // A host's slot is held for one attempt, not across the backoff: a waiting retry blocks no one.
  // Only what may pass is retried (LcdProblem.retryable); anything else is thrown at once.
  return (url: string, body?: unknown) =>
    pRetry(() => limitOf(url)(() => attempt(url, body === undefined ? undefined : JSON.stringify(body))), {
      retries: body === undefined ? retries : 0,
      factor: 2,
      minTimeout: backoffMs,
      randomize: false,
      shouldRetry: ({ error }) => error instanceof LcdProblem && error.retryable,
    });
}

/** The body as text, refused past `limit` bytes (announced or streamed) or when the deadline aborts it. */
async function readBounded(response: Response, limit: number, url: string, signal: AbortSignal, timeoutMs: number): Promise<string> {
  const announced = Number(response.headers.get("content-length"));
  if (Number.isFinite(announced) && announced > limit) {
    await response.body?.cancel();
    throw new LcdProblem("too_large", url, `body of ${announced} bytes, over the limit of ${limit}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBounded(response, limit, () => new LcdProblem("too_large", url, `body over the limit of ${limit} bytes`));
  } catch (error) {
    if (error instanceof LcdProblem) throw error;
    throw signal.aborted ? new LcdProblem("timeout", url, `body not complete within ${timeoutMs} ms`) : new LcdProblem("network", url, `body cut off (${(error as Error).message})`);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}
