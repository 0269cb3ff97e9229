/** Writing results: JSON for machines (`--json`), text for people. */

// A reader that stops early (`fungible-graph chains | head`) closes the pipe: that ends the
// output, it is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function printJson(value: unknown): void {
  print(JSON.stringify(value, null, 2));
}

export function printError(text: string): void {
  process.stderr.write(`${text}\n`);
}
