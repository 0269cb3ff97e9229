/**
 * The one fetch of everything read from outside: chain REST endpoints (./lcd-fetch.ts) and a
 * published dataset's pointer and file (src/router/remote-dataset.ts). One set of rules: a
 * deadline covering headers and body (the caller's signal), a size limit read while streaming
 * (./bounded-body.ts; a length header over it refused unread), and redirects followed only within
 * the origin asked, at most three: a redirect to another origin (a link-local metadata address, a
 * mirror nobody chose) is refused, never asked. Runtime-neutral: the runtime's own `fetch`.
 */
import { readBodyBounded } from "./bounded-body.js";

export type FetchProblemKind = "timeout" | "network" | "http" | "too_large" | "redirect" | "malformed" | "wrong_chain";

/** Why an answer from outside was refused; `detail` without the URL, `message` with it. */
export class FetchProblem extends Error {
  constructor(
    readonly kind: FetchProblemKind,
    readonly url: string,
    readonly detail: string,
    readonly status?: number,
  ) {
    super(`${url}: ${detail}`);
  }
}

export interface BoundedFetchOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Aborts the request and its body: the caller's deadline. */
  signal: AbortSignal;
  /** The deadline in ms, for the message only. */
  timeoutMs: number;
  headers?: Record<string, string>;
  /** A POST of this text (JSON) instead of a GET: sent once, and a redirect is refused (a broadcast is never repeated elsewhere). */
  postBody?: string;
  /** The fetch to use (tests); default the global one. */
  fetch?: typeof fetch;
}

export interface Fetched {
  status: number;
  headers: Headers;
  /** The body; null for a 304. */
  bytes: Uint8Array | null;
  /** The URL that answered, after redirects within the origin. */
  url: string;
}

export const MAX_REDIRECTS = 3;

/** GET (or POST `postBody` to) `url` under the rules above: a 2xx or 304 answer, or a FetchProblem saying why not. */
export async function fetchBounded(url: string, options: BoundedFetchOptions): Promise<Fetched> {
  const doFetch = options.fetch ?? fetch;
  const origin = new URL(url).origin;
  let at = url;
  for (let hops = 0; ; hops++) {
    let response: Response;
    try {
      const post = options.postBody === undefined ? {} : { method: "POST", body: options.postBody };
      response = await doFetch(at, { redirect: "manual", signal: options.signal, headers: options.headers ?? {}, ...post });
    } catch (error) {
      throw options.signal.aborted ? new FetchProblem("timeout", url, `no answer within ${options.timeoutMs} ms`) : new FetchProblem("network", url, causeOf(error));
    }
    // A browser hides a redirect's target (an opaque redirect, status 0): refused as one that leaves.
    if ((response.status >= 300 && response.status < 400 && response.status !== 304) || response.type === "opaqueredirect") {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get("location");
      const next = location === null || !URL.canParse(location, at) ? null : new URL(location, at);
      if (next === null || next.origin !== origin || hops >= MAX_REDIRECTS || options.postBody !== undefined) {
        throw new FetchProblem("redirect", url, `redirected to ${next?.href ?? "nowhere"}: only redirects within ${origin} are followed`);
      }
      at = next.href;
      continue;
    }
    if (response.status === 304) {
      await response.body?.cancel().catch(() => {});
      return { status: 304, headers: response.headers, bytes: null, url: at };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new FetchProblem("http", url, `HTTP ${response.status}`, response.status);
    }
    return { status: response.status, headers: response.headers, bytes: await readBody(response, url, options), url: at };
  }
}

async function readBody(response: Response, url: string, options: BoundedFetchOptions): Promise<Uint8Array> {
  const limit = options.maxBytes;
  const announced = Number(response.headers.get("content-length") ?? Number.NaN);
  // A compressed transfer's length is of the encoded bytes: it proves nothing, so only a plain one is trusted.
  if (announced > limit && response.headers.get("content-encoding") === null) {
    await response.body?.cancel().catch(() => {});
    throw new FetchProblem("too_large", url, `body of ${announced} bytes, over the limit of ${limit}`);
  }
  try {
    return await readBodyBounded(response, limit, () => new FetchProblem("too_large", url, `body over the limit of ${limit} bytes`));
  } catch (error) {
    if (error instanceof FetchProblem) throw error;
    throw options.signal.aborted ? new FetchProblem("timeout", url, `body not complete within ${options.timeoutMs} ms`) : new FetchProblem("network", url, `body cut off (${causeOf(error)})`);
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}
