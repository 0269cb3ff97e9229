/**
 * Measures the ibc/ decode table (src/model/ibc-decode.ts) on the shipped mainnet data: time and
 * heap to build the tables of the chains with the most transfer channels, per hop limit, and that
 * loading and a warm query do not build any. Run after `npm run build`:
 *   node --expose-gc scripts/measure-ibc-decode.mjs [maxHops ...]   (default: 1 2 3)
 */
import { build } from "esbuild";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadRouter } from "../dist/index.js";

const hopLimits = process.argv.slice(2).map(Number);
const dir = await mkdtemp(join(tmpdir(), "ibc-decode-"));
const out = join(dir, "ibc-decode.mjs");
await build({ entryPoints: ["src/model/ibc-decode.ts"], bundle: true, format: "esm", platform: "node", outfile: out, logLevel: "error" });
const { IbcDecoder } = await import(pathToFileURL(out).href);
await rm(dir, { recursive: true });

const heapMiB = () => (globalThis.gc?.(), process.memoryUsage().heapUsed / 2 ** 20);
const started = performance.now();
const router = await loadRouter();
const loadMs = performance.now() - started;
const { model } = router[Symbol.for("fungible-graph.router")].routeIndex;
const channels = router.registry.ibc_channels;
// The listed assets' records (index = asset index): the natives a decode table starts from.
const listed = Array.from({ length: router.registry.assets.length }, (_, index) => model.asset(index));
const ends = new Map();
for (const { chain_1: a, chain_2: b, status } of channels) {
  if (status !== "ACTIVE" || a.port_id !== "transfer" || b.port_id !== "transfer") continue;
  for (const id of [a.chain_id, b.chain_id]) ends.set(id, (ends.get(id) ?? 0) + 1);
}
const busiest = [...ends].sort((x, y) => y[1] - x[1]).slice(0, 3);
console.log(`loadRouter ${loadMs.toFixed(0)} ms; ${model.canonicalCount} assets; ${ends.size} chains with ACTIVE transfer channels`);
console.log(`busiest: ${busiest.map(([id, n]) => `${id} (${n})`).join(", ")}`);

for (const hops of hopLimits.length > 0 ? hopLimits : [1, 2, 3]) {
  for (const [chainId] of busiest) {
    const decoder = new IbcDecoder(channels, listed, hops);
    const before = heapMiB();
    const t = performance.now();
    const size = decoder.tableSize(chainId);
    const ms = performance.now() - t;
    console.log(`hops ${hops} ${chainId}: ${size} entries, ${ms.toFixed(0)} ms, +${(heapMiB() - before).toFixed(1)} MiB heap`);
  }
}

// The query floor: a warm assetsFromSource of a listed asset (it never asks the decoder).
const request = { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo" };
router.assetsFromSource(request);
const t = performance.now();
for (let i = 0; i < 200; i++) router.assetsFromSource(request);
console.log(`warm assetsFromSource(uosmo on osmosis-1): ${((performance.now() - t) / 200).toFixed(3)} ms`);
