/**
 * The one place that turns anything thrown while serving a request into the error body of
 * docs/behaviour.md §8: `{code, message, details}` with the HTTP status of the error kind.
 */
import type * as z from "zod";
import { FungibleError, isFungibleError } from "../errors.js";
import type { ErrorBodySchema } from "../wire/error-body.js";

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export function errorBody(error: FungibleError): ErrorBody {
  return { code: error.grpcCode, message: error.message, details: error.details };
}

function errorResponse(error: FungibleError, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(errorBody(error)), {
    status: error.status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

/**
 * Classifies a thrown value. FungibleErrors keep their kind; anything else is a bug and becomes
 * `internal` with a fixed message, so no stack trace or internal text ever reaches a client.
 */
export function toFungibleError(thrown: unknown): { error: FungibleError; isBug: boolean } {
  if (isFungibleError(thrown)) return { error: thrown, isBug: false };
  return { error: new FungibleError("internal", "internal error: the server failed to answer this request"), isBug: true };
}

export function payloadTooLarge(limit: number): FungibleError {
  return new FungibleError("payload_too_large", `the request body is larger than the limit of ${limit} bytes`);
}

export function methodNotAllowed(
  method: string,
  path: string,
  allow: readonly string[],
  headers: Record<string, string> = {},
): Response {
  const error = new FungibleError(
    "method_not_allowed",
    `method ${method} is not allowed on ${path}; use ${allow.join(" or ")}`,
  );
  return errorResponse(error, { ...headers, allow: allow.join(", ") });
}
