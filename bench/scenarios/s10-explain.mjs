/**
 * Scenario 10: the costliest explain known (issue 23), uosmo on osmosis-1 to osmosis-1 with swaps
 * and several transactions allowed: 486 routes. Its floor is the one search it needs: the same
 * source's assets_from_source with the same swaps (one best-route search, no routes built). Rows:
 * explain against that floor, and explain's time against the HTTP budget (docs/http.md, 2 s).
 * Run alone: node --expose-gc bench/run.mjs --only 10
 */
import { costRow, figureRow } from "../lib/report.mjs";
import { datasetText, need } from "../lib/package.mjs";
import { collect, measure } from "../lib/timing.mjs";

const SOURCE = { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo" };
const FLAGS = { include_swaps: true, allow_multi_tx: true, include_evm_assets: true, include_no_metadata_assets: true };
const BUDGET_MS = 2_000;

export async function scenarioExplain({ quick }) {
  const loadRouter = await need("loadRouter");
  const explain = await need("explain");
  const router = await loadRouter({ dataset: await datasetText("mainnet") });
  const request = { ...SOURCE, dest_chain_id: "osmosis-1", ...FLAGS };
  const floorRequest = { ...SOURCE, include_swaps: true, allow_multi_tx: true };
  collect();
  const e = measure(() => explain(router, request), { warmupRuns: 1, minRuns: 3, maxRuns: 20, budgetMs: quick ? 500 : 5_000 });
  const f = measure(() => router.assetsFromSource(floorRequest), { warmupRuns: 1, minRuns: 3, maxRuns: 20, budgetMs: quick ? 500 : 5_000 });
  const routes = e.result.routes.length;
  const bytes = JSON.stringify(e.result).length;
  const note = `${routes} routes, ${(bytes / 1e6).toFixed(2)} MB of JSON; one search (it was one per route: ~32 s)`;
  return [
    costRow({ scenario: "10 explain, costliest", metric: "median explain vs assets_from_source of the same source (its one search)", value: e.median, baseline: f.median, max: 4, note }),
    figureRow({ scenario: "10 explain, costliest", metric: "median explain", value: e.median, unit: "ms", target: `< ${BUDGET_MS / 2} ms (half the HTTP budget)`, met: e.median < BUDGET_MS / 2, note }),
  ];
}
