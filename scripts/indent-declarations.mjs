#!/usr/bin/env node
// Re-indents the declaration files tsup wrote (dist/*.d.ts, *.d.cts) two spaces a level instead of
// the type checker's four: the same declarations and comments, about 90 KB less in every consumer's
// node_modules (their zod schema types run many levels deep). Runs after tsup in `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
for (const name of readdirSync(dist).filter((file) => /\.d\.c?ts$/.test(file))) {
  const text = readFileSync(dist + name, "utf8");
  // Only whole levels at a line's start: a JSDoc line's own " * " after them is kept.
  writeFileSync(dist + name, text.replace(/^(?: {4})+/gm, (levels) => " ".repeat(levels.length / 2)));
}
