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
import * as z from "zod/mini";
import { PATHS_OF_TABLE } from "./routes.js";

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
/** Seconds; the answers of this service take from tens of microseconds (kept) to about a second (the costliest explain). */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** One label set's figures: requests counted and timed. */
export interface MetricsSeries {
  route: string;
  method: string;
  status: string;
  count: number;
  sum: number;
  /** Per bucket of LATENCY_BUCKETS (not cumulative; summed when written). */
  buckets: number[];
}

/** What a scrape reads besides the requests: where the figures live (the handler attaches its own). */
export interface MetricsSources {
  /** The graph served and the reloads seen (a LiveRouter). */
  live: { readonly current: { readonly dataVersion: string }; readonly reloads: { ok: number; refused: number } };
  /** The kept answers' look-ups. */
  store: { readonly hits: number; readonly misses: number };
  /** Answers the Node server replayed from its replay cache without the pipeline. */
  replayed: () => number;
}

/** This process's figures at one moment, as plain JSON. */
export interface MetricsSnapshot {
  series: MetricsSeries[];
  kept: { hit: number; miss: number; replayed: number };
  data_version: string;
  reloads: { ok: number; refused: number };
  /** Requests the server refused before the handler, by reason (the Node server's load shedding and pipelining limit). */
  refused: Record<string, number>;
  /** Where the runtime has a Node-style `process`; null on Workers. */
  process: { cpu_seconds?: number; resident_bytes?: number; heap_bytes?: number; start_time_seconds?: number } | null;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]);

/** ServiceMetrics' brand: one made by another copy of the library (CommonJS beside ESM) is recognised too. */
const SERVICE_METRICS_BRAND = Symbol.for("fungible-graph.service-metrics");

/**
 * The figures of one fetch handler in one process (`createFetchHandler(graph, { metrics })`:
 * `true` makes one; pass your own to read its `snapshot()`). Several processes are several
 * scrape targets: Prometheus adds them up (docs/operations.md), not this code.
 */
export class ServiceMetrics {
  readonly [SERVICE_METRICS_BRAND] = true;
  readonly #series = new Map<string, MetricsSeries>();
  readonly #refused = new Map<string, number>();
  #sources: MetricsSources | null = null;

  /** The handler's own figures (its store, its graph): called once, by the handler that counts into this. */
  attach(sources: MetricsSources): void {
    if (this.#sources !== null) throw new Error("ServiceMetrics: already counting for a handler; make one per handler");
    this.#sources = sources;
  }

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

  /** Counts one request refused before the handler (the Node server's 503s), by reason. */
  refuse(reason: string): void {
    this.#refused.set(reason, (this.#refused.get(reason) ?? 0) + 1);
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

  /** This process's figures now (copies: later requests do not change them). */
  snapshot(): MetricsSnapshot {
    const sources = this.#sources;
    if (sources === null) throw new Error("ServiceMetrics: not attached to a handler");
    return {
      series: [...this.#series.values()].map((series) => ({ ...series, buckets: [...series.buckets] })),
      kept: { hit: sources.store.hits, miss: sources.store.misses, replayed: sources.replayed() },
      data_version: sources.live.current.dataVersion,
      reloads: sources.live.reloads,
      refused: Object.fromEntries(this.#refused),
      process: processFigures(),
    };
  }

  /** The exposition text of this process's figures. */
  exposition(): string {
    return writeMetrics(this.snapshot());
  }
}

/** A ServiceMetrics of any copy of the library (by its brand); false (not a TypeError) for a revoked Proxy. */
export function isServiceMetrics(value: unknown): value is ServiceMetrics {
  try {
    return typeof value === "object" && value !== null && (value as { [SERVICE_METRICS_BRAND]?: unknown })[SERVICE_METRICS_BRAND] === true;
  } catch {
    return false;
  }
}

/** The `metrics` option of the handler and of startServer: on or off, or the caller's own ServiceMetrics. */
export const MetricsOptionSchema = z.union([z.boolean(), z.custom<ServiceMetrics>(isServiceMetrics)], { error: "metrics must be a boolean or a ServiceMetrics" });

/** The exposition text of one process's snapshot. */
function writeMetrics(snapshot: MetricsSnapshot): string {
  const out: string[] = [];
  const family = (name: string, type: string, help: string) => out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  const series = [...snapshot.series].sort((a, b) => (a.route + a.method + a.status < b.route + b.method + b.status ? -1 : 1));

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
  for (const result of ["hit", "miss", "replayed"] as const) out.push(`fungible_graph_kept_answers_total{result="${result}"} ${snapshot.kept[result]}`);
  family("fungible_graph_data_version_info", "gauge", "The data version this process serves (value 1).");
  out.push(`fungible_graph_data_version_info{data_version="${escapeLabel(snapshot.data_version)}"} 1`);
  family("fungible_graph_reloads_total", "counter", "Reloads of the data that ended, since the process started: ok (swapped or unchanged) or refused.");
  out.push(`fungible_graph_reloads_total{result="ok"} ${snapshot.reloads.ok}`, `fungible_graph_reloads_total{result="refused"} ${snapshot.reloads.refused}`);
  family("fungible_graph_refused_total", "counter", "Requests refused before the handler, by reason: event_loop_delay (503 while the event loop is behind), pipelined (503 past the pipelining limit), and the refusals of malformed or too slow requests.");
  for (const [reason, n] of Object.entries(snapshot.refused).sort()) out.push(`fungible_graph_refused_total{reason="${escapeLabel(reason)}"} ${n}`);
  out.push(...processFamilies(snapshot.process));
  return `${out.join("\n")}\n`;
}

/** The label set of a series, plus `extra`, escaped as the format says. */
function labels(s: MetricsSeries, extra: Record<string, string> = {}): string {
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

/** The process's own figures, where the runtime has a Node-style `process` (Node, Deno, Bun): read from the global, never imported. */
function processFigures(): MetricsSnapshot["process"] {
  const runtime = (globalThis as { process?: ProcessLike }).process;
  if (runtime === undefined) return null;
  const figures: NonNullable<MetricsSnapshot["process"]> = {};
  try {
    const cpu = runtime.cpuUsage?.();
    if (cpu) figures.cpu_seconds = (cpu.user + cpu.system) / 1e6;
    const memory = runtime.memoryUsage?.();
    if (memory) {
      figures.resident_bytes = memory.rss;
      figures.heap_bytes = memory.heapUsed;
    }
    const uptime = runtime.uptime?.();
    if (uptime !== undefined) figures.start_time_seconds = Date.now() / 1000 - uptime;
  } catch {
    // A runtime whose process object refuses (a sandbox): no process figures, the rest stands.
  }
  return figures;
}

/** The standard process families (prom-client's names); none on Workers. */
function processFamilies(figures: MetricsSnapshot["process"]): string[] {
  const out: string[] = [];
  const one = (name: string, type: string, help: string, value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value)) out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`);
  };
  one("process_cpu_seconds_total", "counter", "User and system CPU time of the process, in seconds.", figures?.cpu_seconds);
  one("process_resident_memory_bytes", "gauge", "Resident memory of the process, in bytes.", figures?.resident_bytes);
  one("process_heap_bytes", "gauge", "JavaScript heap in use, in bytes.", figures?.heap_bytes);
  one("process_start_time_seconds", "gauge", "When the process started, in seconds since the epoch.", figures?.start_time_seconds);
  return out;
}
