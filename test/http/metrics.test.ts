/**
 * GET /metrics (opt-in): absent by default; when on, the requests sent are counted by route of
 * the table, method and status, with a histogram whose +Inf bucket and count equal them; kept
 * answers are hits the second time; reloads and the data version are reported. The format itself
 * is checked by an independent parser in test/integration/runtimes/metrics-format.test.ts.
 */
import { describe, expect, test } from "vitest";
import { createFetchHandler } from "../../src/http/handler.js";
import { LiveRouter } from "../../src/http/live-router.js";
import { buildOpenApiDocument } from "../../src/http/openapi.js";
import { PATHS, ROUTES } from "../../src/http/routes.js";
import { escapeLabel, ServiceMetrics } from "../../src/http/metrics.js";
import { readFileSync } from "node:fs";
import { buildRouter, isFungibleError, parseRegistry } from "../../src/index.js";
import { FIXTURE_PATH, fixtureGraph } from "./fixture.js";

const get = (fetch: (r: Request) => Promise<Response>, path: string, init: RequestInit = {}) => fetch(new Request(`http://x${path}`, init));
const ATOM = "/v2/fungible/assets_from_source?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4";

/** The value of the one sample named exactly `sample` (name and labels as written). */
function value(text: string, sample: string): number {
  const lines = text.split("\n").filter((line) => line.startsWith(`${sample} `));
  expect(lines, sample).toHaveLength(1);
  return Number(lines[0]!.slice(sample.length + 1));
}

describe("GET /metrics", () => {
  test("is off by default: 404, like any unknown path", async () => {
    const response = await get(createFetchHandler(fixtureGraph()), "/metrics");
    expect(response.status).toBe(404);
  });

  test("is in the route table but not in the OpenAPI document", () => {
    expect(ROUTES.some((route) => route.path === PATHS.metrics && route.method === "GET")).toBe(true);
    expect(Object.keys(buildOpenApiDocument().paths as object)).not.toContain("/metrics");
  });

  test("a non-boolean option is invalid_config", () => {
    let error: unknown;
    try {
      createFetchHandler(fixtureGraph(), { metrics: "yes" as unknown as boolean });
    } catch (e) {
      error = e;
    }
    expect(isFungibleError(error) && error.code).toBe("invalid_config");
  });

  test("counts each request by route, method and status, times it, and counts kept answers", async () => {
    const live = new LiveRouter(fixtureGraph());
    const fetch = createFetchHandler(live, { metrics: true });
    for (let i = 0; i < 3; i++) expect((await get(fetch, ATOM)).status).toBe(200);
    expect((await get(fetch, "/nowhere/at/all")).status).toBe(404);
    expect((await get(fetch, PATHS.assetsBetweenChains, { method: "PUT" })).status).toBe(405);
    live.recordReload({ ok: true });
    live.recordReload({ ok: false, error: "broken" });
    live.recordReload({ ok: false, error: "broken again" });

    const response = await get(fetch, "/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const route = (path: string, method: string, status: number) => `{route="${path}",method="${method}",status="${status}"}`;
    expect(value(text, `fungible_graph_http_requests_total${route(PATHS.assetsFromSource, "GET", 200)}`)).toBe(3);
    expect(value(text, `fungible_graph_http_requests_total${route("other", "GET", 404)}`)).toBe(1);
    expect(value(text, `fungible_graph_http_requests_total${route(PATHS.assetsBetweenChains, "PUT", 405)}`)).toBe(1);
    const histogram = (suffix: string, le?: string) =>
      `fungible_graph_http_request_duration_seconds_${suffix}{route="${PATHS.assetsFromSource}",method="GET",status="200"${le ? `,le="${le}"` : ""}}`;
    expect(value(text, histogram("count"))).toBe(3);
    expect(value(text, histogram("bucket", "+Inf"))).toBe(3);
    expect(value(text, histogram("sum"))).toBeGreaterThan(0);
    // One computed answer, then two kept ones.
    expect(value(text, `fungible_graph_kept_answers_total{result="miss"}`)).toBe(1);
    expect(value(text, `fungible_graph_kept_answers_total{result="hit"}`)).toBe(2);
    expect(value(text, `fungible_graph_data_version_info{data_version="${live.current.dataVersion}"}`)).toBe(1);
    expect(value(text, `fungible_graph_reloads_total{result="ok"}`)).toBe(1);
    expect(value(text, `fungible_graph_reloads_total{result="refused"}`)).toBe(2);
    // Node has a process: its standard families are there.
    expect(value(text, "process_resident_memory_bytes")).toBeGreaterThan(1e6);
    expect(value(text, "process_cpu_seconds_total")).toBeGreaterThan(0);
    // A scrape counts itself only in the next one.
    const next = await (await get(fetch, "/metrics")).text();
    expect(value(next, `fungible_graph_http_requests_total${route(PATHS.metrics, "GET", 200)}`)).toBe(1);
  });

  test("a ServiceMetrics counts for one handler only", () => {
    const metrics = new ServiceMetrics();
    createFetchHandler(fixtureGraph(), { metrics });
    expect(() => createFetchHandler(fixtureGraph(), { metrics })).toThrow(/one per handler/);
  });

  test("label values are escaped as the format says", () => {
    expect(escapeLabel('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
  });
});
