/**
 * The node:cluster primary of `serve --workers N`: forks N workers (each runs `serve` on the
 * same argv and shares the listening port), prints the listening line once all are ready,
 * replaces a worker that dies while serving, and on SIGTERM/SIGINT drains them all, then exits 0.
 */
import cluster, { type Worker } from "node:cluster";
import { EXIT_FAILURE, EXIT_OK } from "./cli-error.js";
import { print, printError } from "./output.js";
import type { ServeConfig } from "./serve-config.js";

interface ListeningMessage {
  type: "listening";
  url: string;
}

const isListening = (message: unknown): message is ListeningMessage =>
  typeof message === "object" && message !== null && (message as ListeningMessage).type === "listening";

export function runPrimary(config: ServeConfig): Promise<number> {
  const workers = new Set<Worker>();
  const ready = new Set<Worker>();
  // A worker that keeps dying would otherwise be replaced forever.
  let restartsLeft = config.workers * 3;
  let announced = false;
  let exitCode: number | null = null;

  return new Promise((resolve) => {
    const shutdown = (code: number) => {
      if (exitCode !== null) return;
      exitCode = code;
      for (const worker of workers) worker.process.kill("SIGTERM");
      if (workers.size === 0) resolve(code);
    };
    const fork = () => {
      const worker = cluster.fork();
      workers.add(worker);
      worker.on("message", (message: unknown) => {
        if (!isListening(message)) return;
        ready.add(worker);
        if (!announced && ready.size === config.workers) {
          announced = true;
          print(`listening on ${message.url}`);
          printError(`${config.workers} workers`);
        }
      });
    };
    cluster.on("exit", (worker, code, signal) => {
      workers.delete(worker);
      ready.delete(worker);
      if (exitCode !== null) {
        if (workers.size === 0) resolve(exitCode);
        return;
      }
      const how = signal ?? `code ${code}`;
      if (!announced) {
        printError(`worker ${worker.process.pid} exited (${how}) before listening; stopping`);
        shutdown(EXIT_FAILURE);
      } else if (restartsLeft-- > 0) {
        printError(`worker ${worker.process.pid} exited (${how}); starting a replacement`);
        fork();
      } else {
        printError(`worker ${worker.process.pid} exited (${how}); too many restarts, stopping`);
        shutdown(EXIT_FAILURE);
      }
    });
    process.on("SIGTERM", () => shutdown(EXIT_OK));
    process.on("SIGINT", () => shutdown(EXIT_OK));
    for (let i = 0; i < config.workers; i++) fork();
  });
}
