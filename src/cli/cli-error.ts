/**
 * How the CLI ends: exit 0 on success, 2 for a usage mistake (bad flag, bad argument, invalid
 * request: codes invalid_usage, invalid_request...), 1 when something asked for is not there, a
 * file cannot be read or written, or the input data is broken. Never a stack.
 */
import { terminalLine } from "../wire/safe-text.js";
import { FungibleError, isFungibleError, type FungibleErrorCode } from "../errors.js";
import { errorBody, type ErrorBody } from "../http/errors.js";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/**
 * A mistake in how the command was called; main prints it with a pointer to --help. A
 * FungibleError of code `invalid_usage`, so callers switch on `code` for CLI errors too.
 */
export class UsageError extends FungibleError {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super("invalid_usage", message);
  }
}

const USAGE_CODES: ReadonlySet<FungibleErrorCode> = new Set([
  "invalid_usage",
  "invalid_request",
  "unsupported_media_type",
  "payload_too_large",
  "method_not_allowed",
]);

export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT_USAGE;
  if (isFungibleError(error) && USAGE_CODES.has(error.code)) return EXIT_USAGE;
  return EXIT_FAILURE;
}

/** One line (or a few, for registry issues) for stderr: what went wrong, never where in our code. */
export function describeError(error: unknown): string {
  if (error instanceof UsageError) {
    const help = error.command ? `fungible-graph ${error.command} --help` : "fungible-graph --help";
    // A usage message echoes the command line: one line, whatever an argument holds.
    return `${terminalLine(error.message)}\nsee: ${help}`;
  }
  if (isFungibleError(error)) return `error: ${error.message}`;
  const system = systemMessage(error);
  if (system !== undefined) return `error: ${system}`;
  if (error instanceof Error) return `internal error: ${error.message}`;
  return `internal error: ${String(error)}`;
}

/**
 * Under --json, the body the HTTP service writes for the same error (`{code, message, details}`,
 * code the gRPC status). An operating-system error (a busy port) is the caller's set-up
 * (invalid_config); anything else is a bug (internal).
 */
export function describeErrorJson(error: unknown): ErrorBody {
  if (isFungibleError(error)) return errorBody(error);
  const system = systemMessage(error);
  if (system !== undefined) return errorBody(new FungibleError("invalid_config", system));
  return errorBody(new FungibleError("internal", `internal error: ${error instanceof Error ? error.message : String(error)}`));
}

/**
 * Operating-system errors (a file that cannot be written, a busy port...) are the user's to fix,
 * not bugs: their message, with the fix where there is one obvious fix.
 */
function systemMessage(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof (error as NodeJS.ErrnoException).syscall !== "string") return undefined;
  const system = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (system.code === "EADDRINUSE") {
    const port = system.port ?? /:(\d+)\s*$/.exec(system.message)?.[1];
    const where = port === undefined ? "the port" : `port ${port}${system.address ? ` on ${system.address}` : ""}`;
    return `${where} is already in use (EADDRINUSE; another server?): choose another with --port N, or --port 0 for any free port`;
  }
  return system.message;
}
