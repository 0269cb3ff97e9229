/**
 * `fungible-graph serve`: the HTTP service. Prints `listening on http://HOST:PORT` once it
 * accepts connections; SIGHUP (or a change to a watched file with --watch) reloads the data
 * without dropping a request; SIGTERM or SIGINT stops accepting, drains requests in flight, exits 0.
 * With more than one worker the process becomes a thin node:cluster primary (see serve-cluster.ts).
 */
import { DEFAULT_ANSWER_CACHE_BYTES, DEFAULT_COMPRESSED_CACHE_BYTES } from "../http/handler-options.js";
import { SERVER_DEFAULTS } from "../node/server-options.js";
import { defineCommand } from "./command.js";
import { ROUTER_OPTIONS } from "./load-router.js";
import { DEFAULT_PORT, parseServeConfig } from "./serve-config.js";
import type { SourceValues } from "./serve-config.js";

const NAME = "serve";
const s = (ms: number) => `${ms / 1000}`;

export const serve = defineCommand({
  name: NAME,
  summary: "run the HTTP service",
  // Built on demand (only `serve --help` imports and builds the OpenAPI document).
  description: async () => `Serves the endpoints of its OpenAPI document (GET /openapi.json):
${await endpointList()}

Lifecycle lines (listening, reloads, draining) go to stderr; the access log (--access-log) is
JSON lines on stdout.
SIGHUP reloads the data: it is loaded and checked off the serving thread, then swapped in; bad
data is refused (logged, and in /health last_reload) and the old data keeps serving.
With --dataset-url URL --public-key KEY the data is a published dataset (\`publish\`), verified
before it is served; --poll SECONDS follows its pointer, refusing a tampered file, another key's
signature or an older pointer the same way.`,
  refused: { json: "serve answers over HTTP, in JSON; --access-log writes its log as JSON lines" },
  options: {
    port: { type: "string", arg: "N", help: `port to listen on (default: $PORT, else ${DEFAULT_PORT}; 0 picks a free one)` },
    host: { type: "string", arg: "HOST", help: "address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)" },
    ...ROUTER_OPTIONS,
    workers: {
      type: "string",
      arg: "N",
      help: "processes to serve with (default, 0 or auto: one per core, at most as many as fit in 75% of free memory)",
    },
    watch: { type: "boolean", help: "reload when the --registry/--dataset/--overrides/--state files change" },
    poll: { type: "string", arg: "SECONDS", help: "with --dataset-url: fetch the pointer this often (ETag revalidated) and reload when it moved" },
    "body-limit": { type: "string", arg: "BYTES", help: "largest request body accepted (default 65536)" },
    "header-timeout": { type: "string", arg: "SECONDS", help: `time allowed for a request's headers (default ${s(SERVER_DEFAULTS.headersTimeoutMs)})` },
    "request-timeout": { type: "string", arg: "SECONDS", help: `time allowed for a whole request (default ${s(SERVER_DEFAULTS.requestTimeoutMs)})` },
    "keep-alive-timeout": {
      type: "string",
      arg: "SECONDS",
      help: `how long an idle connection is kept (default ${s(SERVER_DEFAULTS.keepAliveTimeoutMs)}; above your load balancer's idle timeout)`,
    },
    "max-connections": { type: "string", arg: "N", help: `open connections per process at most (default ${SERVER_DEFAULTS.maxConnections}, less if the open-file limit is lower)` },
    "drain-timeout": { type: "string", arg: "SECONDS", help: `on SIGTERM, how long requests in flight may take (default ${s(SERVER_DEFAULTS.drainTimeoutMs)})` },
    "answer-cache-bytes": {
      type: "string",
      arg: "BYTES",
      help: `answer JSON kept per process, LRU, for repeats (default ${DEFAULT_ANSWER_CACHE_BYTES}; 0 keeps none)`,
    },
    "compressed-cache-bytes": {
      type: "string",
      arg: "BYTES",
      help: `gzip/brotli answers kept per process, LRU (default ${DEFAULT_COMPRESSED_CACHE_BYTES}; 0 keeps none)`,
    },
    "check-conformance": {
      type: "string",
      arg: "FILE",
      help: "before listening, answer this conformance corpus (fixtures/conformance/mainnet.json) in-process; refuse to start if any answer differs",
    },
    "live-endpoints": {
      type: "string",
      arg: "FILE",
      help: "turn on /v2/info/balances, /v2/tx/submit, /v2/tx/track and /v2/tx/status, read from these chains' REST endpoints (JSON {chain_id: [REST base URL, ...]}, the format of refresh-state --endpoints)",
    },
    metrics: { type: "boolean", help: "answer GET /metrics in the Prometheus text format (default off; each process answers for itself)" },
    "access-log": { type: "boolean", help: "one JSON line per request on stdout: {t, method, path, status, ms} (default off)" },
    quiet: { type: "boolean", help: "no lifecycle lines (reloads, draining, client aborts); the listening line stays" },
  },
  async run(values) {
    const source: SourceValues = {};
    for (const flag of Object.keys(ROUTER_OPTIONS)) source[flag] = (values as Record<string, string | boolean | undefined>)[flag];
    const config = parseServeConfig(NAME, values, source);
    // Read and checked with the flags (in the primary and each worker): a missing or malformed
    // corpus stops `serve` before any load.
    const corpusFile = values["check-conformance"];
    if (corpusFile !== undefined) config.conformance = await (await import("./serve-conformance.js")).readConformanceCorpus(NAME, corpusFile);
    const endpointsFile = values["live-endpoints"];
    if (endpointsFile !== undefined) config.liveEndpoints = await (await import("./refresh-state.js")).readEndpoints(endpointsFile);
    // Loaded here, not at the top: the other commands need none of the server (Hono, the node
    // adapter, the caches), and leaving it out keeps their heap and start small.
    // node:cluster too: a single process (--workers 1) never loads it.
    if (config.workers > 1 && (await import("node:cluster")).default.isPrimary) return (await import("./serve-cluster.js")).runPrimary(config);
    return (await import("./serve-single.js")).runSingle(NAME, config);
  },
});

/** Every path of the OpenAPI document with its methods and summary: the one list of the routes. */
async function endpointList(): Promise<string> {
  const { buildOpenApiDocument } = await import("../http/openapi.js");
  const paths = buildOpenApiDocument().paths as Record<string, Record<string, { summary?: string }>>;
  const rows = Object.entries(paths).map(([path, operations]) => {
    const methods = Object.keys(operations).map((method) => method.toUpperCase()).sort().reverse();
    return [`${methods.join(", ")} ${path}`, Object.values(operations)[0]?.summary ?? ""] as const;
  });
  const width = Math.max(...rows.map(([usage]) => usage.length)) + 2;
  return rows.map(([usage, summary]) => `  ${usage.padEnd(width)}${summary}`.trimEnd()).join("\n");
}
