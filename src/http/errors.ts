/**
 * The one error writer: anything thrown while serving a request becomes the error body of
 * docs/behaviour.md §Errors, `{code, message, details}` with the HTTP status of the error kind
 * (src/errors.ts ERROR_KINDS). The Hono app's onError and notFound answer with `errorResponse`;
 * what the Node adapter writes below the app (refusals of node's parser) uses `errorJson`.
 */
import type * as z from "zod/mini";
import { FungibleError, isFungibleError } from "../errors.js";
import type { ErrorBodySchema } from "../wire/error-body.js";

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** nosniff too: an error body echoes request text, and must never be sniffed as HTML. */
export const ERROR_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" } as const;

/** The body for `error`; the CLI prints the same one under --json. */
export function errorBody(error: FungibleError): ErrorBody {
  return { code: error.grpcCode, message: error.message, details: error.details };
}

export function errorJson(error: FungibleError): string {
  return JSON.stringify(errorBody(error));
}

/** Seconds a client waits before asking again after an `over_budget` 503 (docs/http.md). */
export const RETRY_AFTER_SECONDS = 1;

/** An error answer: never cached, `headers` added (Allow on a 405); a 503 over budget says when to retry. */
export function errorResponse(error: FungibleError, headers: Record<string, string> = {}): Response {
  const retry: Record<string, string> = error.code === "over_budget" ? { "retry-after": String(RETRY_AFTER_SECONDS) } : {};
  return new Response(errorJson(error), { status: error.status, headers: { ...ERROR_HEADERS, ...retry, ...headers } });
}

/**
 * Classifies a thrown value. FungibleErrors keep their kind; anything else is a bug and becomes
 * `internal` with a fixed message, so no stack trace or internal text ever reaches a client.
 */
export function toFungibleError(thrown: unknown): { error: FungibleError; isBug: boolean } {
  if (isFungibleError(thrown)) return { error: thrown, isBug: false };
  // An answer past what the engine can hold as one string or buffer: this request costs too much, said as such (still reported).
  if (thrown instanceof RangeError && /Invalid string length|Array buffer allocation failed|Invalid typed array length/.test(thrown.message)) {
    return { error: new FungibleError("over_budget", "the answer is larger than this service can write; ask for less (fewer chains, fewer include_ flags)"), isBug: true };
  }
  return { error: new FungibleError("internal", "internal error: the server failed to answer this request"), isBug: true };
}

export function payloadTooLarge(limit: number): FungibleError {
  return new FungibleError("payload_too_large", `the request body is larger than the limit of ${limit} bytes`);
}

export function methodNotAllowed(method: string, path: string, allow: readonly string[]): FungibleError {
  return new FungibleError("method_not_allowed", `method ${clip(method)} is not allowed on ${path}; use ${allow.join(" or ")}`);
}

export function notFound(method: string, path: string): FungibleError {
  return new FungibleError("not_found", `no endpoint at ${clip(method)} ${clip(path)}`);
}

/** Echoed request text is cut short: a 64 KiB path is not worth repeating back. */
function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
