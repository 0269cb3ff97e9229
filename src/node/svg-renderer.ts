/**
 * `format=svg` on Node, bounded as nginx bounds an upstream: Graphviz renders in ONE worker thread
 * (./svg-thread.ts), one DOT at a time, so a picture of seconds (the reach picture with swaps is
 * ~4 CPU-s) never stops the serving thread; at most `maxQueued` renders wait behind it (the next
 * gets 503 `unavailable` with Retry-After); a render past `budgetMs` is stopped (the thread is
 * terminated and started afresh on the next render) and answered 503 `over_budget`; a client that
 * goes away takes its render out of the queue, or stops it if it is running.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { FungibleError, type FungibleErrorCode } from "../errors.js";
import type { SvgRenderer } from "../http/handler-options.js";
import type { SvgJob, SvgOutcome } from "./svg-thread.js";

/** The thread's file, built next to the package's entries (dist/svg-thread.js), as the reload thread's. */
const WORKER_FILE = new URL("./svg-thread.js", import.meta.url);

export interface SvgLimits {
  /** Renders waiting behind the one running; the next is refused (503 with Retry-After). */
  maxQueued: number;
  /** Wall time one render may take, waiting excluded; past it 503 `over_budget`. */
  budgetMs: number;
}

interface Job {
  id: number;
  dot: string;
  signal: AbortSignal;
  resolve: (svg: string) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

/**
 * The pool, or null where the thread's file was not built (the sources run as they are, under a
 * test runner): the handler then draws on its own thread, as in every other runtime.
 */
export function builtSvgPool(limits: SvgLimits): SvgPool | null {
  return WORKER_FILE.protocol === "file:" && existsSync(fileURLToPath(WORKER_FILE)) ? svgPool(limits) : null;
}

export interface SvgPool {
  render: SvgRenderer;
  /** Renders running or waiting (for tests and metrics). */
  readonly pending: number;
  /** Stops the thread and refuses what waits (the server is closing). */
  close(): Promise<void>;
}

/** The pool; `workerFile` is the built thread (tests of the sources name dist/svg-thread.js). */
export function svgPool(limits: SvgLimits, workerFile: URL = WORKER_FILE): SvgPool {
  let worker: Worker | null = null;
  let running: Job | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  let closed = false;
  const queue: Job[] = [];

  const threadOf = (): Worker => {
    if (worker !== null) return worker;
    const thread = new Worker(workerFile);
    thread.on("message", (outcome: SvgOutcome) => {
      if (running === null || outcome.id !== running.id) return;
      if ("svg" in outcome) settle(running, (job) => job.resolve(outcome.svg));
      else {
        const { code, message } = outcome.error;
        const error = code === null ? new Error(message) : new FungibleError(code as FungibleErrorCode, message);
        settle(running, (job) => job.reject(error));
      }
    });
    // A thread that dies (out of memory, a crash in Graphviz) fails its render; the next starts a new
    // one. A thread stopped here (stopThread) is no longer `worker`: its job was settled already.
    const died = (error: Error) => {
      if (worker !== thread) return;
      worker = null;
      if (running !== null) settle(running, (job) => job.reject(error));
    };
    thread.on("error", died);
    thread.on("exit", () => died(new Error("the SVG thread exited")));
    thread.unref();
    worker = thread;
    return thread;
  };

  /** Ends the running job, then starts the next. */
  const settle = (job: Job, outcome: (job: Job) => void) => {
    if (running !== job) return;
    running = null;
    clearTimeout(timer);
    job.signal.removeEventListener("abort", job.onAbort);
    outcome(job);
    startNext();
  };

  /** Stops the thread under a render that must not finish (budget passed, client gone). */
  const stopThread = () => {
    const thread = worker;
    worker = null;
    void thread?.terminate();
  };

  const startNext = () => {
    const job = queue.shift();
    if (job === undefined || closed) return;
    running = job;
    timer = setTimeout(() => {
      stopThread();
      settle(job, (j) => j.reject(new FungibleError("over_budget", `format=svg: the picture needs more than its budget of ${limits.budgetMs} ms to draw; retry later, or ask for mermaid or dot`)));
    }, limits.budgetMs);
    threadOf().postMessage({ id: job.id, dot: job.dot } satisfies SvgJob);
  };

  const render: SvgRenderer = (dot, signal) =>
    new Promise<string>((resolve, reject) => {
      if (closed) return reject(new FungibleError("unavailable", "format=svg: the server is stopping; retry after the time in Retry-After"));
      if (signal.aborted) return reject(gone());
      if (queue.length >= limits.maxQueued) {
        return reject(new FungibleError("unavailable", `format=svg: ${queue.length + 1} pictures are being drawn or wait; retry after the time in Retry-After, or ask for mermaid or dot`));
      }
      const job: Job = { id: nextId++, dot, signal, resolve, reject, onAbort: () => {} };
      job.onAbort = () => {
        const at = queue.indexOf(job);
        if (at !== -1) {
          queue.splice(at, 1);
          signal.removeEventListener("abort", job.onAbort);
          reject(gone());
        } else if (running === job) {
          stopThread();
          settle(job, (j) => j.reject(gone()));
        }
      };
      signal.addEventListener("abort", job.onAbort, { once: true });
      queue.push(job);
      if (running === null) startNext();
    });

  return {
    render,
    get pending() {
      return queue.length + (running === null ? 0 : 1);
    },
    async close() {
      closed = true;
      const refused = new FungibleError("unavailable", "format=svg: the server is stopping; retry after the time in Retry-After");
      for (const job of queue.splice(0)) job.reject(refused);
      if (running !== null) settle(running, (job) => job.reject(refused));
      const thread = worker;
      worker = null;
      await thread?.terminate();
    },
  };
}

function gone(): FungibleError {
  return new FungibleError("client_closed_request", "format=svg: the client went away; the drawing was stopped");
}
