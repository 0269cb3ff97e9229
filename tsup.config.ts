import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { defineConfig } from "tsup";
import { transform, type Plugin } from "esbuild";
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
// The bundled dependencies' code, minified as it is read (their own builds are not all minified;
// graphology alone was 136 KB in each format); the package's own code keeps its statements and names. Licence
// comments are kept (esbuild's default). Not keepNames: its __name calls are side effects that
// stop the bundler from dropping what is not used. The CommonJS build keeps statements as
// written (no minifySyntax): tsup turns its split ES chunks into CommonJS with sucrase, which
// breaks on a class field after `super(...)` joined by a comma.
function minifiedDependencies(format: "esm" | "cjs"): Plugin {
  // Not minifyWhitespace here: it drops the dependencies' /* @__PURE__ */ annotations, by which the
  // build (and a user's bundler) leaves out what nothing uses (@noble/hashes' other variants); the
  // output's own minifyWhitespace removes the white space after that.
  const options = format === "esm" ? { minifySyntax: true, minifyIdentifiers: true } : { minifyWhitespace: true, minifyIdentifiers: true };
  return {
    name: "minified-dependencies",
    setup(build) {
      build.onLoad({ filter: /\/node_modules\/.*\.(?:c|m)?js$/ }, async (args) => {
        const { code } = await transform(await readFile(args.path, "utf8"), { loader: "js", target: "node20", ...options });
        return { contents: code, loader: "js", resolveDir: dirname(args.path) };
      });
    },
  };
}
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

/** Programs, not entries: the command (package bin) and the worker threads' files (new Worker(URL) needs a file next to the chunks). */
const PROGRAMS = { cli: "src/cli/main.ts", "reload-thread": "src/node/reload-thread.ts", "svg-thread": "src/node/svg-thread.ts", "analysis-thread": "src/node/analysis-thread.ts" };

const shared = {
  target: "node20",
  // The package's own code without its white space (statements and names as written, so a stack
  // trace still names our functions): the 1 MiB tarball and 10 MiB install budgets of issue 33.
  minifyWhitespace: true,
  external: SHIPPED_DATA,
  noExternal: BUNDLED,
};
// The explorer page's HTML, CSS and bundled browser script, embedded as text (scripts/page-embed.ts).
const plugins = (format: "esm" | "cjs") => [esbuildPageEmbed, runtimeNeutral, minifiedDependencies(format)];

export default defineConfig([
  {
    // ES modules: the entries and the programs in one build, so the command and the threads import
    // the entries' chunks rather than carrying their own copy of the library (1.1 MB when they were
    // built apart). The command's hashbang is the first line of src/cli/main.ts (esbuild keeps it).
    ...shared,
    entry: { ...ENTRIES, ...PROGRAMS },
    format: ["esm"],
    esbuildPlugins: plugins("esm"),
    clean: true,
  },
  {
    // CommonJS: the entries only. Shared chunks, so every entry sees one FungibleError class (instanceof works).
    ...shared,
    entry: ENTRIES,
    format: ["cjs"],
    esbuildPlugins: plugins("cjs"),
    splitting: true,
    // import.meta.url (the reload thread's file, chain-registry's version) has no CommonJS syntax,
    // and the syntax itself is an error in a .cjs file: there it is the file's own URL, computed on
    // first read (tsup's `shims` would also put a path/url import into the ESM chunks Workers load).
    esbuildOptions(options) {
      options.define = { ...options.define, "import.meta.url": "__fileUrl.url" };
      options.banner = { js: 'var __fileUrl = { get url() { return require("node:url").pathToFileURL(__filename).href; } };' };
    },
  },
  {
    // The declarations, once (.d.cts); scripts/finish-declarations.mjs then writes each entry's
    // .d.ts as a line that re-exports them.
    entry: ENTRIES,
    format: ["cjs"],
    dts: { only: true },
  },
]);
