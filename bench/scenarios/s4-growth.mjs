/**
 * Scenario 4: growth. Seeded synthetic registries at 1x, 10x and 100x the profiled mainnet
 * registry (bench/synthetic-registry.mjs), each scale built and queried in a fresh process.
 * Reports the log-log slope of build time against registry size and the spread of query time
 * per returned asset across scales. A scale whose build is projected (from the previous scale,
 * at slope 1.2) to exceed the budget is not run, and the row says so.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { registryProfile } from "../registry-profile.mjs";
import { runJsonChild } from "../lib/processes.mjs";
import { logLogSlope } from "../lib/timing.mjs";
import { figureRow, unavailableRow } from "../lib/report.mjs";

const CHILD = fileURLToPath(new URL("../children/growth-scale.mjs", import.meta.url));
const SEED = 20240607;

/** Registry size: every item the builder reads. */
const size = (r) => r.chains + r.assets + r.ibc_channels + r.bridge_links + r.swap_venues;

export async function scenarioGrowth({ registry, quick, scales = [1, 10, 100], budgetMs = 150_000 }) {
  const profile = registryProfile(registry);
  const dir = mkdtempSync(join(tmpdir(), "fg-bench-growth-"));
  const profileFile = join(dir, "profile.json");
  writeFileSync(profileFile, JSON.stringify(profile));
  const results = [];
  const skipped = [];
  try {
    for (const scale of scales) {
      const previous = results[results.length - 1];
      if (previous) {
        const projected = previous.buildMs * (scale / previous.scale) ** 1.2;
        if (projected > budgetMs) {
          skipped.push(`${scale}x not run: build projected at ${(projected / 1000).toFixed(0)} s from ${previous.scale}x (${(previous.buildMs / 1000).toFixed(1)} s), over the ${(budgetMs / 1000).toFixed(0)} s budget (--growth-budget SECONDS)`);
          continue;
        }
      }
      try {
        const r = await runJsonChild(CHILD, [profileFile, String(scale), String(SEED), String(quick ? 1 : budgetMs / 4), String(quick ? 100 : 300)], {
          nodeArgs: ["--expose-gc", "--max-old-space-size=20000"],
          timeoutMs: budgetMs * 3 + 120_000,
        });
        results.push(r);
      } catch (error) {
        skipped.push(`${scale}x failed: ${error.message.slice(0, 300)}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const perScale = results
    .map((r) => `${r.scale}x: ${r.chains} chains, ${r.assets} assets, ${r.ibc_channels} channels, ${r.bridge_links} links; build ${(r.buildMs / 1000).toFixed(2)} s (${r.buildRuns} runs), parse ${(r.parseMs / 1000).toFixed(2)} s, heap ${(r.heapBytes / 2 ** 20).toFixed(0)} MiB; ${r.returned} assets returned, ${(r.msPerAsset * 1000).toFixed(3)} µs/asset (first asking, route table computed: ${(r.firstMsPerAsset * 1000).toFixed(2)} µs/asset)`)
    .join("\n    ");
  const notes = [perScale, ...skipped].filter(Boolean).join("\n    ");
  if (results.length < 2) return [unavailableRow({ scenario: "4 growth", metric: "build slope", why: `fewer than two scales measured\n    ${notes}` })];
  const slope = logLogSlope(results.map(size), results.map((r) => r.buildMs));
  const perAsset = results.map((r) => r.msPerAsset);
  const spread = Math.max(...perAsset) / Math.min(...perAsset);
  const scalesRun = results.map((r) => `${r.scale}x`).join(", ");
  return [
    figureRow({ scenario: "4 growth", metric: `build time log-log slope (${scalesRun})`, value: slope, target: "<= 1.1", met: slope <= 1.1, note: notes }),
    {
      ...figureRow({ scenario: "4 growth", metric: `query time per returned asset, max/min (${scalesRun})`, value: spread, target: "<= 2x (flat)", met: spread <= 2 }),
      ratio: spread,
      value: Math.max(...perAsset),
      baseline: Math.min(...perAsset),
      unit: "ms",
    },
  ];
}
