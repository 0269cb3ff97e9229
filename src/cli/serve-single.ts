/**
 * `serve` as one process: loads and checks the data, then hands it to the Node server with its
 * source, which reloads on SIGHUP (and on file changes with --watch) off the serving thread; drains
 * on SIGTERM/SIGINT. Each worker of `--workers N` is one of these (./serve-cluster.ts).
 */
import { LiveRouter } from "../http/live-router.js";
import { loadServedGraph } from "../node/served-graph.js";
import { startServer } from "../node/start-server.js";
import { EXIT_OK } from "./cli-error.js";
import { print, printError } from "./output.js";
import type { ServeConfig } from "./serve-config.js";
import type { ConformanceReport } from "../export/conformance.js";

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
    metrics: config.metrics,
    ...(config.liveEndpoints === undefined ? {} : { liveEndpoints: config.liveEndpoints }),
    ...(config.bodyLimit === undefined ? {} : { bodyLimit: config.bodyLimit }),
    ...(config.answerCacheBytes === undefined ? {} : { answerCacheBytes: config.answerCacheBytes }),
    ...(config.compressedCacheBytes === undefined ? {} : { compressedCacheBytes: config.compressedCacheBytes }),
    ...(config.conformance === undefined
      ? {}
      : { conformance: config.conformance, onConformance: (r: ConformanceReport) => log(`conformance: ${r.checked} requests answered as the corpus says for ${r.data_version}`) }),
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
  // Until the server takes SIGHUP a reload signal is noted, not fatal (its default action ends the process).
  const early = () => lifecycle("SIGHUP before the data was loaded: ignored");
  process.on("SIGHUP", early);
  const served = await Promise.race([loadServedGraph(command, config.source), stopped.then(() => null)]);
  if (served === null) process.exit(EXIT_OK); // stopped while loading: nothing to drain
  const server = await startServer({
    router: new LiveRouter(served.router, { provenance: served.provenance }),
    source: config.source,
    reload: { signal: true, watch: config.watch, ...(config.pollMs === null ? {} : { pollMs: config.pollMs }), ...(served.remote ? { remote: served.remote } : {}) },
    ...serverOptions(config, lifecycle),
  });
  process.off("SIGHUP", early);
  // A worker of `--workers N` tells the primary, which announces once all listen (./serve-cluster.ts).
  // Only a process with an IPC channel can be one: node:cluster is loaded only there.
  if (process.send !== undefined && (await import("node:cluster")).default.isWorker) {
    process.send?.({ type: "listening", url: server.url });
    process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
  } else print(`listening on ${server.url}`);
  lifecycle(`serving ${served.router.dataVersion}${config.workersWhy ? ` (${config.workersWhy})` : ""}`);

  const reason = await stopped;
  lifecycle(`${reason}: draining requests in flight`);
  await server.close();
  // Loading the embedded registry can leave timers or handles behind; the server is closed, so go.
  process.exit(EXIT_OK);
}
