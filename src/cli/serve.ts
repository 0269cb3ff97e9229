/**
 * `fungible-graph serve`: the HTTP service. Prints `listening on http://HOST:PORT` once it
 * accepts connections; SIGTERM or SIGINT stops accepting, drains requests in flight, exits 0.
 * With --workers N above 1 the process becomes a node:cluster primary (see serve-cluster.ts).
 */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { startServer } from "../node/start-server.js";
import { defineCommand, parseInteger } from "./command.js";
import { EXIT_OK } from "./cli-error.js";
import { GRAPH_OPTIONS, loadGraph } from "./load-graph.js";
import { print, printError } from "./output.js";
import { runPrimary } from "./serve-cluster.js";
import type { ServeConfig } from "./serve-config.js";

const NAME = "serve";
const DEFAULT_PORT = 8080;

export const serve = defineCommand({
  name: NAME,
  summary: "run the HTTP service",
  description: `Serves POST /v2/fungible/assets_from_source, POST (or GET) /v2/fungible/assets_between_chains,
GET /openapi.json and GET /health.`,
  options: {
    port: { type: "string", arg: "N", help: `port to listen on (default: $PORT, else ${DEFAULT_PORT}; 0 picks a free one)` },
    host: { type: "string", arg: "HOST", help: "address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)" },
    ...GRAPH_OPTIONS,
    workers: { type: "string", arg: "N", help: "processes to serve with (default, 0 or auto: one per core)" },
    "body-limit": { type: "string", arg: "BYTES", help: "largest request body accepted (default 65536)" },
    quiet: { type: "boolean", help: "no log line per request" },
  },
  async run(values) {
    const portText = values.port ?? process.env.PORT;
    const config: ServeConfig = {
      port: portText === undefined || portText === "" ? DEFAULT_PORT : parseInteger(NAME, values.port ? "--port" : "PORT", portText, 0, 65535),
      host: values.host ?? "127.0.0.1",
      registry: values.registry,
      snapshot: values.snapshot,
      workers: parseWorkers(values.workers),
      quiet: values.quiet ?? false,
      bodyLimit: values["body-limit"] === undefined ? undefined : parseInteger(NAME, "--body-limit", values["body-limit"], 1, 2 ** 30),
    };
    if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
    return runServer(config, cluster.isWorker);
  },
});

function parseWorkers(text: string | undefined): number {
  // Issue 4: one process per core unless told otherwise.
  if (text === undefined) return availableParallelism();
  const count = text === "auto" ? 0 : parseInteger(NAME, "--workers", text, 0, 1024);
  return count === 0 ? availableParallelism() : count;
}

/** One serving process: alone, or one worker of a cluster (then it reports to the primary). */
async function runServer(config: ServeConfig, inWorker: boolean): Promise<number> {
  let stop!: (reason: string) => void;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  // `on`, not `once`: a second signal while draining must not kill the process mid-drain.
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  if (inWorker) process.on("disconnect", () => stop("disconnect"));

  const graph = await Promise.race([loadGraph(NAME, config), stopped.then(() => null)]);
  if (graph === null) process.exit(EXIT_OK); // stopped while loading: nothing to drain
  const server = await startServer({
    graph,
    port: config.port,
    host: config.host,
    quiet: config.quiet,
    ...(config.bodyLimit === undefined ? {} : { bodyLimit: config.bodyLimit }),
  });
  if (inWorker) process.send?.({ type: "listening", url: server.url });
  else print(`listening on ${server.url}`);

  const reason = await stopped;
  if (!inWorker) printError(`${reason}: draining requests in flight`);
  await server.close();
  // Loading the embedded registry can leave timers or handles behind; the server is closed, so go.
  process.exit(EXIT_OK);
}
