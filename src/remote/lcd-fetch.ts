/**
 * GETs of JSON against untrusted REST (LCD) endpoints, through the one fetch (./bounded-fetch.ts:
 * a deadline per attempt covering the body, a size limit, redirects only within the endpoint's
 * origin), with retries and backoff for what may pass (timeouts, network errors, 429, 5xx) and at
 * most `perHost` requests in flight per host. The bounds on concurrency are p-limit's and the
 * backoff is p-retry's (README "Libraries it uses").
 */
import pLimit, { type LimitFunction } from "p-limit";
import pRetry from "p-retry";
import { fetchBounded, FetchProblem } from "./bounded-fetch.js";

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

/** What may pass on a later attempt: a timeout, a network error, 429 or a 5xx (but 501: a route the node does not have). */
export function isRetryable(problem: FetchProblem): boolean {
  return problem.kind === "timeout" || problem.kind === "network" || (problem.kind === "http" && (problem.status === 429 || ((problem.status ?? 0) >= 500 && problem.status !== 501)));
}

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
  const maxBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const hosts = new Map<string, LimitFunction>();
  const limitOf = (url: string) => {
    const host = new URL(url).host;
    let limit = hosts.get(host);
    if (limit === undefined) hosts.set(host, (limit = pLimit(options.perHost ?? 4)));
    return limit;
  };

  const attempt = async (url: string, body: string | undefined): Promise<unknown> => {
    const signal = AbortSignal.timeout(timeoutMs);
    const post = body === undefined ? {} : { postBody: body };
    const headers: Record<string, string> = body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" };
    const { bytes } = await fetchBounded(url, { maxBytes, signal, timeoutMs, headers, ...post, ...(options.fetch ? { fetch: options.fetch } : {}) });
    try {
      return JSON.parse(new TextDecoder("utf-8", { fatal: false }).decode(bytes ?? new Uint8Array(0)));
    } catch {
      throw new FetchProblem("malformed", url, "the body is not JSON");
    }
  };

  // A host's slot is held for one attempt, not across the backoff: a waiting retry blocks no one.
  // Only what may pass is retried; anything else is thrown at once.
  return (url: string, body?: unknown) =>
    pRetry(() => limitOf(url)(() => attempt(url, body === undefined ? undefined : JSON.stringify(body))), {
      retries: body === undefined ? (options.retries ?? 2) : 0,
      factor: 2,
      minTimeout: options.backoffMs ?? 500,
      randomize: false,
      shouldRetry: ({ error }) => error instanceof FetchProblem && isRetryable(error),
    });
}
