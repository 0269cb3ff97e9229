/**
 * explain's work is bounded (issue 23): one search whatever it returns, stopped when its client has
 * gone away or its budget is spent; over HTTP a request over budget is a 503 with Retry-After and
 * the service keeps answering. The costliest explain known: OSMO to Osmosis with swaps and several
 * transactions allowed (486 routes: graphs.ts). bounds-timing.test.ts times it against its one
 * search: an integration suite, as it asserts on wall time.
 */
import { describe, expect, test } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { failure } from "../support/failure.js";
import { COSTLIEST, mainnetGraph } from "./graphs.js";

describe("explain on the library: bounded work", () => {
  test("a budget too small stops the search with over_budget (503)", async () => {
    const router = await mainnetGraph();
    const error = failure(() => explain(router, COSTLIEST, { budgetMs: 1 }));
    expect([error.code, error.status, error.grpcCode]).toEqual(["over_budget", 503, 8]);
    expect(error.message).toMatch(/^explain: the request needs more than its budget of 1 ms/);
  });

  test("a client already gone: no work, client_closed_request", async () => {
    const router = await mainnetGraph();
    const controller = new AbortController();
    controller.abort();
    const error = failure(() => explain(router, COSTLIEST, { signal: controller.signal }));
    expect([error.code, error.status]).toEqual(["client_closed_request", 499]);
  });

  test("limits that are not limits are refused as arguments", async () => {
    const router = await mainnetGraph();
    for (const limits of [{ budgetMs: -1 }, { budgetMs: Number.NaN }, { signal: "soon" }, "fast"]) {
      expect(failure(() => explain(router, COSTLIEST, limits as never)).code, JSON.stringify(limits)).toBe("invalid_request");
    }
  });
});

describe("explain over HTTP: bounded", () => {
  test("over budget: 503 over_budget with Retry-After, and /health still answers", async () => {
    const handler = createFetchHandler(await mainnetGraph(), { explainBudgetMs: 1 });
    const response = await handler(new Request("http://fungible.test/fungible-graph/v1/explain", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(COSTLIEST) }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(((await response.json()) as { code: number }).code).toBe(8);
    expect((await handler(new Request("http://fungible.test/health"))).status).toBe(200);
  });

  test("a client that has gone away costs no search: 499, and onAbort hears of it", async () => {
    const aborts: string[] = [];
    const handler = createFetchHandler(await mainnetGraph(), { onAbort: (error) => aborts.push(error.code) });
    const controller = new AbortController();
    controller.abort();
    const query = new URLSearchParams({ source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo", dest_chain_id: "osmosis-1", include_swaps: "true", allow_multi_tx: "true" });
    const response = await handler(new Request(`http://fungible.test/fungible-graph/v1/explain?${query}`, { signal: controller.signal }));
    expect(response.status).toBe(499);
    expect(aborts).toEqual(["client_closed_request"]);
  });
});
