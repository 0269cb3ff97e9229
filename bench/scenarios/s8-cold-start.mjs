/**
 * Scenario 8: what a serverless function, a CLI run or a browser tab pays before its first answer.
 * - Cold start: a fresh process imports the built package, gets the default graph
 *   (`loadRouter()`, the shipped mainnet dataset) and answers one assets_from_source, against
 *   a fresh process that only imports `chain-registry/mainnet`; median of alternating runs, and
 *   heap held after a full GC of both.
 * - Browser core: the root entry (`loadRouter` and every query) bundled for the browser with
 *   esbuild, minified, gzipped, without the data; and the gzipped mainnet dataset.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { datasetText, ROOT } from "../lib/package.mjs";
import { runJsonChild } from "../lib/processes.mjs";
import { costRow, figureRow, unavailableRow } from "../lib/report.mjs";
import { median } from "../lib/timing.mjs";

const CHILD = fileURLToPath(new URL("../children/load-and-measure.mjs", import.meta.url));
const SCENARIO = "8 cold start";
const BASELINE_MODULE = "chain-registry/mainnet/index.js";
/**
 * What a browser app imports: the loader and the queries (the entry's other exports tree-shake
 * away). `explain` is called too: it loads on demand, so a bundler puts it (with graphology) in a
 * chunk of its own that the page fetches only when it asks why.
 */
const BROWSER_ENTRY = `import { loadRouter } from "./src/index.ts";
const router = await loadRouter({ dataset: await (await fetch("/mainnet.json")).text() });
console.log(
  router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }),
  router.assetsBetweenChains({ source_chain_id: "osmosis-1", dest_chain_id: "cosmoshub-4" }),
  router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: "uosmo" }),
);
document.querySelector("button").onclick = async () =>
  console.log(await router.explain({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" }));`;

export async function scenarioColdStart({ quick }) {
  const runs = quick ? 3 : 9;
  const raw = [];
  const dataset = [];
  for (let i = 0; i < runs; i++) {
    raw.push(await runJsonChild(CHILD, ["raw", BASELINE_MODULE], { nodeArgs: ["--expose-gc"], timeoutMs: 60_000 }));
    dataset.push(await runJsonChild(CHILD, ["dataset"], { nodeArgs: ["--expose-gc"], timeoutMs: 60_000 }));
  }
  const med = (list, key) => median(list.map((r) => r[key]));
  const breakdown = `import ${med(dataset, "importMs").toFixed(0)} ms + loadRouter ${med(dataset, "loadMs").toFixed(0)} ms + first query ${med(dataset, "queryMs").toFixed(1)} ms`;
  return [
    costRow({
      scenario: SCENARIO,
      metric: "import + default router + one answer",
      value: med(dataset, "ms"),
      baseline: med(raw, "ms"),
      max: 1.0,
      note: `median of ${runs} alternating fresh processes; ${breakdown}; baseline = import(${BASELINE_MODULE})`,
    }),
    costRow({
      scenario: SCENARIO,
      metric: "heap held after GC",
      value: med(dataset, "heapBytes"),
      baseline: med(raw, "heapBytes"),
      unit: "bytes",
      max: 2,
      note: "the router (route tables of the one source searched so far) against the imported chain-registry/mainnet module",
    }),
    ...(await browserRows()),
  ];
}

export async function browserRows() {
  let esbuild;
  try {
    esbuild = await import("esbuild");
  } catch (error) {
    return [unavailableRow({ scenario: "8 browser core", why: `esbuild: ${error.message}` })];
  }
  // Split as any browser bundler splits dynamic imports: the core is the entry chunk and every
  // chunk it imports statically; what loads on demand (explain, graphology) is reported apart.
  const result = await esbuild.build({
    stdin: { contents: BROWSER_ENTRY, resolveDir: ROOT, loader: "ts", sourcefile: "entry.ts" },
    bundle: true,
    splitting: true,
    absWorkingDir: ROOT,
    outdir: join(ROOT, "bench-bundle"), // never written (write: false): names the chunks
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    external: ["fungible-graph/data/*"],
    logLevel: "silent",
  });
  const { core, lazy } = splitByLoading(result.metafile);
  const gzipOf = (paths) => paths.reduce((sum, path) => sum + gzipSync(outputBytes(result, path), { level: 9 }).length, 0);
  const minifiedOf = (paths) => paths.reduce((sum, path) => sum + outputBytes(result, path).length, 0);
  const gzipped = gzipOf(core);
  const heaviest = Object.entries(byPackage(result.metafile, core))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)} KiB`)
    .join(", ");
  const data = Buffer.from(await datasetText());
  return [
    figureRow({
      scenario: "8 browser core",
      metric: "root entry, minified + gzipped, no data",
      value: gzipped / 1024,
      unit: "KiB",
      target: "<= 50 KiB",
      met: gzipped <= 50 * 1024,
      note: `esbuild ${esbuild.version}, browser ESM split like any bundler; loadRouter + assetsFromSource + assetsBetweenChains + route: ${core.length} chunk(s), ${(minifiedOf(core) / 1024).toFixed(0)} KiB minified; largest inputs (minified bytes): ${heaviest}; loaded on demand by explain (graphology, shortest paths): ${(gzipOf(lazy) / 1024).toFixed(1)} KiB gzipped more`,
    }),
    figureRow({
      scenario: "8 browser core",
      metric: "mainnet dataset, gzipped",
      value: gzipSync(data, { level: 9 }).length / 1024,
      unit: "KiB",
      target: "-",
      met: null,
      note: `dist/data/mainnet.js (its text): ${(data.length / 1024).toFixed(0)} KiB raw`,
    }),
  ];
}

/**
 * The output chunks the entry loads before running (its static imports, transitively), and those
 * it can load later (dynamic imports from them). esbuild also emits chunks for dynamic imports in
 * code tree-shaken away (loadChainRegistry's); nothing reaches those, so neither list has them.
 */
function splitByLoading(metafile) {
  const outputs = metafile.outputs;
  const closure = (starts, kinds) => {
    const seen = new Set();
    const visit = (path) => {
      if (seen.has(path) || outputs[path] === undefined) return;
      seen.add(path);
      for (const { path: imported, kind } of outputs[path].imports) if (kinds.includes(kind)) visit(imported);
    };
    starts.forEach(visit);
    return seen;
  };
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint !== undefined);
  const core = closure([entry], ["import-statement"]);
  const reachable = closure([entry], ["import-statement", "dynamic-import"]);
  return { core: [...core], lazy: [...reachable].filter((path) => !core.has(path)) };
}

function outputBytes(result, path) {
  const file = result.outputFiles.find((output) => output.path === join(ROOT, path));
  if (file === undefined) throw new Error(`esbuild output ${path} not found`);
  return file.contents;
}

/** Output bytes per npm package (or src/ folder) in the given chunks, from esbuild's metafile. */
function byPackage(metafile, paths) {
  const totals = {};
  for (const path of paths) {
    for (const [file, { bytesInOutput }] of Object.entries(metafile.outputs[path].inputs)) {
      const name = file.replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+).*/, "$1").replace(/^src\/([^/]+).*/, "src/$1");
      totals[name] = (totals[name] ?? 0) + bytesInOutput;
    }
  }
  return totals;
}
