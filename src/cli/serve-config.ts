/**
 * What `serve` was asked to do, parsed and checked ONCE (in the cluster primary before it forks,
 * so a usage error exits 2 with one message), shared by the single process and the cluster.
 */
import { readFileSync } from "node:fs";
import { defaultWorkerCount } from "../node/worker-count.js";
import { SERVER_DEFAULTS } from "../node/server-options.js";
import { UsageError } from "./cli-error.js";
import { parseInteger } from "./command.js";
import { sourceFiles, type RouterSource } from "../files/load-source.js";
import { sourceOfFlags, type RouterFlags } from "./load-router.js";
import type { ConformanceCorpus } from "../export/conformance.js";

/** The graph flags as given (`--registry`, `--dataset`, `--chain-registry`...). */
export type SourceValues = Record<string, string | boolean | undefined>;

export interface ServeConfig {
  port: number;
  host: string;
  /** The graph flags, checked, as the Node server's source (loaded at start and on every reload). */
  source: RouterSource;
  workers: number;
  /** Why this many workers (the default's figures), or null when --workers said so. */
  workersWhy: string | null;
  quiet: boolean;
  accessLog: boolean;
  watch: boolean;
  /** With a url source: how often the pointer is fetched (ms); null: only on SIGHUP. */
  pollMs: number | null;
  bodyLimit: number | undefined;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  drainTimeoutMs: number;
  /** Bytes of answer JSON kept per process (undefined: the handler's default, 32 MiB). */
  answerCacheBytes: number | undefined;
  /** Bytes of gzip/brotli answers kept per process (undefined: the handler's default, 32 MiB). */
  compressedCacheBytes: number | undefined;
  /** --check-conformance: the corpus to pass before listening (undefined: no check). */
  conformance: ConformanceCorpus | undefined;
  /** --metrics: answer GET /metrics. */
  metrics: boolean;
  /** --live-endpoints FILE, read after the parse: the chains' REST for balances, submit, track and status. */
  liveEndpoints: Record<string, string[]> | undefined;
}

export const DEFAULT_PORT = 8080;

export interface ServeFlags {
  port?: string | undefined;
  host?: string | undefined;
  workers?: string | undefined;
  "body-limit"?: string | undefined;
  quiet?: boolean | undefined;
  "access-log"?: boolean | undefined;
  watch?: boolean | undefined;
  poll?: string | undefined;
  "header-timeout"?: string | undefined;
  "request-timeout"?: string | undefined;
  "keep-alive-timeout"?: string | undefined;
  "max-connections"?: string | undefined;
  "drain-timeout"?: string | undefined;
  "answer-cache-bytes"?: string | undefined;
  "compressed-cache-bytes"?: string | undefined;
  "check-conformance"?: string | undefined;
  metrics?: boolean | undefined;
  "live-endpoints"?: string | undefined;
}

/** Largest cache size a flag accepts (16 GiB): more is a typo, not a plan. */
export const MAX_CACHE_BYTES = 2 ** 34;

export function parseServeConfig(command: string, flags: ServeFlags, values: SourceValues, env: NodeJS.ProcessEnv = process.env): ServeConfig {
  // Checked here, once: a flag conflict is a usage error (exit 2) before any load or fork.
  const source = sourceOfFlags(command, values as RouterFlags);
  const portText = flags.port ?? env.PORT;
  const seconds = (flag: keyof ServeFlags, fallbackMs: number, min: number) => {
    const text = flags[flag];
    if (text === undefined) return fallbackMs;
    const value = /^\d+(\.\d+)?$/.test(String(text)) ? Number(text) : Number.NaN;
    if (!(value >= min) || value > 3600) throw new UsageError(`${command}: --${flag} must be a number of seconds from ${min} to 3600, got "${text}"`, command);
    return Math.round(value * 1000);
  };
  const headersTimeoutMs = seconds("header-timeout", SERVER_DEFAULTS.headersTimeoutMs, 0.1);
  const requestTimeoutMs = seconds("request-timeout", SERVER_DEFAULTS.requestTimeoutMs, 0.1);
  // node:http refuses a header timeout above the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new UsageError(`${command}: --header-timeout (${headersTimeoutMs / 1000} s) must not exceed --request-timeout (${requestTimeoutMs / 1000} s)`, command);
  }
  const watch = flags.watch ?? false;
  if (watch && sourceFiles(source).length === 0) {
    throw new UsageError(`${command}: --watch needs a file to watch (--registry, --dataset, --overrides or --state); the embedded registry only changes with the package`, command);
  }
  if (flags.poll !== undefined && source.url === undefined) throw new UsageError(`${command}: --poll follows a published dataset's pointer; give --dataset-url URL --public-key KEY`, command);
  const pollMs = flags.poll === undefined ? null : seconds("poll", 0, 1);
  const workers = parseWorkers(command, flags.workers);
  return {
    port: portText === undefined || portText === "" ? DEFAULT_PORT : parseInteger(command, flags.port ? "--port" : "PORT", portText, 0, 65535),
    host: flags.host ?? "127.0.0.1",
    source,
    workers: workers.count,
    workersWhy: workers.why,
    quiet: flags.quiet ?? false,
    accessLog: flags["access-log"] ?? false,
    watch,
    pollMs,
    bodyLimit: flags["body-limit"] === undefined ? undefined : parseInteger(command, "--body-limit", flags["body-limit"], 1, 2 ** 30),
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: seconds("keep-alive-timeout", SERVER_DEFAULTS.keepAliveTimeoutMs, 0),
    maxConnections:
      flags["max-connections"] === undefined ? defaultMaxConnections() : parseInteger(command, "--max-connections", flags["max-connections"], 1, 10_000_000),
    drainTimeoutMs: seconds("drain-timeout", SERVER_DEFAULTS.drainTimeoutMs, 0),
    answerCacheBytes: cacheBytes(command, "answer-cache-bytes", flags["answer-cache-bytes"]),
    compressedCacheBytes: cacheBytes(command, "compressed-cache-bytes", flags["compressed-cache-bytes"]),
    metrics: flags.metrics ?? false,
    // Read by `serve` after this parse (serve-conformance.ts, loaded only then): zod's corpus schema
    // stays out of every other command's heap.
    conformance: undefined,
    liveEndpoints: undefined,
  };
}

/** A cache size in bytes, 0 (keep nothing) to MAX_CACHE_BYTES; undefined when the flag is absent. */
function cacheBytes(command: string, flag: "answer-cache-bytes" | "compressed-cache-bytes", text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseInteger(command, `--${flag}`, text, 0, MAX_CACHE_BYTES);
}

function parseWorkers(command: string, text: string | undefined): { count: number; why: string | null } {
  if (text !== undefined && text !== "auto" && text !== "0") return { count: parseInteger(command, "--workers", text, 0, 1024), why: null };
  const { count, why } = defaultWorkerCount();
  return { count, why };
}

/** 10,000, or fewer when the open-file limit is lower: leave room for the files a reload reads. */
function defaultMaxConnections(limitsFile = "/proc/self/limits"): number {
  let soft = Number.POSITIVE_INFINITY;
  try {
    const line = readFileSync(limitsFile, "utf8").split("\n").find((l) => l.startsWith("Max open files"));
    const value = line ? Number(line.slice("Max open files".length).trim().split(/\s+/)[0]) : Number.NaN;
    if (Number.isFinite(value)) soft = value;
  } catch {
    // Not Linux: keep the plain default.
  }
  return Math.max(1, Math.min(SERVER_DEFAULTS.maxConnections, soft - 64));
}
