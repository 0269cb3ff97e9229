/**
 * Bundles worker.ts into one ES module for workerd, as `wrangler deploy --minify` would: the
 * package's code and the shipped mainnet dataset inline (loadRouter imports
 * `fungible-graph/data/mainnet.js`, which the bundle resolves like any module).
 *
 *   node examples/worker/build.mjs [OUT_FILE]     (default examples/worker/dist/worker.js)
 *
 * Also used by the runtime contract test (test/integration/runtimes) and `npm run bench` (scenario 9), which
 * pass `packageFrom`: a directory from which `fungible-graph` resolves to the build under test.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const WORKER_ENTRY = fileURLToPath(new URL("./worker.ts", import.meta.url));
/** The import conditions Cloudflare's bundler (wrangler) uses for Workers. */
export const WORKER_CONDITIONS = ["workerd", "worker", "browser"];
/**
 * Left out of the bundle: Graphviz (`@viz-js/viz`, 1.5 MB minified), which the explorer's
 * `format=svg` imports on demand. Workers refuse WebAssembly compiled at run time, so it could not
 * start there anyway. In its place a module that fails to load, as a missing optional dependency
 * does: the handler then answers format=svg with an error naming mermaid and dot. (Not a bare
 * external import: workerd refuses a Worker whose modules import what it cannot find.) The same
 * for `chain-registry`, the other optional peer: `refreshState`'s default endpoints read it, and a
 * Worker passes its own (`registryEndpoints`), so without it the default says how to install it.
 */
export const LEFT_OUT = /^(@viz-js\/viz|chain-registry\/.*)$/;
/**
 * @param {{ entry?: string, packageFrom?: string, minify?: boolean, external?: string[] }} [options]
 *   external: modules left as imports (e.g. to measure the bundle without the datasets).
 *   packageFrom: resolve `fungible-graph` and its subpaths (the package's own imports of its
 *   dataset too) from this directory instead of from the importing file.
 * @returns {Promise<{ code: Uint8Array, metafile: import("esbuild").Metafile, esbuildVersion: string }>}
 */
export async function bundleWorker({ entry = WORKER_ENTRY, packageFrom, minify = true, external = [] } = {}) {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: WORKER_CONDITIONS,
    mainFields: ["browser", "module", "main"],
    target: "es2022",
    minify,
    write: false,
    metafile: true,
    external,
    logLevel: "silent",
    plugins: [leaveOut(LEFT_OUT), ...(packageFrom === undefined ? [] : [resolvePackageFrom(packageFrom)])],
  });
  return { code: result.outputFiles[0].contents, metafile: result.metafile, esbuildVersion: esbuild.version };
}

/** @param {RegExp} filter @returns {import("esbuild").Plugin} */
function leaveOut(filter) {
  return {
    name: "leave-out",
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace: "left-out" }));
      build.onLoad({ filter: /.*/, namespace: "left-out" }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is left out of the Worker bundle (examples/worker/build.mjs)`)});`,
        loader: "js",
      }));
    },
  };
}

/** @param {string} directory @returns {import("esbuild").Plugin} */
function resolvePackageFrom(directory) {
  return {
    name: "fungible-graph-from",
    setup(build) {
      build.onResolve({ filter: /^fungible-graph(\/.*)?$/ }, async (args) => {
        if (args.pluginData === "redirected") return undefined; // our own build.resolve below
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: directory, pluginData: "redirected" });
        return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, external: found.external };
      });
    },
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? fileURLToPath(new URL("./dist/worker.js", import.meta.url)));
  const { code } = await bundleWorker();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, code);
  console.log(`wrote ${out} (${(code.length / 1024).toFixed(0)} KiB)`);
}
