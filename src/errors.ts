/**
 * One error family for the whole library. Callers switch on `code`, never on message text;
 * `status` and `grpcCode` say how the HTTP surface reports it (docs/behaviour.md, "Errors").
 */
import * as z from "zod/mini";
import { en } from "zod/locales";
// By name: `z.core.$ZodError` as a value would bundle all of zod core (its namespace object).
import { $ZodError } from "zod/v4/core";

export const ERROR_KINDS = {
  invalid_request: { status: 400, grpcCode: 3 },
  invalid_registry: { status: 400, grpcCode: 3 },
  /** Text that is not a dataset of a format this version reads, or one whose tables contradict each other. */
  invalid_dataset: { status: 400, grpcCode: 3 },
  /** A metadata overrides file is malformed, or names an asset the registry does not list. */
  invalid_overrides: { status: 400, grpcCode: 3 },
  /** A swap venues file is malformed. */
  invalid_venues: { status: 400, grpcCode: 3 },
  /** A state snapshot (fungible-graph-state/1) is malformed or of another format. */
  invalid_state: { status: 400, grpcCode: 3 },
  unsupported_media_type: { status: 415, grpcCode: 3 },
  unknown_chain: { status: 404, grpcCode: 5 },
  unknown_asset: { status: 404, grpcCode: 5 },
  not_found: { status: 404, grpcCode: 5 },
  method_not_allowed: { status: 405, grpcCode: 12 },
  payload_too_large: { status: 413, grpcCode: 8 },
  /** A caller's own set-up is wrong (an option out of range): a bug of the embedding program, not of a request. */
  invalid_config: { status: 500, grpcCode: 9 },
  /** A file the caller named does not exist or cannot be read. */
  file_unreadable: { status: 500, grpcCode: 5 },
  /** A file the caller named cannot be written (its directory is missing, no permission...): the sibling of file_unreadable. */
  file_unwritable: { status: 500, grpcCode: 5 },
  /**
   * A command line called wrongly (unknown command or flag, a bad argument): the CLI's exit code 2.
   * Like invalid_request, it is the caller's mistake in what was asked, so 400 / INVALID_ARGUMENT.
   */
  invalid_usage: { status: 400, grpcCode: 3 },
  /** An optional package a feature needs (chain-registry, @viz-js/viz) is not installed: the message says which and how. */
  missing_dependency: { status: 500, grpcCode: 9 },
  internal: { status: 500, grpcCode: 13 },
  /** Something this runtime cannot do (SVG where WebAssembly cannot be compiled at run time): 501 / UNIMPLEMENTED. */
  not_implemented: { status: 501, grpcCode: 12 },
  /** A dataset pointer (`fungible-graph-pointer/1`, docs/operations.md "Publishing datasets") is malformed or of another format. */
  invalid_pointer: { status: 400, grpcCode: 3 },
  /**
   * Fetched data failed a check of its signed pointer: a signature that does not verify with the
   * key given (tampered or another key), a size or SHA-256 other than signed, an older sequence
   * than the one being served (a downgrade). `details[0].path` names the check. 502 / DATA_LOSS.
   */
  untrusted_data: { status: 502, grpcCode: 15 },
  /** A server that data is fetched from could not be reached or answered an error status. 502 / UNAVAILABLE. */
  fetch_failed: { status: 502, grpcCode: 14 },
  /** A fetch did not finish within its time limit. 504 / DEADLINE_EXCEEDED. */
  timeout: { status: 504, grpcCode: 4 },
  /** The client went away before its request was read: its doing, not a bug (nginx's 499; gRPC CANCELLED). */
  client_closed_request: { status: 499, grpcCode: 1 },
  /**
   * This request costs more than it may (docs/http.md "Limits"): its search or drawing passed its
   * time budget, or its answer is larger than the process can write. Asked again as it is, it will
   * cost as much: narrow it. 503 with Retry-After; gRPC RESOURCE_EXHAUSTED. Two kinds, not one,
   * because the client's next step differs (gRPC's own split): this one says "ask for less".
   */
  over_budget: { status: 503, grpcCode: 8 },
  /**
   * The service will not take this request now, whatever it costs: the process is behind, too many
   * requests wait on one connection or for the SVG thread, the server is stopping. The same request
   * may be answered later: retry after Retry-After. 503 / UNAVAILABLE.
   */
  unavailable: { status: 503, grpcCode: 14 },
  /**
   * The amount is over what an IBC rate limit on the route lets through now (the state snapshot's
   * quota and flow, docs/behaviour.md "Live network state"): the chain would refuse the packet.
   * `details[0].path` names the chain, channel and denom. 422 / FAILED_PRECONDITION.
   */
  rate_limited: { status: 422, grpcCode: 9 },
} as const;

export type FungibleErrorCode = keyof typeof ERROR_KINDS;

/** A problem with one place in the input, as zod reports it. */
export const ErrorDetailSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/**
 * The brand every FungibleError carries, under `Symbol.for` so it is the same symbol in every copy
 * of the library (the ESM and CommonJS builds side by side, two bundles): `isFungibleError` and
 * `instanceof FungibleError` recognise an error of another copy, as the router's brand does.
 */
const FUNGIBLE_ERROR_BRAND = Symbol.for("fungible-graph.error");

export class FungibleError extends Error {
  override readonly name = "FungibleError";
  readonly code: FungibleErrorCode;
  readonly status: number;
  readonly grpcCode: number;
  readonly details: readonly ErrorDetail[];

  constructor(code: FungibleErrorCode, message: string, details: readonly ErrorDetail[] = []) {
    super(message);
    this.code = code;
    this.status = ERROR_KINDS[code].status;
    this.grpcCode = ERROR_KINDS[code].grpcCode;
    this.details = details;
    Object.defineProperty(this, FUNGIBLE_ERROR_BRAND, { value: true });
  }

  /** `instanceof` answers by the brand, so an error of another copy of the library is one too (zod's own habit). */
  static [Symbol.hasInstance](value: unknown): boolean {
    // A subclass (the CLI's UsageError) keeps the prototype check: only the base class answers by brand.
    return this === FungibleError ? isFungibleError(value) : Function.prototype[Symbol.hasInstance].call(this, value);
  }
}

export function isFungibleError(value: unknown): value is FungibleError {
  try {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[FUNGIBLE_ERROR_BRAND] === true && typeof (value as { code?: unknown }).code === "string";
  } catch {
    return false; // a revoked Proxy, or one whose get trap throws
  }
}

/**
 * zod's English messages, passed by the library's parses (`parse`, `safeParse` below) to every
 * parse whose errors it reports: the messages are part of the library's answers, and zod/mini loads no locale ("Invalid input"
 * otherwise). Per parse, never in zod's global config, which is the caller's: a schema's own
 * message still comes first, and a locale or error map a caller sets globally does not change the
 * library's messages (zod reads the schema's map, then the parse's, then the global ones).
 */
const ENGLISH: z.core.ParseContext<z.core.$ZodIssue> = { error: en().localeError };

/**
 * `schema`'s safe parse of `value`, with English messages: the one way the library parses. Only
 * a value that fails is parsed again with the map, which then makes the errors: zod copies a
 * context it is given (object spread) into an object that every nested schema then reads slowly
 * (a msgs request: 25.5 µs parsed without a context, 29.8 with; compiled, 4.2 and 5.9 µs), and
 * the values that fail are the rare ones. The library's schemas have no side effects, so the
 * second parse is the first again.
 */
export function safeParse<S extends z.core.$ZodType>(schema: S, value: unknown): z.core.util.SafeParseResult<z.output<S>> {
  const result = z.safeParse(schema, value);
  return result.success ? result : z.safeParse(schema, value, ENGLISH);
}

/** `schema`'s parse of `value`, throwing zod's error (English messages): for values the library made itself. */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  return result.success ? result.data : z.parse(schema, value, ENGLISH);
}

/** zod's issues as error details: the one translation, so every surface reports paths alike. */
export function detailsOfZodError(error: z.core.$ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment))),
    message: issue.message,
  }));
}

/**
 * A FungibleError of `code` for a failed zod parse: `prefix`, then zod's own rendering, with every
 * issue's path. zod quotes input raw in some messages (`Unrecognized key: "..."`): control
 * characters there are escaped, so a key holding a line feed cannot start a line of its own.
 */
export function errorFromZod(code: FungibleErrorCode, prefix: string, error: z.core.$ZodError): FungibleError {
  const shown = new $ZodError(error.issues.map((issue) => ({ ...issue, message: escapeControls(issue.message) })));
  return new FungibleError(code, `${prefix}\n${z.prettifyError(shown)}`, detailsOfZodError(error));
}

/** C0 and C1 controls as `\xNN` (wire/safe-text.ts does every medium; this layer cannot import it). */
function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/**
 * The error for an optional package that an `import()` could not find: `missing_dependency` naming
 * the package and its install command. Any other failure (an error inside the package, a missing
 * dependency of its own) is returned as it was, so it is not mistaken for an absent package.
 */
export function missingDependency(what: string, pkg: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  // ESM: "Cannot find package 'x' imported from ..."; CJS: "Cannot find module 'x/sub.js'".
  const escaped = pkg.replace(/[.*+?^$|()[\]{}\\]/g, "\\$&");
  const quoted = new RegExp(`Cannot find (?:package|module) '${escaped}(?:/[^']*)?'`);
  if ((code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") || !quoted.test(message)) return error;
  return new FungibleError("missing_dependency", `${what} needs the optional package "${pkg}", which is not installed: run \`npm install ${pkg}\``);
}
