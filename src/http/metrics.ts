/**
 * GET /metrics: the service's figures in the Prometheus text exposition format (version 0.0.4),
 * written here because the maintained clients are Node-only (prom-client imports node:cluster and
 * perf_hooks) and this handler runs on Deno, Bun and Workers too. One Hono middleware counts every
 * request by route (a path of the route table, else "other": bounded labels), method and status,
 * with a latency histogram; the answer store's kept-answer hits and misses, the reloads, the data
 * version and, where the runtime has them (`globalThis.process`), the process's CPU, memory and
 * start time are read at scrape time. Opt-in (`metrics: true`, `serve --metrics`): a public API
 * shows its operational figures only where its operator asks.
 */
import type { MiddlewareHandler } from "hono";
import type { AnswerStore } from "./answer-store.js";
import type { LiveRouter } from "./live-router.js";
import { PATHS_OF_TABLE } from "./routes.js";

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
/** Seconds; the answers of this service take from tens of microseconds (kept) to about a second (the costliest explain). */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

interface Series {
  route: string;
  method: string;
  status: string;
  count: number;
  sum: number;
  /** Per bucket of LATENCY_BUCKETS (not cumulative; summed when written). */
  buckets: number[];
}

/** What a scrape reads besides the requests: where the figures live. */
export interface MetricsSources {
  live: LiveRouter;
  store: AnswerStore;
  /** Answers the Node server replayed from its replay cache without the pipeline. */
  replayed: () => number;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]);

export class ServiceMetrics {
  readonly #series = new Map<string, Series>();

  /** Counts one answered request. `path` is the request's path, reduced to a route of the table. */
  observe(path: string, method: string, status: number, seconds: number): void {
    const route = PATHS_OF_TABLE.has(path) ? path : "other";
    const verb = METHODS.has(method) ? method : "other";
    const key = `${route} ${verb} ${status}`;
    let series = this.#series.get(key);
    if (series === undefined) {
      series = { route, method: verb, status: String(status), count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) };
      this.#series.set(key, series);
    }
    series.count++;
    series.sum += seconds;
    const bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) series.buckets[bucket]!++;
  }

  /** The middleware: first in the pipeline, so it times and counts every answer, errors and 404s included. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        this.observe(c.req.path, c.req.method, c.res.status, (performance.now() - started) / 1000);
      }
    };
  }

  /** The exposition text. */
  write(sources: MetricsSources): string {
    const out: string[] = [];
    const family = (name: string, type: string, help: string) => out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    const series = [...this.#series.values()].sort((a, b) => (a.route + a.method + a.status < b.route + b.method + b.status ? -1 : 1));

    family("fungible_graph_http_requests_total", "counter", "HTTP requests answered by the handler, by route of the route table, method and status.");
    for (const s of series) out.push(`fungible_graph_http_requests_total${labels(s)} ${s.count}`);
    family("fungible_graph_http_request_duration_seconds", "histogram", "Time from the request reaching the handler to its response, by route, method and status.");
    for (const s of series) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, i) => {
        cumulative += s.buckets[i]!;
        out.push(`fungible_graph_http_request_duration_seconds_bucket${labels(s, { le: String(bound) })} ${cumulative}`);
      });
      out.push(`fungible_graph_http_request_duration_seconds_bucket${labels(s, { le: "+Inf" })} ${s.count}`);
      out.push(`fungible_graph_http_request_duration_seconds_sum${labels(s)} ${s.sum}`);
      out.push(`fungible_graph_http_request_duration_seconds_count${labels(s)} ${s.count}`);
    }
    family("fungible_graph_kept_answers_total", "counter", "Lookups of kept GET answers: hit (served from the store), miss (computed), replayed (the Node server's replay cache, before the handler).");
    out.push(`fungible_graph_kept_answers_total{result="hit"} ${sources.store.hits}`);
    out.push(`fungible_graph_kept_answers_total{result="miss"} ${sources.store.misses}`);
    out.push(`fungible_graph_kept_answers_total{result="replayed"} ${sources.replayed()}`);
    family("fungible_graph_data_version_info", "gauge", "The data version served (1 for the one served now).");
    out.push(`fungible_graph_data_version_info{data_version="${escapeLabel(sources.live.current.dataVersion)}"} 1`);
    family("fungible_graph_reloads_total", "counter", "Reloads of the data that ended, since the process started: ok (swapped or unchanged) or refused.");
    const reloads = sources.live.reloads;
    out.push(`fungible_graph_reloads_total{result="ok"} ${reloads.ok}`, `fungible_graph_reloads_total{result="refused"} ${reloads.refused}`);
    out.push(...processFamilies());
    return `${out.join("\n")}\n`;
  }
}

/** The label set of a series, plus `extra`, escaped as the format says. */
function labels(s: Series, extra: Record<string, string> = {}): string {
  const all = { route: s.route, method: s.method, status: s.status, ...extra };
  return `{${Object.entries(all)
    .map(([name, value]) => `${name}="${escapeLabel(value)}"`)
    .join(",")}}`;
}

/** Backslash, double quote and line feed are escaped in label values. */
export function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

interface ProcessLike {
  cpuUsage?: () => { user: number; system: number };
  memoryUsage?: () => { rss: number; heapUsed: number; heapTotal: number };
  uptime?: () => number;
}

/**
 * The standard process families (prom-client's names), where the runtime has a Node-style
 * `process` (Node, Deno, Bun): read from the global, never imported, so Workers and browsers
 * simply have none.
 */
function processFamilies(): string[] {
  const runtime = (globalThis as { process?: ProcessLike }).process;
  const out: string[] = [];
  const one = (name: string, type: string, help: string, value: number) => {
    if (Number.isFinite(value)) out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`);
  };
  try {
    const cpu = runtime?.cpuUsage?.();
    if (cpu) one("process_cpu_seconds_total", "counter", "User and system CPU time of the process, in seconds.", (cpu.user + cpu.system) / 1e6);
    const memory = runtime?.memoryUsage?.();
    if (memory) {
      one("process_resident_memory_bytes", "gauge", "Resident memory of the process, in bytes.", memory.rss);
      one("process_heap_bytes", "gauge", "JavaScript heap in use, in bytes.", memory.heapUsed);
    }
    const uptime = runtime?.uptime?.();
    if (uptime !== undefined) one("process_start_time_seconds", "gauge", "When the process started, in seconds since the epoch.", Date.now() / 1000 - uptime);
  } catch {
    // A runtime whose process object refuses (a sandbox): no process figures, the rest stands.
  }
  return out;
}
