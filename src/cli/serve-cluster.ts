/**
 * `serve` with node:cluster workers. The PRIMARY loads and checks the data once, in a worker
 * thread (so a usage error or refused data exits 2 or 1 with one message, before any fork),
 * writes it as a dataset file, and forks the workers, which load that file.
 * SIGHUP and --watch run in the primary only: it prepares the new data once, off-thread, writes
 * it as a new dataset file, then tells one worker at a time to swap it in place, as a single
 * process does (loading a checked dataset takes tens of milliseconds; the other workers keep
 * answering meanwhile). Forking replacements instead cost a process start per worker, under load
 * most of the time a reload took. A refusal is only recorded by the workers (for /health). A
 * worker that dies is replaced from the last good dataset. The primary keeps what /health
 * reports besides the data (provenance, loaded_at, last_reload) and hands it to every worker, so
 * all of them, replacements included, say the same. SIGTERM/SIGINT drain every worker, abandon a
 * reload under way, and end the process within the drain timeout (a worker still there is killed).
 * Workers accept connections themselves (SCHED_NONE, see runPrimary): a worker killed with
 * SIGKILL takes only its own connections with it.
 */
import cluster, { type Worker } from "node:cluster";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDataset } from "../router/dataset-router.js";
import type { LastReload, ServedProvenance } from "../http/health.js";
import { LiveRouter } from "../http/live-router.js";
import { ServiceMetrics, type MetricsSnapshot } from "../http/metrics.js";
import { FungibleError } from "../errors.js";
import { startServer } from "../node/start-server.js";
import { watchFiles } from "../node/watch-files.js";
import { EXIT_FAILURE, EXIT_OK } from "./cli-error.js";
import { print, printError } from "./output.js";
import type { ServeConfig } from "./serve-config.js";
import { describeSource, sourceFiles } from "../node/load-source.js";
import { prepareInThread, Reloads } from "../node/reload.js";
import { serverOptions, stopSignal } from "./serve-single.js";

const DATASET_ENV = "FUNGIBLE_GRAPH_SERVE_DATASET";
/**
 * What every worker reports in /health beyond the data itself (JSON): the primary decides it once,
 * so a worker started by a reload or replacing one that died agrees with the others.
 */
const STATE_ENV = "FUNGIBLE_GRAPH_SERVE_STATE";
const ACK_TIMEOUT_MS = 120_000;

/** The primary's record of the data being served, passed to every worker it starts. */
export interface ServedState {
  provenance: ServedProvenance;
  loaded_at: string;
  last_reload: LastReload | null;
  /** When the reload under way started (null when none is): /health says it is running. */
  reload_since: string | null;
}

/** A stopping primary kills a worker still there this long after the drain timeout. */
const KILL_GRACE_MS = 2_000;

/** A scrape of /metrics waits this long for the other workers' figures; one that does not answer is left out (fungible_graph_processes says how many did). */
const METRICS_TIMEOUT_MS = 2_000;

type ToWorker =
  | { type: "record"; record: LastReload }
  | { type: "reloading"; since: string }
  | { type: "swap"; file: string; state: ServedState }
  /** Send your metrics snapshot. */
  | { type: "snapshot" }
  /** Every worker's snapshots, for the /metrics scrape that asked with `gather`. */
  | { type: "gathered"; snapshots: MetricsSnapshot[] };
type FromWorker =
  | { type: "listening"; url: string; file: string }
  | { type: "done"; id: number; note: string }
  | { type: "failed"; id: number; error: string }
  | { type: "snapshot"; id: number; snapshot: MetricsSnapshot }
  /** A /metrics scrape: gather every worker's snapshot, answer with `gathered` and this id. */
  | { type: "gather"; id: number };

export async function runPrimary(command: string, config: ServeConfig): Promise<number> {
  const lifecycle = config.quiet ? () => {} : printError;
  process.on("SIGHUP", () => lifecycle("SIGHUP before the workers were started: ignored"));
  const first = await prepareInThread({ command, source: config.source, currentVersion: null, probes: [] });
  // Flags were checked before (serve-config.ts): what is left to refuse is the data.
  if (first.kind === "refused") throw new FungibleError("invalid_registry", first.error);
  if (first.kind !== "ready") throw new FungibleError("internal", `${command}: nothing prepared at start`);
  const dir = mkdtempSync(join(tmpdir(), "fungible-graph-serve-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  let generation = 0;
  const writeDataset = (text: string) => {
    const file = join(dir, `dataset-${++generation}.json`);
    writeFileSync(file, text);
    return file;
  };
  let datasetFile = writeDataset(first.dataset);
  const state: ServedState = { provenance: first.provenance, loaded_at: new Date().toISOString(), last_reload: null, reload_since: null };
  lifecycle(`serving ${first.dataVersion} from ${describeSource(config.source)} (prepared in ${Math.round(first.ms)} ms)`);

  const workers = new Set<Worker>();
  const ready = new Set<Worker>();
  const waiting = new Map<Worker, { resolve: () => void; reject: (error: Error) => void }>();
  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => waiting.set(worker, { resolve, reject }));
  let restartsLeft = config.workers * 3;
  let announced = false;
  let exitCode: number | null = null;
  let messageId = 0;
  const pending = new Map<number, (result: FromWorker) => void>();

  const ask = (worker: Worker, message: ToWorker, timeoutMs = ACK_TIMEOUT_MS): Promise<FromWorker> => {
    const id = ++messageId;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ type: "failed", id, error: "no answer" }), timeoutMs);
      const exited = () => settle({ type: "failed", id, error: "the worker exited" });
      const settle = (result: FromWorker) => {
        clearTimeout(timer);
        pending.delete(id);
        worker.off("exit", exited); // a scrape asks every few seconds: listeners must not pile up
        resolve(result);
      };
      pending.set(id, settle);
      worker.once("exit", exited);
      worker.send({ ...message, id });
    });
  };
  /** The figures of every worker that answers in time, for one worker's /metrics scrape. */
  const gatherMetrics = async (asking: Worker, id: number) => {
    const answers = await Promise.all([...ready].map((worker) => ask(worker, { type: "snapshot" }, METRICS_TIMEOUT_MS)));
    const snapshots = answers.flatMap((answer) => (answer.type === "snapshot" ? [answer.snapshot] : []));
    if (asking.isConnected()) asking.send({ type: "gathered", snapshots, id });
  };
  // One worker at a time: the others keep answering while one loads the dataset.
  const everyWorker = async (message: ToWorker) => {
    const notes: string[] = [];
    for (const worker of [...ready]) {
      const answer = await ask(worker, message);
      if (answer.type === "failed") throw new Error(`worker ${worker.process.pid}: ${answer.error}`);
      if (answer.type === "done") notes.push(answer.note);
    }
    return notes;
  };

  const reloads = new Reloads({
    command,
    source: config.source,
    dataVersion: first.dataVersion,
    probes: first.probes,
    remote: first.remote,
    log: lifecycle,
    target: {
      async apply(dataset, _dataVersion, provenance) {
        const previous = datasetFile;
        datasetFile = writeDataset(dataset);
        const now = new Date().toISOString();
        state.provenance = provenance;
        state.loaded_at = now;
        state.last_reload = { ok: true, error: null, at: now };
        state.reload_since = null;
        const started = performance.now();
        const notes: string[] = [];
        for (const worker of [...ready]) {
          if (exitCode !== null) throw new Error("the server is stopping");
          const answer = await ask(worker, { type: "swap", file: datasetFile, state });
          if (answer.type === "done") notes.push(answer.note);
          else replace(worker, answer.type === "failed" ? answer.error : "no answer");
        }
        rmSync(previous, { force: true });
        return `${notes.length} workers swapped in place one at a time in ${Math.round(performance.now() - started)} ms (${notes.join(", ")})`;
      },
      async record(result) {
        state.last_reload = { ok: result.ok, error: result.ok ? null : result.error, at: new Date().toISOString() };
        state.reload_since = null;
        await everyWorker({ type: "record", record: state.last_reload });
      },
      started(since) {
        state.reload_since = since;
        for (const worker of ready) worker.send({ type: "reloading", since, id: 0 });
      },
    },
  });

  /**
   * A worker that could not swap in the new data (it cannot happen: the primary loaded the same
   * bytes) is drained; the exit handler starts its replacement, which loads the new file.
   */
  const replace = (worker: Worker, why: string) => {
    lifecycle(`worker ${worker.process.pid} could not swap in the new data (${why}): replacing it`);
    ready.delete(worker);
    worker.process.kill("SIGTERM");
  };

  // Assigned below, once the cluster's exit handling is in place; reloads only start after that.
  let fork: () => Worker = () => {
    throw new Error("fork before start");
  };

  return new Promise((resolve) => {
    const shutdown = (code: number, reason?: string) => {
      if (exitCode !== null) return;
      exitCode = code;
      watch?.close();
      reloads.stop();
      if (reason) lifecycle(`${reason}: draining requests in flight`);
      for (const worker of workers) worker.process.kill("SIGTERM");
      if (workers.size === 0) return resolve(code);
      // Each worker drains within the drain timeout; one that does not (stuck, or still loading) is killed.
      setTimeout(() => {
        for (const worker of workers) {
          lifecycle(`worker ${worker.process.pid} still running ${config.drainTimeoutMs} ms after ${reason ?? "the stop"}: killed`);
          worker.process.kill("SIGKILL");
        }
      }, config.drainTimeoutMs + KILL_GRACE_MS).unref();
    };
    fork = () => {
      const worker = cluster.fork({ [DATASET_ENV]: datasetFile, [STATE_ENV]: JSON.stringify(state) });
      workers.add(worker);
      worker.on("message", (message: FromWorker) => {
        if (message.type === "listening") {
          // Forked before a reload swapped the others: it swaps too; else it may lack the latest record.
          if (message.file !== datasetFile) worker.send({ type: "swap", file: datasetFile, state, id: 0 });
          else if (state.last_reload) worker.send({ type: "record", record: state.last_reload, id: 0 });
          ready.add(worker);
          waiting.get(worker)?.resolve();
          waiting.delete(worker);
          if (!announced && ready.size === config.workers) {
            announced = true;
            print(`listening on ${message.url}`);
            lifecycle(`${config.workers} workers${config.workersWhy ? ` (${config.workersWhy})` : ""}`);
          }
        } else if (message.type === "gather") void gatherMetrics(worker, message.id);
        else pending.get(message.id)?.(message);
      });
      return worker;
    };
    cluster.on("exit", (worker, code, signal) => {
      workers.delete(worker);
      ready.delete(worker);
      waiting.get(worker)?.reject(new Error(`a new worker exited (${signal ?? `code ${code}`}) before listening`));
      waiting.delete(worker);
      if (exitCode !== null) {
        if (workers.size === 0) resolve(exitCode);
        return;
      }
      const how = signal ?? `code ${code}`;
      if (!announced) {
        printError(`worker ${worker.process.pid} exited (${how}) before listening; stopping`);
        shutdown(EXIT_FAILURE);
      } else if (restartsLeft-- > 0) {
        lifecycle(`worker ${worker.process.pid} exited (${how}); starting a replacement`);
        const replacement = fork();
        void listening(replacement).then(
          () => lifecycle(`replacement worker ${replacement.process.pid} listening`),
          () => {},
        );
      } else {
        printError(`worker ${worker.process.pid} exited (${how}); too many restarts, stopping`);
        shutdown(EXIT_FAILURE);
      }
    });
    void stopSignal().then((reason) => shutdown(EXIT_OK, reason));
    process.removeAllListeners("SIGHUP");
    process.on("SIGHUP", () => void reloads.request("SIGHUP"));
    // Round-robin (node's default off Windows) has the primary accept and hand each connection to a
    // worker; one handed to a worker that is killed before taking it stays open in the primary,
    // never answered. Workers accepting from the shared socket lose only what they had accepted.
    cluster.schedulingPolicy = cluster.SCHED_NONE;
    if (config.pollMs !== null) setInterval(() => void reloads.request("poll"), config.pollMs).unref();
    const watch = config.watch ? watchFiles(sourceFiles(config.source).map((file) => file.path), (changed) => void reloads.request(`changed: ${changed.join(", ")}`)) : null;
    for (let i = 0; i < config.workers; i++) fork();
  });
}

/** One worker of the cluster: serves the primary's dataset file, swaps and records as told. */
export async function runClusterWorker(command: string, config: ServeConfig): Promise<number> {
  const file = process.env[DATASET_ENV];
  if (!file) throw new FungibleError("internal", `${command}: a cluster worker started without ${DATASET_ENV}`);
  // The primary reloads; a SIGHUP sent to the whole process group must not end a worker.
  process.on("SIGHUP", () => {});
  const stopped = stopSignal();
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
  const state = JSON.parse(process.env[STATE_ENV] ?? "null") as ServedState | null;
  const router = loadDataset(readFileSync(file));
  const live = new LiveRouter(router, state ? { provenance: state.provenance, loadedAt: state.loaded_at, lastReload: state.last_reload } : {});
  if (state?.reload_since) live.reloadStarted(state.reload_since);
  // --check-conformance: every worker passes the corpus before it listens; the corpus names the
  // data version of the start, so a worker started after a reload swapped the data is not held to it.
  const options = serverOptions(config, config.quiet ? () => {} : printError);
  if (state?.last_reload?.ok === true) delete options.conformance;
  // /metrics answers for the whole replica: this worker's figures and every other's, through the primary.
  const gathering = new Map<number, (snapshots: MetricsSnapshot[]) => void>();
  const metrics = config.metrics ? workerMetrics(gathering) : false;
  const server = await startServer({ router: live, ...options, metrics });
  process.on("message", (message: ToWorker & { id: number }) => {
    if (message.type === "reloading") return server.live.reloadStarted(message.since);
    if (message.type === "snapshot") return metrics && process.send?.({ type: "snapshot", id: message.id, snapshot: metrics.snapshot() });
    if (message.type === "gathered") return gathering.get(message.id)?.(message.snapshots);
    if (message.type === "record") {
      server.live.setLastReload(message.record);
      return process.send?.({ type: "done", id: message.id, note: "" });
    }
    const started = performance.now();
    try {
      const { provenance, loaded_at, last_reload } = message.state;
      server.live.swap(loadDataset(readFileSync(message.file)), provenance, loaded_at);
      if (last_reload) server.live.setLastReload(last_reload);
    } catch (error) {
      return process.send?.({ type: "failed", id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
    process.send?.({ type: "done", id: message.id, note: `${Math.round(performance.now() - started)} ms` });
  });
  process.send?.({ type: "listening", url: server.url, file });
  await stopped;
  await server.close();
  process.exit(EXIT_OK);
}

/** A worker's metrics, whose scrape gathers every worker's snapshot through the primary (answers arrive in `gathering`). */
function workerMetrics(gathering: Map<number, (snapshots: MetricsSnapshot[]) => void>): ServiceMetrics {
  let lastId = 0;
  const metrics: ServiceMetrics = new ServiceMetrics({
    gather: () =>
      new Promise((resolve) => {
        const id = ++lastId;
        // A primary that does not answer (stopping): this worker's own figures, never a hung scrape.
        const timer = setTimeout(() => settle([metrics.snapshot()]), METRICS_TIMEOUT_MS + 1_000);
        const settle = (snapshots: MetricsSnapshot[]) => {
          clearTimeout(timer);
          gathering.delete(id);
          resolve(snapshots);
        };
        gathering.set(id, settle);
        process.send?.({ type: "gather", id });
      }),
  });
  return metrics;
}
