/**
 * explain's work is one search (issue 23), timed: the costliest explain known against the
 * assets_from_source search it rests on, and answered over HTTP within the default budget. Both
 * are wall time, so an integration suite (PROCESS_SUITES): on a loaded machine it is the clock,
 * not the code, that varies.
 */
import { describe, expect, test } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { COSTLIEST, mainnetGraph } from "./graphs.js";

describe("explain on the library: bounded work", () => {
  test("the costliest explain costs about its one search (it cost one per route: ~32 s)", async () => {
    const router = await mainnetGraph();
    explain(router, COSTLIEST); // hop lists built once, as a served router has them
    const floorRequest = { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo", include_swaps: true, allow_multi_tx: true };
    // Best of three each, alternated: a shared machine only ever adds time.
    let explainMs = Infinity;
    let floorMs = Infinity;
    for (let i = 0; i < 3; i++) {
      let t = performance.now();
      const answer = explain(router, COSTLIEST);
      explainMs = Math.min(explainMs, performance.now() - t);
      expect(answer.routes.length).toBe(486);
      expect(answer.verdict.kind).toBe("reachable");
      t = performance.now();
      router.assetsFromSource(floorRequest);
      floorMs = Math.min(floorMs, performance.now() - t);
    }
    // One search and 486 routes built from its labels: a few times the search alone, never 486 of it.
    expect(explainMs, `explain ${explainMs} ms, its search ${floorMs} ms`).toBeLessThan(10 * floorMs + 50);
  });
});

describe("explain over HTTP: bounded", () => {
  // The default budget is wall time: on a loaded machine the clock, not the code, decides.
  test("within the default budget the same request answers, its verdict first", async () => {
    const handler = createFetchHandler(await mainnetGraph());
    const response = await handler(new Request("http://fungible.test/fungible-graph/v1/explain", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(COSTLIEST) }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('{"verdict":{"kind":"reachable"')).toBe(true);
  });
});
