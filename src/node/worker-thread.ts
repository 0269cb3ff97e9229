/**
 * The one way the Node server runs work off the serving thread: a worker thread file answers jobs
 * posted to it (`answerJobs`, inside the thread), and a `ThreadJobs` in front of it runs them one
 * at a time, bounded as nginx bounds an upstream: at most `maxQueued` wait (the next is refused),
 * a job past `budgetMs` is stopped (the thread is terminated and started afresh for the next), and
 * a caller's AbortSignal takes its job out of the queue, or stops it if it is running. With
 * `fresh`, every job gets a new thread that ends with it (a reload's heap is freed after it).
 * Used by reloads (./reload.ts), `format=svg` (./svg-renderer.ts) and explain and destinations
 * (./analysis-pool.ts).
 */
import { parentPort, Worker } from "node:worker_threads";
import { FungibleError, isFungibleError, type ErrorDetail, type FungibleErrorCode } from "../errors.js";

/** Why ThreadJobs refused or stopped a job (the caller words the error). */
export type Refusal = "busy" | "over_budget" | "gone" | "closed";

export interface ThreadLimits {
  /** Wall time one job may take, waiting excluded. */
  budgetMs: number;
  /** Jobs waiting behind the one running; the next is refused ("busy"). */
  maxQueued: number;
  /** A new thread for every job, ended after it. */
  fresh?: boolean;
  /** The error a refused or stopped job rejects with. */
  refusal: (why: Refusal, waiting: number) => Error;
}

type Outcome<Out> = { id: number; value: Out } | { id: number; error: { code: string | null; message: string; details?: readonly ErrorDetail[] } };

interface Job<In, Out> {
  id: number;
  input: In;
  budgetMs: number;
  signal: AbortSignal | undefined;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

/** Inside the worker thread: answers each posted job with `work`'s value, or its error (a FungibleError keeps its code). */
export function answerJobs<In, Out>(work: (input: In) => Out | Promise<Out>): void {
  parentPort?.on("message", ({ id, input }: { id: number; input: In }) => {
    Promise.resolve()
      .then(() => work(input))
      .then(
        (value) => parentPort!.postMessage({ id, value } satisfies Outcome<Out>),
        (error: unknown) =>
          parentPort!.postMessage({
            id,
            error: isFungibleError(error) ? { code: error.code, message: error.message, details: error.details } : { code: null, message: error instanceof Error ? error.message : String(error) },
          } satisfies Outcome<Out>),
      );
  });
}

export class ThreadJobs<In, Out> {
  readonly #file: URL;
  readonly #limits: ThreadLimits;
  readonly #queue: Job<In, Out>[] = [];
  #worker: Worker | null = null;
  #running: Job<In, Out> | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #nextId = 1;
  #closed = false;

  constructor(file: URL, limits: ThreadLimits) {
    this.#file = file;
    this.#limits = limits;
  }

  /** Jobs running or waiting. */
  get pending(): number {
    return this.#queue.length + (this.#running === null ? 0 : 1);
  }

  /** Runs `input`; `budgetMs` overrides the limits' budget for this job. */
  run(input: In, signal?: AbortSignal, budgetMs = this.#limits.budgetMs): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      if (this.#closed) return reject(this.#limits.refusal("closed", 0));
      if (signal?.aborted) return reject(this.#limits.refusal("gone", 0));
      if (this.#running !== null && this.#queue.length >= this.#limits.maxQueued) return reject(this.#limits.refusal("busy", this.pending + 1));
      const job: Job<In, Out> = { id: this.#nextId++, input, budgetMs, signal, resolve, reject, onAbort: () => this.#abandon(job) };
      signal?.addEventListener("abort", job.onAbort, { once: true });
      this.#queue.push(job);
      if (this.#running === null) this.#startNext();
    });
  }

  /** Refuses what waits, stops the running job and the thread. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) this.#finish(job, () => job.reject(this.#limits.refusal("closed", 0)));
    if (this.#running !== null) this.#settle(this.#running, (job) => job.reject(this.#limits.refusal("closed", 0)));
    await this.#stopThread();
  }

  #abandon(job: Job<In, Out>): void {
    const at = this.#queue.indexOf(job);
    if (at !== -1) {
      this.#queue.splice(at, 1);
      this.#finish(job, () => job.reject(this.#limits.refusal("gone", 0)));
    } else if (this.#running === job) {
      void this.#stopThread();
      this.#settle(job, (j) => j.reject(this.#limits.refusal("gone", 0)));
    }
  }

  #startNext(): void {
    const job = this.#queue.shift();
    if (job === undefined || this.#closed) return;
    this.#running = job;
    this.#timer = setTimeout(() => {
      void this.#stopThread();
      this.#settle(job, (j) => j.reject(this.#limits.refusal("over_budget", 0)));
    }, job.budgetMs);
    this.#thread().postMessage({ id: job.id, input: job.input });
  }

  /** Ends the running job, then starts the next. */
  #settle(job: Job<In, Out>, outcome: (job: Job<In, Out>) => void): void {
    if (this.#running !== job) return;
    this.#running = null;
    clearTimeout(this.#timer);
    this.#finish(job, () => outcome(job));
    if (this.#limits.fresh) void this.#stopThread();
    this.#startNext();
  }

  #finish(job: Job<In, Out>, outcome: () => void): void {
    job.signal?.removeEventListener("abort", job.onAbort);
    outcome();
  }

  #thread(): Worker {
    if (this.#worker !== null) return this.#worker;
    const thread = new Worker(this.#file);
    thread.on("message", (outcome: Outcome<Out>) => {
      const job = this.#running;
      if (job === null || outcome.id !== job.id) return;
      if ("value" in outcome) return this.#settle(job, (j) => j.resolve(outcome.value));
      const { code, message, details } = outcome.error;
      this.#settle(job, (j) => j.reject(code === null ? new Error(message) : new FungibleError(code as FungibleErrorCode, message, details)));
    });
    // A thread that dies (out of memory, a crash) fails its job; the next starts a new one. A thread
    // stopped here is no longer #worker: its job was settled already.
    const died = (error: Error) => {
      if (this.#worker !== thread) return;
      this.#worker = null;
      if (this.#running !== null) this.#settle(this.#running, (job) => job.reject(error));
    };
    thread.on("error", died);
    thread.on("exit", (code) => died(new Error(`the worker thread exited (${code}) without an answer`)));
    // An idle kept thread never holds the process up; a fresh one is doing the job awaited.
    if (!this.#limits.fresh) thread.unref();
    this.#worker = thread;
    return thread;
  }

  async #stopThread(): Promise<void> {
    const thread = this.#worker;
    this.#worker = null;
    await thread?.terminate();
  }
}
