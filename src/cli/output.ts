/** Writing results: JSON for machines (`--json`), text for people. */

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function printJson(value: unknown): void {
  print(JSON.stringify(value, null, 2));
}

export function printError(text: string): void {
  process.stderr.write(`${text}\n`);
}
