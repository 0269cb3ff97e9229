/**
 * Fresh-process measurement for scenario 13 (run with --expose-gc).
 *   refresh <input.json> <out.json> : the built package's refreshState over the registry of the
 *       shipped mainnet dataset, every chain pointed at the endpoint `input.urls[chain]`, at
 *       `input.concurrency` chains at once; the snapshot written to out.json (writeStateFile).
 *   fetch <input.json>              : the baseline: GET every URL of `input.requests` and parse its
 *       JSON, `input.concurrency` at a time, keeping nothing.
 * Prints one JSON line: { ms, heapPeakBytes, rssPeakBytes, ... }: ms of the work alone (the
 * package's import and the registry's load come before the clock starts); peaks are the highest
 * samples (every 10 ms, and at the end) above the process's own level just before the work; the
 * retained heap is heapUsed after a full GC once the work is done, what it keeps held, above the same.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { DIST } from "../lib/package.mjs";

const [mode, inputFile, outFile] = process.argv.slice(2);
const input = JSON.parse(readFileSync(inputFile, "utf8"));
const gc = globalThis.gc ?? (() => { throw new Error("run with --expose-gc"); });

let work;
/** What the work keeps (the refresh's snapshot), held while the retained heap is measured. */
let held;
const extra = {};
if (mode === "refresh") {
  const { loadRouter } = await import(pathToFileURL(`${DIST}index.js`).href);
  const { refreshState, writeStateFile } = await import(pathToFileURL(`${DIST}node.js`).href);
  const { registry } = await loadRouter();
  const endpoints = Object.fromEntries(Object.entries(input.urls).map(([chain, url]) => [chain, [url]]));
  work = async () => {
    const { snapshot, chains } = await refreshState({ registry, endpoints, registryEndpoints: {}, concurrency: input.concurrency });
    held = snapshot;
    const t = performance.now();
    await writeStateFile(outFile, snapshot);
    extra.writeMs = performance.now() - t;
    extra.chains = chains.length;
    extra.endsListed = chains.reduce((sum, chain) => sum + chain.ends, 0);
    extra.endsRead = chains.reduce((sum, chain) => sum + chain.read, 0);
    extra.chainErrors = chains.filter((chain) => chain.errors.length > 0).map((chain) => `${chain.chain_id}: ${chain.errors[0]}`);
  };
} else if (mode === "fetch") {
  work = async () => {
    let next = 0;
    const worker = async () => {
      while (next < input.requests.length) {
        const response = await fetch(input.requests[next++], { headers: { accept: "application/json" } });
        await response.json();
      }
    };
    await Promise.all(Array.from({ length: input.concurrency }, worker));
  };
} else {
  throw new Error(`unknown mode ${mode}`);
}

gc();
gc();
const start = process.memoryUsage();
let heapPeak = start.heapUsed;
let rssPeak = start.rss;
const sample = () => {
  const { heapUsed, rss } = process.memoryUsage();
  heapPeak = Math.max(heapPeak, heapUsed);
  rssPeak = Math.max(rssPeak, rss);
};
const sampler = setInterval(sample, 10);
const t0 = performance.now();
await work();
const ms = performance.now() - t0;
sample();
clearInterval(sampler);
gc();
gc();
const heapRetainedBytes = process.memoryUsage().heapUsed - start.heapUsed;
console.log(JSON.stringify({ ms, heapPeakBytes: heapPeak - start.heapUsed, rssPeakBytes: rssPeak - start.rss, rssStartBytes: start.rss, heapRetainedBytes, held: held === undefined ? 0 : 1, ...extra }));
