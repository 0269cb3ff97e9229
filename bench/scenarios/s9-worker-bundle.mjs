/**
 * Scenario 9: the Worker example (examples/worker/worker.ts: `createFetchHandler` over
 * `loadRouter()`) bundled for workerd as `wrangler deploy --minify` would, by the example's own
 * builder (examples/worker/build.mjs), against the BUILT package. The shipped mainnet dataset is
 * part of the bundle (loadRouter imports it), so the figure is what a Worker uploads. Cloudflare
 * caps a Worker at 3 MiB gzipped (free plan); the goal here is 1 MiB.
 */
import { gzipSync } from "node:zlib";
import { bundleWorker } from "../../examples/worker/build.mjs";
import { DIST } from "../lib/package.mjs";
import { figureRow } from "../lib/report.mjs";

const SCENARIO = "9 worker bundle";
const GOAL_KIB = 1024;

export async function scenarioWorkerBundle() {
  // The package directory of the build under test: `fungible-graph` resolves there by its own name.
  const packageFrom = DIST.replace(/dist\/?$/, "");
  // A build error is the scenario failing (the harness prints it as FAILED), not a missing tool.
  const full = await bundleWorker({ packageFrom });
  const codeOnly = await bundleWorker({ packageFrom, external: ["fungible-graph/data/*"] });
  const gzipped = (code) => gzipSync(code, { level: 9 }).length;
  const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  const data = datasetBytes(full.metafile);
  return [
    figureRow({
      scenario: SCENARIO,
      metric: "examples/worker, minified + gzipped, mainnet dataset included",
      value: gzipped(full.code) / 1024,
      unit: "KiB",
      target: `<= ${GOAL_KIB} KiB`,
      met: gzipped(full.code) <= GOAL_KIB * 1024,
      note: `esbuild ${full.esbuildVersion}, one ES module for workerd, ${kib(full.code.length)} minified; the code alone (datasets left out) ${kib(gzipped(codeOnly.code))} gzipped; datasets in the bundle (minified bytes): ${data}; @viz-js/viz left out (Workers cannot compile its WebAssembly)`,
    }),
  ];
}

/** Minified bytes of each shipped dataset module in the bundle, from esbuild's metafile. */
function datasetBytes(metafile) {
  const [output] = Object.values(metafile.outputs);
  return Object.entries(output.inputs)
    .filter(([file]) => /\/data\/[^/]+\.json$/.test(file))
    .map(([file, { bytesInOutput }]) => `${file.replace(/.*\/data\//, "")} ${(bytesInOutput / 1024).toFixed(0)} KiB`)
    .join(", ");
}
