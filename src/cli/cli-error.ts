/**
 * How the CLI ends: exit 0 on success, 2 for a usage mistake (bad flag, bad argument, invalid
 * request: codes invalid_usage, invalid_request...), 1 when something asked for is not there, a
 * file cannot be read or written, or the input data is broken. Never a stack.
 */
import { terminalLine } from "../wire/safe-text.js";
import { FungibleError, isFungibleError, type FungibleErrorCode } from "../errors.js";

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
  // Operating-system errors (a file that cannot be written...) are the user's to fix, not bugs.
  if (error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string") return `error: ${error.message}`;
  if (error instanceof Error) return `internal error: ${error.message}`;
  return `internal error: ${String(error)}`;
}
