import { defineConfig } from "tsup";

// The shipped datasets are written after tsup (scripts/compile-datasets.mjs) and loaded by the
// package's own name at run time: never bundled into the core or the CLI.
const SHIPPED_DATA = [/^fungible-graph\/data\//];
// Bundled (tree-shaken) dependencies: Node then loads a few files instead of each package's tens of
// modules, every one resolved, read and linked on each cold start: zod (a hundred modules and forty
// locales, about 90 ms), hono (the fetch handler the root entry exports: ~30 modules) and
// @noble/hashes. Types still come from the packages.
const BUNDLED = ["zod", "hono", "@noble/hashes"];

/** Every public entry: the subpath it is published as (package.json "exports") -> its source. */
const ENTRIES = {
  index: "src/index.ts",
  schemas: "src/entries/schemas.ts",
  explain: "src/entries/explain.ts",
  render: "src/entries/render.ts",
  svg: "src/entries/svg.ts",
  graphology: "src/entries/graphology.ts",
  "chain-registry": "src/entries/chain-registry.ts",
  http: "src/entries/http.ts",
  node: "src/entries/node.ts",
};

export default defineConfig([
  {
    entry: ENTRIES,
    format: ["esm", "cjs"],
    // Shared chunks in CJS too, so every entry sees one FungibleError class (instanceof works).
    splitting: true,
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    external: SHIPPED_DATA,
    noExternal: BUNDLED,
  },
  {
    // The reload worker thread is its own file next to cli.js (new Worker(URL) needs a file).
    entry: { cli: "src/cli/main.ts", "serve-worker-thread": "src/cli/serve-worker-thread.ts" },
    format: ["esm"],
    banner: { js: "#!/usr/bin/env node" },
    sourcemap: true,
    target: "node20",
    external: SHIPPED_DATA,
    noExternal: BUNDLED,
  },
]);
