/**
 * Scenario 2: assets_from_source with every native asset (trace "") of the registry as source,
 * default request. Per source, the median time of: the router's query; JSON.stringify of the
 * router's own answer (the floor of producing the answer at all); and a straightforward
 * per-request traversal of the router's graphology graph (bench/baseline-traversal.mjs).
 * Sources are visited in a seeded shuffled order under an overall time cap, so a capped run is a
 * random sample, and the row says how many were covered. The baseline's answers are compared
 * byte for byte with the router's.
 */
import { createTraversalBaseline } from "../baseline-traversal.mjs";
import { rng } from "../synthetic-registry.mjs";
import { measure, median, now, sum } from "../lib/timing.mjs";
import { costRow, speedupRow } from "../lib/report.mjs";
import { need } from "../lib/package.mjs";

/** The scenario's sources: every native asset, with their indexes in a seeded order (shared with scenario 13). */
export function nativeSources(router) {
  const natives = router.registry.assets.filter((a) => a.trace === "");
  const order = natives.map((_, i) => i);
  const random = rng(7);
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return { natives, order };
}

export async function scenarioFromSource({ router, quick }) {
  const { natives, order } = nativeSources(router);
  const capMs = quick ? 10_000 : 90_000;
  // graphologyOf (fungible-graph/graphology); a build from before that entry had router.graphology().
  const graph = typeof router.graphology === "function" ? await router.graphology() : (await need("graphologyOf"))(router);
  const baseline = createTraversalBaseline(graph);

  const query = [];
  const stringify = [];
  const traversal = [];
  const ratios = [];
  const mismatches = [];
  let answered = 0;
  let returned = 0;
  const start = now();
  for (const i of order) {
    if (now() - start > capMs) break;
    const asset = natives[i];
    const request = { source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id };
    const q = measure(() => router.assetsFromSource(request), { warmupRuns: 2, minRuns: 5, maxRuns: 100, budgetMs: quick ? 1 : 3 });
    const answer = q.result;
    const s = measure(() => JSON.stringify(answer), { warmupRuns: 2, minRuns: 5, maxRuns: 100, budgetMs: quick ? 1 : 3 });
    const b = measure(() => baseline(request), { warmupRuns: 1, minRuns: 3, maxRuns: 20, budgetMs: quick ? 3 : 10 });
    query.push(q.median);
    stringify.push(s.median);
    traversal.push(b.median);
    ratios.push(q.median / s.median);
    answered++;
    for (const group of Object.values(answer.dest_assets)) returned += group.assets.length;
    if (JSON.stringify(b.result) !== s.result) mismatches.push(`${asset.chain_id}:${asset.denom}`);
  }
  const coverage = `${answered} of ${natives.length} native sources${answered < natives.length ? ` (time cap ${capMs / 1000} s; seeded random sample)` : ""}, ${returned} assets returned in all`;
  const check = mismatches.length === 0 ? "baseline answers identical to the router's" : `baseline and router DIFFER for ${mismatches.length} sources, e.g. ${mismatches.slice(0, 3).join(", ")}`;
  return [
    costRow({
      scenario: "2 from_source, all natives",
      metric: "median query vs JSON.stringify(answer)",
      value: median(query),
      baseline: median(stringify),
      max: 1.0,
      note: `${coverage}; median of per-source ratios ${median(ratios).toFixed(2)}x`,
    }),
    speedupRow({
      scenario: "2 from_source, all natives",
      metric: "median query vs graphology traversal",
      value: median(query),
      baseline: median(traversal),
      min: 3,
      note: `${check}; summed over sources (weights big answers): ${(sum(traversal) / sum(query)).toFixed(1)}x; the traversal itself is ${(median(traversal) / median(stringify)).toFixed(1)}x the stringify floor`,
    }),
  ];
}
