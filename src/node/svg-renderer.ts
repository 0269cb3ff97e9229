/**
 * `format=svg` on Node: Graphviz draws in ONE worker thread (./svg-thread.ts, run by
 * ./worker-thread.ts), one DOT at a time, so a picture of seconds (the reach picture with swaps is
 * ~4 CPU-s) never stops the serving thread; at most `maxQueued` wait (the next gets 503
 * `unavailable` with Retry-After); one past `budgetMs` is stopped and answered 503 `over_budget`;
 * a client that goes away takes its picture out of the queue, or stops it if it is being drawn.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FungibleError } from "../errors.js";
import type { SvgRenderer } from "../http/handler-options.js";
import { ThreadJobs, type Refusal } from "./worker-thread.js";

/** The thread's file, built next to the package's entries (dist/svg-thread.js), as the reload thread's. */
const WORKER_FILE = new URL("./svg-thread.js", import.meta.url);

export interface SvgLimits {
  /** Renders waiting behind the one running; the next is refused (503 with Retry-After). */
  maxQueued: number;
  /** Wall time one render may take, waiting excluded; past it 503 `over_budget`. */
  budgetMs: number;
}

export interface SvgPool {
  render: SvgRenderer;
  /** Renders running or waiting (for tests and metrics). */
  readonly pending: number;
  /** Stops the thread and refuses what waits (the server is closing). */
  close(): Promise<void>;
}

/**
 * The pool, or null where the thread's file was not built (the sources run as they are, under a
 * test runner): the handler then draws on its own thread, as in every other runtime.
 */
export function builtSvgPool(limits: SvgLimits): SvgPool | null {
  return WORKER_FILE.protocol === "file:" && existsSync(fileURLToPath(WORKER_FILE)) ? svgPool(limits) : null;
}

/** The pool; `workerFile` is the built thread (tests of the sources name dist/svg-thread.js). */
export function svgPool(limits: SvgLimits, workerFile: URL = WORKER_FILE): SvgPool {
  const jobs = new ThreadJobs<string, string>(workerFile, { ...limits, refusal: (why, waiting) => refusal(why, waiting, limits.budgetMs) });
  return {
    render: (dot, signal) => jobs.run(dot, signal),
    get pending() {
      return jobs.pending;
    },
    close: () => jobs.close(),
  };
}

function refusal(why: Refusal, waiting: number, budgetMs: number): FungibleError {
  switch (why) {
    case "busy":
      return new FungibleError("unavailable", `format=svg: ${waiting} pictures are being drawn or wait; retry after the time in Retry-After, or ask for mermaid or dot`);
    case "over_budget":
      return new FungibleError("over_budget", `format=svg: the picture needs more than its budget of ${budgetMs} ms to draw; retry later, or ask for mermaid or dot`);
    case "gone":
      return new FungibleError("client_closed_request", "format=svg: the client went away; the drawing was stopped");
    case "closed":
      return new FungibleError("unavailable", "format=svg: the server is stopping; retry after the time in Retry-After");
  }
}
