/**
 * The query floor of two builds side by side, in one process on the same data:
 *
 *   node bench/compare-query-floor.mjs BEFORE_DIST AFTER_DIST
 *
 * (each a copy of `dist/` kept inside the repository, e.g. `scratch/before-dist`, so it resolves
 * zod). Loads the shipped mainnet dataset into a router of each build, then alternates between
 * them: the median time of `assetsFromSource` over a fixed sample of native sources (every k-th,
 * about 300) with the `JSON.stringify` of its answer (scenario 2's floor), and of
 * `assetsBetweenChains` on scenario 1's fixed pairs, default and all flags. Two rounds, the
 * order of the builds swapped in the second. For a change to a query's hot path (bench/README.md,
 * "Profile").
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { measure, median } from "./lib/timing.mjs";

const dirs = process.argv.slice(2);
if (dirs.length !== 2) {
  process.stderr.write("usage: node bench/compare-query-floor.mjs BEFORE_DIST AFTER_DIST\n");
  process.exit(2);
}
const dataset = (await import(pathToFileURL(resolve(dirs[1], "data/mainnet.js")).href)).default;
const builds = [];
for (const dir of dirs) {
  const lib = await import(pathToFileURL(resolve(dir, "index.js")).href);
  builds.push({ dir, router: await lib.loadRouter({ dataset }), from: [], stringify: [], between: [] });
}
const { router } = builds[1];
const natives = [];
for (const chainId of router.chainIds()) for (const asset of router.assetsOnChain(chainId)) if (asset.trace === "") natives.push([chainId, asset.denom]);
const step = Math.max(1, Math.floor(natives.length / 300));
const sources = natives.filter((_, i) => i % step === 0);
const PAIRS = [["osmosis-1", "cosmoshub-4"], ["cosmoshub-4", "osmosis-1"], ["noble-1", "osmosis-1"], ["neutron-1", "osmosis-1"]];
const ALL_FLAGS = { include_no_metadata_assets: true, include_cw20_assets: true, include_evm_assets: true, allow_multi_tx: true };
const fast = { minRuns: 20, maxRuns: 2000, budgetMs: 40 };

for (let round = 0; round < 2; round++) {
  const order = round === 0 ? builds : [...builds].reverse();
  for (const [chainId, denom] of sources) {
    const request = { source_asset_denom: denom, source_asset_chain_id: chainId };
    for (const build of order) {
      const timed = measure(() => build.router.assetsFromSource(request), fast);
      build.from.push(timed.median);
      build.stringify.push(measure(() => JSON.stringify(timed.result), fast).median);
    }
  }
  for (const [source, dest] of PAIRS) {
    for (const flags of [{}, ALL_FLAGS]) {
      const request = { source_chain_id: source, dest_chain_id: dest, ...flags };
      for (const build of order) build.between.push(measure(() => build.router.assetsBetweenChains(request), { minRuns: 20, maxRuns: 5000, budgetMs: 200 }).median);
    }
  }
}
const us = (ms) => `${(ms * 1000).toFixed(2)} µs`;
for (const build of builds) {
  const ratio = median(build.from.map((value, i) => value / build.stringify[i]));
  process.stdout.write(
    `${build.dir}: assetsFromSource median ${us(median(build.from))} over ${sources.length} sources x2 ` +
      `(JSON.stringify of the answer ${us(median(build.stringify))}, median ratio ${ratio.toFixed(2)}x); ` +
      `assetsBetweenChains ${build.between.map(us).join(", ")}\n`,
  );
}
