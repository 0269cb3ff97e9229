/**
 * Writing results: JSON for machines (`--json`), text for people. Whatever is printed may hold
 * registry text, so nothing reaches the terminal raw: text keeps its line breaks and shows every
 * other control, bidi or invisible character escaped; JSON escapes them the JSON way, so it
 * parses to the registry's exact text. Spans marked with `styled` (terminal.ts) print in colour
 * where the stream takes it.
 */
import { terminalJson, terminalLines } from "../wire/safe-text.js";
import { renderStyled } from "./terminal.js";

// A reader that stops early (`fungible-graph chains | head`) closes the pipe: that ends the
// output, it is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

export function print(text: string): void {
  process.stdout.write(`${renderStyled(text, process.stdout, terminalLines)}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${terminalJson(JSON.stringify(value, null, 2))}\n`);
}

export function printError(text: string): void {
  process.stderr.write(`${renderStyled(text, process.stderr, terminalLines)}\n`);
}

/** An error under --json: one line of JSON on stderr, where errors go (stdout stays the answer). */
export function printErrorJson(value: unknown): void {
  process.stderr.write(`${terminalJson(JSON.stringify(value))}\n`);
}
