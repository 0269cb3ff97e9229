/**
 * Reloads: a trigger (SIGHUP, a watched file, a call) starts ONE preparation in a worker thread
 * (./reload-thread.ts: load, check, compile to a dataset); the serving side then only
 * loads that dataset (milliseconds) and swaps. Triggers during a reload coalesce into one more
 * reload after it. Every outcome is one lifecycle line; a refusal keeps the data being served.
 */
import type { ServedProvenance } from "../http/health.js";
import { terminalLine } from "../wire/safe-text.js";
import { describeSource, type RouterSource } from "../files/load-source.js";
import type { RefusedPointer, RemoteMark } from "../router/remote-dataset.js";
import type { Prepared, PrepareInput, Probe } from "./served-graph.js";
import { ThreadJobs, type Refusal } from "./worker-thread.js";

/**
 * The thread's file, built next to the package's entries (dist/reload-thread.js). The CommonJS
 * build gets import.meta.url from tsup's shim (tsup.config.ts `shims`), the file's own URL.
 */
const WORKER_FILE = new URL("./reload-thread.js", import.meta.url);
/** A build that takes longer than this is stuck: refused, the thread terminated. */
const PREPARE_TIMEOUT_MS = 10 * 60_000;

/** Runs prepareDataset in a fresh worker thread; `signal` abandons it (the thread is terminated at once). */
export async function prepareInThread(input: PrepareInput, signal?: AbortSignal): Promise<Prepared> {
  const jobs = new ThreadJobs<PrepareInput, Prepared>(WORKER_FILE, { budgetMs: PREPARE_TIMEOUT_MS, maxQueued: 0, fresh: true, refusal: refusalOf });
  try {
    return await jobs.run(input, signal);
  } catch (error) {
    return { kind: "refused", error: error instanceof Error ? error.message : String(error) };
  }
}

function refusalOf(why: Refusal): Error {
  return new Error(why === "over_budget" ? `loading took over ${PREPARE_TIMEOUT_MS / 1000} s` : why === "gone" || why === "closed" ? "abandoned: the server is stopping" : "a reload is already being prepared");
}

/** Where prepared data goes: the LiveRouter being served. */
export interface ReloadTarget {
  /** Serve this dataset, reporting `provenance` in /health; resolves with a short note (how long the swap took). */
  apply(dataset: string, dataVersion: string, provenance: ServedProvenance): Promise<string>;
  /** Record the outcome of a reload that changed nothing being served. */
  record(result: { ok: true } | { ok: false; error: string }): Promise<void>;
  /** A reload started preparing at `since` (ISO): /health says so until the outcome is recorded. */
  started?(since: string): void;
}

export interface ReloadsOptions {
  command: string;
  source: RouterSource;
  dataVersion: string;
  probes: Probe[];
  target: ReloadTarget;
  log: (line: string) => void;
  /** Prepares off the serving thread; default prepareInThread (tests may run it inline). */
  prepare?: (input: PrepareInput, signal?: AbortSignal) => Promise<Prepared>;
  /** A url source: the pointer being served (a reload takes no older one, and revalidates its ETag). */
  remote?: RemoteMark | undefined;
}

export class Reloads {
  #running: Promise<void> | null = null;
  #again: string | null = null;
  #dataVersion: string;
  #probes: Probe[];
  #remote: RemoteMark | undefined;
  /** A pointer whose file was refused: the next poll refuses it again without its file, until the pointer changes. */
  #refused: RefusedPointer | undefined;
  /** Whether the last outcome recorded was a success: a quiet poll need not record another. */
  #lastOk = true;
  /** Set by stop(): aborts the preparation under way; no reload starts after it. */
  readonly #stop = new AbortController();
  readonly #options: ReloadsOptions;

  constructor(options: ReloadsOptions) {
    // A line quotes registry text and error messages: escaped, so a newline cannot forge a `reload ok` line.
    this.#options = { ...options, log: (line) => options.log(terminalLine(line)) };
    this.#dataVersion = options.dataVersion;
    this.#probes = options.probes;
    this.#remote = options.remote;
  }

  get dataVersion(): string {
    return this.#dataVersion;
  }

  /**
   * Abandons the reload under way (its thread is terminated: a stopping server must not wait for
   * a load of minutes) and refuses every later request. Nothing is swapped or recorded after it.
   */
  stop(): void {
    this.#again = null;
    this.#stop.abort();
  }

  /** Starts a reload (or queues one after the current); resolves when no reload is left to run. */
  request(trigger: string): Promise<void> {
    if (this.#stop.signal.aborted) return Promise.resolve();
    if (this.#running) {
      this.#again = trigger;
      return this.#running;
    }
    this.#running = (async () => {
      let next: string | null = trigger;
      while (next !== null) {
        this.#again = null;
        await this.#reloadOnce(next).catch((error: unknown) =>
          this.#options.log(`reload failed (${next}): ${error instanceof Error ? error.message : String(error)}; still serving ${this.#dataVersion}`),
        );
        next = this.#again;
      }
      this.#running = null;
    })();
    return this.#running;
  }

  async #reloadOnce(trigger: string): Promise<void> {
    const { command, source, target, log } = this.#options;
    const prepare = this.#options.prepare ?? prepareInThread;
    // A poll shows as running only through its outcome: most find nothing new and must leave /health alone.
    if (trigger !== "poll") target.started?.(new Date().toISOString());
    const prepared = await prepare({ command, source, currentVersion: this.#dataVersion, probes: this.#probes, remote: this.#remote, refused: this.#refused }, this.#stop.signal);
    if (this.#stop.signal.aborted) {
      log(`reload abandoned (${trigger}): the server is stopping; still serving ${this.#dataVersion}`);
      return;
    }
    const what = describeSource(source);
    this.#refused = prepared.kind === "refused" ? prepared.refused : undefined;
    if (prepared.kind === "refused") {
      this.#lastOk = false;
      await target.record({ ok: false, error: prepared.error });
      log(`reload refused (${trigger}): ${what}: ${prepared.error}; still serving ${this.#dataVersion}`);
    } else if (prepared.kind === "unchanged") {
      if (prepared.remote) this.#remote = prepared.remote;
      // A poll that finds nothing new is the usual case, every few seconds: no line, no record (unless it clears a refusal).
      if (trigger === "poll" && this.#lastOk) return;
      this.#lastOk = true;
      await target.record({ ok: true });
      log(`reload (${trigger}): ${what} unchanged (${prepared.dataVersion}); nothing swapped`);
    } else {
      let note: string;
      try {
        note = await target.apply(prepared.dataset, prepared.dataVersion, prepared.provenance);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.#lastOk = false;
        await target.record({ ok: false, error: message });
        log(`reload refused (${trigger}): ${what}: ${message}; still serving ${this.#dataVersion}`);
        return;
      }
      this.#lastOk = true;
      this.#dataVersion = prepared.dataVersion;
      this.#probes = prepared.probes;
      if (prepared.remote) this.#remote = prepared.remote;
      log(`reload ok (${trigger}): now serving ${prepared.dataVersion} from ${what} (prepared off-thread in ${Math.round(prepared.ms)} ms; ${note})`);
    }
  }
}
