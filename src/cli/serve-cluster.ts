/**
 * `serve --workers N` (N > 1): a thin node:cluster. Each worker is a whole `serve` process
 * (./serve-single.ts): it loads and checks the data, reloads (SIGHUP, --watch, --poll), answers
 * /metrics for itself and drains on SIGTERM, by itself. The primary only forks them (the first
 * alone, the others once it listens: bad data is refused once), passes SIGHUP
 * on, replaces one that dies, and stops them all on SIGTERM/SIGINT (one still running 2 s after the
 * drain timeout is killed). Workers accept connections themselves (SCHED_NONE): one killed takes
 * only its own connections with it. Replicas behind a proxy, each on its own port, are the recipe
 * for per-process metrics and rolling restarts (docs/operations.md).
 */
import cluster, { type Worker } from "node:cluster";
import { EXIT_FAILURE, EXIT_OK } from "./cli-error.js";
import { print, printError } from "./output.js";
import type { ServeConfig } from "./serve-config.js";
import { stopSignal } from "./serve-single.js";

const KILL_GRACE_MS = 2_000;

export function runPrimary(config: ServeConfig): Promise<number> {
  const lifecycle = config.quiet ? () => {} : printError;
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const workers = new Set<Worker>();
  let listening = 0;
  let restartsLeft = config.workers * 3;
  let stopping: number | null = null;
  return new Promise((resolve) => {
    const fork = () => {
      const worker = cluster.fork();
      workers.add(worker);
      worker.on("message", (message: { type?: string; url?: string }) => {
        if (message.type !== "listening") return;
        // The others start once one has loaded the data: bad data is refused once, by one worker.
        if (++listening === 1) for (let i = 1; i < config.workers; i++) fork();
        if (listening > config.workers) return lifecycle(`replacement worker ${worker.process.pid} listening`);
        if (listening !== config.workers) return;
        print(`listening on ${message.url}`);
        lifecycle(`${config.workers} workers${config.workersWhy ? ` (${config.workersWhy})` : ""}`);
      });
    };
    const stop = (code: number, reason?: string) => {
      if (stopping !== null) return;
      stopping = code;
      if (reason) lifecycle(`${reason}: draining requests in flight`);
      for (const worker of workers) worker.process.kill("SIGTERM");
      if (workers.size === 0) resolve(code);
      setTimeout(() => {
        for (const worker of workers) {
          lifecycle(`worker ${worker.process.pid} still running ${config.drainTimeoutMs} ms after ${reason ?? "the stop"}: killed`);
          worker.process.kill("SIGKILL");
        }
      }, config.drainTimeoutMs + KILL_GRACE_MS).unref();
    };
    cluster.on("exit", (worker, code, signal) => {
      workers.delete(worker);
      if (stopping !== null) return void (workers.size === 0 && resolve(stopping));
      const how = signal ?? `code ${code}`;
      if (listening < config.workers || restartsLeft-- <= 0) {
        printError(`worker ${worker.process.pid} exited (${how}) ${listening < config.workers ? "before listening" : "too often"}; stopping`);
        return stop(EXIT_FAILURE);
      }
      lifecycle(`worker ${worker.process.pid} exited (${how}); starting a replacement`);
      fork();
    });
    void stopSignal().then((reason) => stop(EXIT_OK, reason));
    process.on("SIGHUP", () => workers.forEach((worker) => worker.process.kill("SIGHUP")));
    fork();
  });
}
