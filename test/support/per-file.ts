/**
 * Values a test file builds once and may change while it runs (a router grows as it decodes
 * denoms): one per test file. The fast suite's files share a module graph per worker
 * (vitest.config.ts), so a module-level cache would hand one file's router, grown by it, to the
 * next; test/support/per-file-setup.ts forgets them all before each file.
 */
const forgetters: (() => void)[] = [];

/** `make()` once per test file, on first use. */
export function perFile<T>(make: () => T): () => T {
  let kept: { value: T } | undefined;
  forgetters.push(() => (kept = undefined));
  return () => (kept ??= { value: make() }).value;
}

export function forgetPerFileValues(): void {
  for (const forget of forgetters) forget();
}
