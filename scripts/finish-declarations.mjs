#!/usr/bin/env node
// Finishes the declaration files tsup wrote (one set, dist/*.d.cts: tsup.config.ts), after tsup in
// `npm run build`:
// - each entry's ES module declaration (dist/<entry>.d.ts) is one line re-exporting its CommonJS
//   one: the types are the same, and an ES module may import a CommonJS declaration where the
//   reverse is an error (TS1479). Two full sets were half the declarations' weight in the tarball
//   and in every consumer's node_modules;
// - re-indented two spaces a level instead of the type checker's four: the same declarations and
//   comments, about 45 KB less (their zod schema types run many levels deep).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const declarations = readdirSync(dist).filter((file) => file.endsWith(".d.cts"));
for (const name of declarations) {
  const text = readFileSync(dist + name, "utf8");
  // Only whole levels at a line's start: a JSDoc line's own " * " after them is kept.
  writeFileSync(dist + name, text.replace(/^(?: {4})+/gm, (levels) => " ".repeat(levels.length / 2)));
}
// Every ES module declaration package.json's exports name, beside its CommonJS one (the datasets'
// are written by scripts/compile-datasets.mjs, later).
const { exports } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
for (const { import: esm, require: cjs } of Object.values(exports)) {
  if (typeof esm?.types !== "string" || typeof cjs?.types !== "string" || !cjs.types.startsWith("./dist/") || cjs.types.includes("/data/")) continue;
  const name = cjs.types.slice("./dist/".length);
  writeFileSync(dist + esm.types.slice("./dist/".length), `export * from "./${name.slice(0, -".d.cts".length)}.cjs";\n`);
}
