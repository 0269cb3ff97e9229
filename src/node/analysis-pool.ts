/**
 * explain and destinations on Node: ONE worker thread (./analysis-thread.ts, run by
 * ./worker-thread.ts) holds its own copy of the served data, loaded from the same source, so a
 * search of a second (destinations over every chain of mainnet) never stops the serving thread.
 * The thread answers for the data version a request was read with; while it holds another (a
 * reload just swapped) the analysis runs here, as before. At most `maxQueued` wait (the next gets
 * 503 `unavailable`); the search keeps its own budget (503 `over_budget`), and a job still running
 * a minute past it is stopped; a client that goes away stops its job.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FungibleError } from "../errors.js";
import type { RouterSource } from "../files/load-source.js";
import type { Analyze } from "../http/handler-options.js";
import { analyzeHere } from "../http/analyze-here.js";
import type { AssetRouter } from "../router/router.js";
import { ThreadJobs, type Refusal } from "./worker-thread.js";

/** The thread's file, built next to the package's entries (dist/analysis-thread.js). */
const WORKER_FILE = new URL("./analysis-thread.js", import.meta.url);
/** What a job may take besides its search: loading the data into the thread. */
const LOAD_ALLOWANCE_MS = 60_000;

export interface AnalysisInput {
  kind: "explain" | "destinations";
  request: unknown;
  budgetMs: number;
  source: RouterSource;
  dataVersion: string;
}
/** The answer, or the data version the thread holds when it is not the one asked for. */
export type AnalysisOutput = { answer: unknown } | { heldVersion: string };

export interface AnalysisPool {
  analyze: Analyze;
  /** Stops the thread and refuses what waits (the server is closing). */
  close(): Promise<void>;
}

/** The same analysis on this thread (the handler's own): the answer the worker thread gives for the same data. */
export { analyzeHere };

/**
 * The pool, or null where the thread cannot hold the served data by itself (no source, a
 * published dataset's URL: its pointer is followed by the server alone) or its file was not built
 * (the sources run under a test runner): the handler then analyses on its own thread.
 */
export function builtAnalysisPool(source: RouterSource | undefined, maxQueued: number, workerFile: URL = WORKER_FILE): AnalysisPool | null {
  const built = workerFile.protocol === "file:" && existsSync(fileURLToPath(workerFile));
  if (source === undefined || source.url !== undefined || !built) return null;
  const jobs = new ThreadJobs<AnalysisInput, AnalysisOutput>(workerFile, { maxQueued, budgetMs: 0, refusal });
  return {
    analyze: async (kind, router: AssetRouter, request, limits) => {
      const out = await jobs.run({ kind, request, budgetMs: limits.budgetMs, source, dataVersion: router.dataVersion }, limits.signal, limits.budgetMs + LOAD_ALLOWANCE_MS);
      return "answer" in out ? out.answer : analyzeHere(kind, router, request, limits);
    },
    close: () => jobs.close(),
  };
}

function refusal(why: Refusal, waiting: number): FungibleError {
  switch (why) {
    case "busy":
      return new FungibleError("unavailable", `${waiting} analyses (explain, destinations) are running or wait; retry after the time in Retry-After`);
    case "over_budget":
      return new FungibleError("over_budget", "the analysis was stopped: it ran far past its budget; retry later");
    case "gone":
      return new FungibleError("client_closed_request", "the client went away; the analysis was stopped");
    case "closed":
      return new FungibleError("unavailable", "the server is stopping; retry after the time in Retry-After");
  }
}
