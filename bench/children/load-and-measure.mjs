/**
 * Fresh-process measurement for scenario 3 (run with --expose-gc).
 *   raw <module...>  : import() the chain-registry data modules, exactly as the router's loader does.
 *   build            : import the built package, loadChainRegistry(), buildRouter().
 *   dataset          : import the built package, loadRouter() (the shipped mainnet dataset),
 *                      then answer one assets_from_source (uatom on cosmoshub-4): a cold start.
 * Prints one JSON line: { ms, heapBytes } where ms covers import + load (+ build) and heapBytes is
 * heapUsed after a full GC while the result is held, minus heapUsed after a full GC at start.
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { DIST } from "../lib/package.mjs";

const [mode, ...modules] = process.argv.slice(2);
const gc = globalThis.gc ?? (() => { throw new Error("run with --expose-gc"); });

gc();
gc();
const heap0 = process.memoryUsage().heapUsed;
const t0 = performance.now();
let held;
const phases = {};
if (mode === "raw") {
  held = await Promise.all(modules.map((m) => import(m)));
} else if (mode === "build") {
  const index = await import(pathToFileURL(`${DIST}index.js`).href);
  let api = index;
  // loadChainRegistry lives in the chain-registry entry (node.js in older builds).
  for (const entry of ["chain-registry.js", "node.js"]) {
    if (typeof api.loadChainRegistry !== "function") api = { ...api, ...(await import(pathToFileURL(`${DIST}${entry}`).href).catch(() => ({}))) };
  }
  const t1 = performance.now();
  const registry = await api.loadChainRegistry();
  const t2 = performance.now();
  held = api.buildRouter(registry);
  phases.importMs = t1 - t0;
  phases.loadMs = t2 - t1;
  phases.buildMs = performance.now() - t2;
} else if (mode === "dataset") {
  const api = await import(pathToFileURL(`${DIST}index.js`).href);
  const t1 = performance.now();
  const router = await api.loadRouter();
  const t2 = performance.now();
  const answer = router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
  if (Object.keys(answer.dest_assets).length === 0) throw new Error("uatom reaches no chain: not the mainnet dataset");
  held = router;
  phases.importMs = t1 - t0;
  phases.loadMs = t2 - t1;
  phases.queryMs = performance.now() - t2;
} else {
  throw new Error(`unknown mode ${mode}`);
}
const ms = performance.now() - t0;
gc();
gc();
const heapBytes = process.memoryUsage().heapUsed - heap0;
globalThis.__held = held;
console.log(JSON.stringify({ ms, heapBytes, ...phases }));
