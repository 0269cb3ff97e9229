/**
 * One error family for the whole library. Callers switch on `code`, never on message text;
 * `status` and `grpcCode` say how the HTTP surface reports it (SEMANTICS section 6).
 */

export const ERROR_KINDS = {
  invalid_request: { status: 400, grpcCode: 3 },
  invalid_registry: { status: 400, grpcCode: 3 },
  unsupported_media_type: { status: 415, grpcCode: 3 },
  unknown_chain: { status: 404, grpcCode: 5 },
  unknown_asset: { status: 404, grpcCode: 5 },
  not_found: { status: 404, grpcCode: 5 },
  method_not_allowed: { status: 405, grpcCode: 12 },
  payload_too_large: { status: 413, grpcCode: 8 },
  internal: { status: 500, grpcCode: 13 },
} as const;

export type FungibleErrorCode = keyof typeof ERROR_KINDS;

/** A problem with one place in the input, as zod reports it. */
export interface ErrorDetail {
  path: (string | number)[];
  message: string;
}

export class FungibleError extends Error {
  override readonly name = "FungibleError";
  readonly code: FungibleErrorCode;
  readonly status: number;
  readonly grpcCode: number;
  readonly details: ErrorDetail[];

  constructor(code: FungibleErrorCode, message: string, details: ErrorDetail[] = []) {
    super(message);
    this.code = code;
    this.status = ERROR_KINDS[code].status;
    this.grpcCode = ERROR_KINDS[code].grpcCode;
    this.details = details;
  }
}

export function isFungibleError(value: unknown): value is FungibleError {
  return value instanceof FungibleError;
}
