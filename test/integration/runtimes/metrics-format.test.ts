/**
 * GET /metrics read by an independent parser of the Prometheus text format
 * (parse-prometheus-text-format, ported from the Prometheus Python client's parser): every family
 * has its HELP and TYPE, the counters equal the requests sent, each histogram's buckets are
 * cumulative and end in +Inf = count, and the data version, kept answers and reloads read back.
 */
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { describe, expect, test } from "vitest";
import { createFetchHandler } from "../../../src/http/handler.js";
import { LiveRouter } from "../../../src/http/live-router.js";
import { fixtureGraph } from "../../http/fixture.js";

interface Family {
  name: string;
  help: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[];
}

describe("GET /metrics through an independent parser", () => {
  test("parses, with the figures of the requests sent", async () => {
    const live = new LiveRouter(fixtureGraph());
    const fetch = createFetchHandler(live, { metrics: true });
    const send = (path: string, init: RequestInit = {}) => fetch(new Request(`http://x${path}`, init)).then((r) => r.arrayBuffer());
    const paths = [
      "/v2/fungible/assets_from_source?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4",
      "/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1",
      "/fungible-graph/v1/chains",
      "/health",
      "/no/such/path",
    ];
    for (let round = 0; round < 4; round++) for (const path of paths) await send(path);
    await send("/v2/fungible/assets_from_source", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    live.recordReload({ ok: false, error: "refused" });

    const text = await (await fetch(new Request("http://x/metrics"))).text();
    const families = parsePrometheusTextFormat(text) as Family[];
    const byName = new Map(families.map((family) => [family.name, family]));
    for (const family of families) {
      expect(family.help, family.name).not.toBe("");
      expect(["COUNTER", "GAUGE", "HISTOGRAM"], family.name).toContain(family.type);
    }
    const requests = byName.get("fungible_graph_http_requests_total")!;
    const count = (route: string, method: string, status: string) =>
      Number(requests.metrics.find((m) => m.labels?.route === route && m.labels.method === method && m.labels.status === status)?.value);
    expect(count("/v2/fungible/assets_from_source", "GET", "200")).toBe(4);
    expect(count("/health", "GET", "200")).toBe(4);
    expect(count("other", "GET", "404")).toBe(4);
    expect(count("/v2/fungible/assets_from_source", "POST", "400")).toBe(1);
    expect(requests.metrics.reduce((sum, m) => sum + Number(m.value), 0)).toBe(4 * paths.length + 1);

    // The parser merges the buckets of labelled histogram series into one (its flattenMetrics keeps
    // only unlabelled ones whole): each series is handed to it alone, its labels but le taken off.
    expect(byName.get("fungible_graph_http_request_duration_seconds")!.type).toBe("HISTOGRAM");
    const name = "fungible_graph_http_request_duration_seconds";
    for (const m of requests.metrics) {
      const labels = `route="${m.labels!.route}",method="${m.labels!.method}",status="${m.labels!.status}"`;
      const lines = text
        .split("\n")
        .filter((line) => line.startsWith(`${name}_`) && line.includes(`{${labels}`))
        .map((line) => line.replace(`{${labels},`, "{").replace(`{${labels}}`, ""));
      const [alone] = parsePrometheusTextFormat(`# HELP ${name} x\n# TYPE ${name} histogram\n${lines.join("\n")}\n`) as Family[];
      const series = alone!.metrics[0]!;
      const bounds = Object.keys(series.buckets!).sort((a, b) => (a === "+Inf" ? 1 : b === "+Inf" ? -1 : Number(a) - Number(b)));
      const counts = bounds.map((bound) => Number(series.buckets![bound]));
      expect(counts, labels).toEqual([...counts].sort((a, b) => a - b)); // cumulative
      expect(bounds.at(-1)).toBe("+Inf");
      expect(counts.at(-1), labels).toBe(Number(series.count));
      expect(Number(series.count), labels).toBe(Number(m.value)); // as many as the counter says
      expect(Number(series.sum)).toBeGreaterThanOrEqual(0);
    }
    const kept = byName.get("fungible_graph_kept_answers_total")!.metrics;
    const kind = (result: string) => Number(kept.find((m) => m.labels?.result === result)?.value);
    // Three GET routes that keep answers, each computed once and then kept three times.
    expect(kind("miss")).toBe(3);
    expect(kind("hit")).toBe(9);
    expect(byName.get("fungible_graph_data_version_info")!.metrics).toEqual([{ value: "1", labels: { data_version: live.current.dataVersion } }]);
    expect(byName.get("fungible_graph_reloads_total")!.metrics).toEqual([
      { value: "0", labels: { result: "ok" } },
      { value: "1", labels: { result: "refused" } },
    ]);
    expect(Number(byName.get("process_resident_memory_bytes")!.metrics[0]!.value)).toBeGreaterThan(1e6);
  });
});
