/**
 * One scale of the growth scenario, in its own process (fresh heap; run with --expose-gc).
 * Usage: node growth-scale.mjs <profile.json> <scale> <seed> <buildBudgetMs> <querySources>
 * Prints one JSON line: sizes, generate/parse/build times (build: median of the runs that fit the
 * budget), and query time per returned asset over a seeded sample of native sources (each source
 * asked once first, which computes its route table: reported apart as firstMsPerAsset).
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { DIST } from "../lib/package.mjs";
import { syntheticRegistry, rng } from "../synthetic-registry.mjs";
import { collect, measure, median, now } from "../lib/timing.mjs";

const [profileFile, scaleArg, seedArg, budgetArg, sourcesArg] = process.argv.slice(2);
const scale = Number(scaleArg);
const seed = Number(seedArg);
const buildBudgetMs = Number(budgetArg);
const querySources = Number(sourcesArg);
const { buildRouter, parseRegistry } = await import(pathToFileURL(`${DIST}index.js`).href);

const profile = JSON.parse(readFileSync(profileFile, "utf8"));
let t = now();
const { registry: input, stats } = syntheticRegistry(profile, { scale, seed });
const generateMs = now() - t;
t = now();
const registry = parseRegistry(input);
const parseMs = now() - t;

const builds = [];
let router;
const buildStart = now();
for (let i = 0; i < 5 && (i === 0 || now() - buildStart + builds[builds.length - 1] < buildBudgetMs); i++) {
  router = undefined;
  collect();
  t = now();
  router = buildRouter(registry);
  builds.push(now() - t);
}
collect();
const heapBytes = process.memoryUsage().heapUsed;

// The same selection rule at every scale: natives (trace "") sampled with a fixed seed.
const natives = registry.assets.filter((a) => a.trace === "");
const pick = rng(seed ^ 0x5eed);
const sample = [];
for (let i = 0; i < Math.min(querySources, natives.length); i++) sample.push(natives[Math.floor(pick() * natives.length)]);
// Route tables are computed by the first query of each source: ask every sampled source once
// (timed, reported apart), then collect, so the figure is the query itself on a settled heap, not
// the promotion and major GCs of the tables just computed (at 100x, a 900 MiB old generation).
let firstMs = 0;
let firstReturned = 0;
for (const asset of sample) {
  t = now();
  const answer = router.assetsFromSource({ source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id });
  firstMs += now() - t;
  for (const group of Object.values(answer.dest_assets)) firstReturned += group.assets.length;
}
collect();
let queryMs = 0;
let returned = 0;
const queryStart = now();
for (const asset of sample) {
  const request = { source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id };
  const m = measure(() => router.assetsFromSource(request), { warmupRuns: 2, minRuns: 5, maxRuns: 50, budgetMs: 5 });
  queryMs += m.median;
  for (const group of Object.values(m.result.dest_assets)) returned += group.assets.length;
  if (now() - queryStart > 30_000) break;
}

console.log(
  JSON.stringify({
    ...stats,
    generateMs,
    parseMs,
    buildMs: median(builds),
    buildRuns: builds.length,
    heapBytes,
    queryMs,
    returned,
    msPerAsset: returned > 0 ? queryMs / returned : null,
    firstMsPerAsset: firstReturned > 0 ? firstMs / firstReturned : null,
  }),
);
