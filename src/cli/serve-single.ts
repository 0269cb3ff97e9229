/**
 * `serve` as one process: loads and checks the data, serves it, reloads on SIGHUP (and on file
 * changes with --watch) through a worker thread, and drains on SIGTERM/SIGINT.
 */
import { loadDataset } from "../dataset/dataset.js";
import { LiveRouter } from "../http/live-router.js";
import { startServer } from "../node/start-server.js";
import { watchFiles } from "../node/watch-files.js";
import { EXIT_OK } from "./cli-error.js";
import { print, printError } from "./output.js";
import type { ServeConfig } from "./serve-config.js";
import { Reloads } from "./serve-reload.js";
import { loadServedGraph, probesOf, sourceFiles } from "./serve-source.js";

export function serverOptions(config: ServeConfig, log: (line: string) => void) {
  return {
    port: config.port,
    host: config.host,
    quiet: config.quiet,
    log,
    accessLog: config.accessLog,
    headersTimeoutMs: config.headersTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    maxConnections: config.maxConnections,
    drainTimeoutMs: config.drainTimeoutMs,
    ...(config.bodyLimit === undefined ? {} : { bodyLimit: config.bodyLimit }),
    ...(config.answerCacheBytes === undefined ? {} : { answerCacheBytes: config.answerCacheBytes }),
    ...(config.compressedCacheBytes === undefined ? {} : { compressedCacheBytes: config.compressedCacheBytes }),
  };
}

/** Resolves with the signal's name on SIGTERM/SIGINT (a second signal while draining is ignored). */
export function stopSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.on("SIGTERM", () => resolve("SIGTERM"));
    process.on("SIGINT", () => resolve("SIGINT"));
  });
}

export async function runSingle(command: string, config: ServeConfig): Promise<number> {
  const lifecycle = config.quiet ? () => {} : printError;
  const stopped = stopSignal();
  // Until the reloader is ready a SIGHUP is noted, not fatal (its default action ends the process).
  let reload: (trigger: string) => void = () => lifecycle("SIGHUP before the data was loaded: ignored");
  process.on("SIGHUP", () => reload("SIGHUP"));

  const served = await Promise.race([loadServedGraph(command, config.source), stopped.then(() => null)]);
  if (served === null) process.exit(EXIT_OK); // stopped while loading: nothing to drain
  const { router } = served;
  const server = await startServer({ router: new LiveRouter(router, { provenance: served.provenance }), ...serverOptions(config, lifecycle) });
  const reloads = new Reloads({
    command,
    source: config.source,
    dataVersion: router.dataVersion,
    probes: probesOf(router),
    log: lifecycle,
    target: {
      async apply(dataset, _dataVersion, provenance) {
        const started = performance.now();
        const next = loadDataset(dataset);
        server.live.swap(next, provenance);
        server.live.recordReload({ ok: true });
        return `swapped in ${(performance.now() - started).toFixed(1)} ms on the serving thread`;
      },
      async record(result) {
        server.live.recordReload(result);
      },
    },
  });
  reload = (trigger) => void reloads.request(trigger);
  const watch = config.watch ? watchFiles(sourceFiles(config.source), (changed) => reload(`changed: ${changed.join(", ")}`)) : null;
  print(`listening on ${server.url}`);
  lifecycle(`serving ${router.dataVersion}${config.workersWhy ? ` (${config.workersWhy})` : ""}`);

  const reason = await stopped;
  watch?.close();
  lifecycle(`${reason}: draining requests in flight`);
  await server.close();
  // Loading the embedded registry can leave timers or handles behind; the server is closed, so go.
  process.exit(EXIT_OK);
}
