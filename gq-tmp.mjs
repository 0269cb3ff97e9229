import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { syntheticRegistry, rng } from "./bench/synthetic-registry.mjs";
import { measure, collect } from "./bench/lib/timing.mjs";
const { buildRouter, parseRegistry } = await import("./dist/index.js");
const profile = JSON.parse(readFileSync("/tmp/profile.json", "utf8"));
const scale = Number(process.argv[2] ?? 1);
const { registry: input } = syntheticRegistry(profile, { scale, seed: 20240607 });
const registry = parseRegistry(input);
let router;
for (let i = 0; i < (scale === 1 ? 5 : 2); i++) router = buildRouter(registry);
const natives = registry.assets.filter((a) => a.trace === "");
const pick = rng(20240607 ^ 0x5eed);
const sample = [];
for (let i = 0; i < 300; i++) sample.push(natives[Math.floor(pick() * natives.length)]);
for (const a of sample) router.assetsFromSource({ source_asset_denom: a.denom, source_asset_chain_id: a.chain_id });
collect();
const session = new Session(); session.connect();
if (process.env.P) { await session.post("Profiler.enable"); await session.post("Profiler.start"); }
const best = []; let n = 0;
for (let pass = 0; pass < 6; pass++) {
  n = 0;
  for (const [i, a] of sample.entries()) {
    const req = { source_asset_denom: a.denom, source_asset_chain_id: a.chain_id };
    const m = measure(() => router.assetsFromSource(req), { warmupRuns: 2, minRuns: 5, maxRuns: 50, budgetMs: 5 });
    for (const g of Object.values(m.result.dest_assets)) n += g.assets.length;
    best[i] = Math.min(best[i] ?? Infinity, m.median);
  }
}
if (process.env.P) { const { profile } = await session.post("Profiler.stop"); writeFileSync(process.env.P, JSON.stringify(profile)); }
console.log(scale, (best.reduce((x, y) => x + y, 0) / n * 1000).toFixed(3));
