import { createRequire } from "node:module";
import { defineConfig } from "tsup";
import type { Plugin } from "esbuild";
import { esbuildPageEmbed } from "./scripts/page-embed.js";

// The shipped datasets are written after tsup (scripts/compile-datasets.mjs) and loaded by the
// package's own name at run time: never bundled into the core or the CLI.
const SHIPPED_DATA = [/^fungible-graph\/data\//];
// A dependency is declared or bundled, never both. Declared (external): what crosses the public
// API, so it must be the caller's own copy: zod (fungible-graph/schemas), and graphology-types (the
// type graphologyOf() returns; types only). Bundled (tree-shaken, devDependencies): what stays
// inside, a few kilobytes each in dist/ against megabytes each in a consumer's node_modules; the
// graphology view is a plain graphology Graph, bundled into the graphology and explain chunks.
const BUNDLED = ["hono", "@hono/node-server", "@noble/hashes", "@noble/ed25519", "lru-cache", "graphology", "graphology-shortest-path", "@scure/base", "@bufbuild/protobuf", "p-limit", "p-retry"];
// lru-cache's Node build imports diagnostics_channel, which Workers and browsers lack; its browser
// build is the same cache without the tracing hook (the package exports it only under the
// "browser" condition, so it is named by file).
// Likewise graphology's EventEmitter comes from the npm package `events` (its dependency), which
// esbuild would otherwise take for Node's built-in and leave as an import that Workers lack.
const runtimeNeutral: Plugin = {
  name: "runtime-neutral",
  setup(build) {
    const require = createRequire(import.meta.url);
    const nodeBuild = require.resolve("lru-cache");
    const root = nodeBuild.slice(0, nodeBuild.lastIndexOf("/dist/"));
    build.onResolve({ filter: /^lru-cache$/ }, () => ({ path: `${root}/dist/esm/browser/index.min.js` }));
    const events = createRequire(require.resolve("graphology")).resolve("events/");
    build.onResolve({ filter: /^events$/ }, () => ({ path: events }));
  },
};
// No source maps: the sources are not shipped, and the maps were nearly half the tarball.

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
  msgs: "src/entries/msgs.ts",
};

export default defineConfig([
  {
    entry: ENTRIES,
    format: ["esm", "cjs"],
    // Shared chunks in CJS too, so every entry sees one FungibleError class (instanceof works).
    splitting: true,
    // import.meta.url (the reload thread's file, chain-registry's version) has no CommonJS syntax,
    // and the syntax itself is an error in a .cjs file: there it is the file's own URL, computed on
    // first read (tsup's `shims` would also put a path/url import into the ESM chunks Workers load).
    esbuildOptions(options, context) {
      if (context.format !== "cjs") return;
      options.define = { ...options.define, "import.meta.url": "__fileUrl.url" };
      options.banner = { js: 'var __fileUrl = { get url() { return require("node:url").pathToFileURL(__filename).href; } };' };
    },
    dts: true,
    clean: true,
    target: "node20",
    external: SHIPPED_DATA,
    noExternal: BUNDLED,
    // The explorer page's HTML, CSS and bundled browser script, embedded as text (scripts/page-embed.ts).
    esbuildPlugins: [esbuildPageEmbed, runtimeNeutral],
  },
  {
    // The reload and SVG worker threads are files of their own next to cli.js and the entries (new Worker(URL) needs a file).
    entry: { cli: "src/cli/main.ts", "reload-thread": "src/node/reload-thread.ts", "svg-thread": "src/node/svg-thread.ts" },
    format: ["esm"],
    banner: { js: "#!/usr/bin/env node" },
    target: "node20",
    external: SHIPPED_DATA,
    noExternal: BUNDLED,
    // The explorer page's HTML, CSS and bundled browser script, embedded as text (scripts/page-embed.ts).
    esbuildPlugins: [esbuildPageEmbed, runtimeNeutral],
  },
]);
