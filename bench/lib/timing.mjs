/**
 * A small, honest timing helper: warm up, then time single calls (or calibrated batches of calls
 * when one call is too short for the clock), stop at a run count or a time budget, whichever
 * comes first, and report the median. Every loop here is bounded in count and in time.
 */
import { performance } from "node:perf_hooks";

export const now = () => performance.now();

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function sum(values) {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** Least-squares slope of log(y) against log(x). */
export function logLogSlope(xs, ys) {
  const lx = xs.map(Math.log);
  const ly = ys.map(Math.log);
  const mx = sum(lx) / lx.length;
  const my = sum(ly) / ly.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < lx.length; i++) {
    num += (lx[i] - mx) * (ly[i] - my);
    den += (lx[i] - mx) ** 2;
  }
  return num / den;
}

/** A clock sample shorter than this is batched, so clock resolution and call overhead stay < 1%. */
const MIN_SAMPLE_MS = 0.05;

/**
 * Median time of one call of `fn`, in milliseconds.
 * Options: warmupRuns (default 3), minRuns (5), maxRuns (200), budgetMs (250): sampling stops at
 * maxRuns samples or once budgetMs has passed and minRuns samples exist. A sample is a batch of
 * `batch` calls (calibrated after warm-up so a sample lasts >= MIN_SAMPLE_MS), divided by `batch`.
 */
export function measure(fn, options = {}) {
  const { warmupRuns = 3, minRuns = 5, maxRuns = 200, budgetMs = 250, maxBatch = 1000 } = options;
  let last;
  let first = Number.NaN;
  for (let i = 0; i < warmupRuns; i++) {
    const t0 = now();
    last = fn();
    if (i === 0) first = now() - t0;
  }
  const t0 = now();
  last = fn();
  const single = now() - t0;
  let batch = 1;
  if (single < MIN_SAMPLE_MS) batch = Math.min(maxBatch, Math.ceil(MIN_SAMPLE_MS / Math.max(single, 0.0005)));
  const samples = [];
  const start = now();
  while (samples.length < maxRuns && (samples.length < minRuns || now() - start < budgetMs)) {
    const s = now();
    for (let i = 0; i < batch; i++) last = fn();
    samples.push((now() - s) / batch);
  }
  return { median: median(samples), runs: samples.length, batch, first, result: last };
}

/** Forces a full collection when node runs with --expose-gc (between scenarios, never mid-sample). */
export function collect() {
  if (typeof globalThis.gc === "function") {
    globalThis.gc();
    globalThis.gc();
  }
}

/**
 * Rounds of every alternated throughput comparison (A, B, A, B, ...), the best run of each side
 * counting: on a shared 2-core box other work comes in bursts of seconds and only ever takes
 * throughput away, so the best of several alternated runs is the steadiest estimate of each side.
 */
export const ALTERNATED_ROUNDS = 3;
