/**
 * `fungible-graph/node`'s server: the fetch handler (../http/handler.ts) on node:http through
 * @hono/node-server, with what a public service needs around it: header, request and keep-alive
 * timeouts, a connection cap, each connection's requests in turn and a 503 while the event loop is
 * behind (./connections.ts, ./loop-delay.ts), JSON for every answer (even to requests the adapter
 * or node's parser refuse), an optional access log, client aborts logged as such, live reload
 * (./live-reload.ts), and a close() that drains without resetting requests already sent.
 */
import { parseArgument } from "../arguments.js";
import { SERVER_DEFAULTS, StartServerOptionsSchema, type StartServerOptions } from "./server-options.js";

export type { StartServerOptions };
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { AssetRouter } from "../router/router.js";
import { FungibleError } from "../errors.js";
import { routerArgument } from "../router/core.js";
import { createService, DEFAULT_BODY_LIMIT } from "../http/handler.js";
import { ERROR_HEADERS, errorJson } from "../http/errors.js";
import { isLiveRouter, LiveRouter } from "../http/live-router.js";
import { ServiceMetrics } from "../http/metrics.js";
import { terminalLines } from "../wire/safe-text.js";
import { accessLine, bufferedSink, type LineSink } from "./access-log.js";
import { answerClientError, refuseConnect, requestErrorResponse } from "./client-error.js";
import { nodeCompressor } from "./compressor.js";
import { Connections } from "./connections.js";
import { LoopDelay } from "./loop-delay.js";
import { builtSvgPool } from "./svg-renderer.js";
import { builtAnalysisPool } from "./analysis-pool.js";
import { startLiveReload, type LiveReload } from "./live-reload.js";
import { sourceFiles } from "../files/load-source.js";
import { requestListener } from "./request-listener.js";
import type { RemoteMark } from "../router/remote-dataset.js";
import { loadServedGraph } from "./served-graph.js";

export interface RunningServer {
  url: string;
  port: number;
  /** The graph being served; `swap` it to serve new data. */
  live: LiveRouter;
  /** The node:http server (for tests and embedding). */
  server: Server;
  /** Reloads the source now (only with a `source`; otherwise an `invalid_config` rejection). */
  reload(trigger?: string): Promise<void>;
  /** Stops accepting and reloading, drains requests in flight, resolves once every connection is closed. Idempotent. */
  close(): Promise<void>;
}

const writeError = (line: string) => {
  process.stderr.write(`${terminalLines(line)}\n`);
};

export async function startServer(optionsArg: StartServerOptions): Promise<RunningServer> {
  const site = { fn: "startServer", arg: "options", code: "invalid_config", expected: "an object {router or source, port, ...}" } as const;
  const options: StartServerOptions = parseArgument(StartServerOptionsSchema, optionsArg, site);
  const quiet = options.quiet ?? false;
  const log = quiet ? () => {} : (options.log ?? writeError);
  const { live, remote } = await liveRouterOf(options);
  const reloader = reloaderOf(remote ? { ...options, reload: { ...options.reload, remote } } : options, live, log);
  try {
    return await listenWith(options, live, log, reloader);
  } catch (error) {
    reloader?.close();
    throw error;
  }
}

async function liveRouterOf(options: StartServerOptions): Promise<{ live: LiveRouter; remote?: RemoteMark }> {
  if (options.router !== undefined) return { live: isLiveRouter(options.router) ? options.router : new LiveRouter(routerArgument(options.router, "startServer", "options.router")) };
  if (options.source === undefined) throw new FungibleError("invalid_config", "startServer: give a router or a source");
  const { router, provenance, remote } = await loadServedGraph("startServer", options.source);
  return { live: new LiveRouter(router, { provenance }), ...(remote ? { remote } : {}) };
}

function reloaderOf(options: StartServerOptions, live: LiveRouter, log: (line: string) => void): LiveReload | null {
  const reload = options.reload;
  if (reload === undefined || (!reload.signal && !reload.watch && !reload.pollMs)) {
    // reload() by call only; a `prepare` given is still the one it uses.
    return options.source ? startLiveReload(live, options.source, { ...(reload?.prepare ? { prepare: reload.prepare } : {}), ...(reload?.remote ? { remote: reload.remote } : {}) }, log) : null;
  }
  if (options.source === undefined) throw new FungibleError("invalid_config", "startServer: reload needs a source to read again");
  if (reload.watch && sourceFiles(options.source).length === 0) {
    throw new FungibleError("invalid_config", "startServer: reload.watch needs a file to watch (registry, dataset or overrides)");
  }
  return startLiveReload(live, options.source, reload, log);
}

async function listenWith(options: StartServerOptions, live: LiveRouter, log: (line: string) => void, reloader: LiveReload | null): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  // Graphviz draws on a worker thread, one picture at a time: seconds of drawing never stop this one.
  // Made here when asked for, so the refusals below the handler count in the same figures.
  const metrics = options.metrics === true ? new ServiceMetrics() : options.metrics || null;
  const svg = builtSvgPool({ budgetMs: options.svgBudgetMs ?? SERVER_DEFAULTS.svgBudgetMs, maxQueued: options.maxSvgQueued ?? SERVER_DEFAULTS.maxSvgQueued });
  const analyses = options.analysisThread === false ? null : builtAnalysisPool(options.source, options.maxAnalysesQueued ?? SERVER_DEFAULTS.maxAnalysesQueued);
  // The chain-REST client (retries, a concurrency bound) only for a server given live endpoints.
  const chainRest = options.liveEndpoints === undefined ? undefined : (await import("../remote/chain-rest-client.js")).chainRestClient(options.liveEndpoints);
  const service = createService(live, {
    bodyLimit,
    compressor: nodeCompressor,
    ...(svg === null ? {} : { svgRenderer: svg.render }),
    ...(analyses === null ? {} : { analyze: analyses.analyze }),
    ...(metrics === null ? {} : { metrics }),
    ...(chainRest === undefined ? {} : { chainRest }),
    ...(options.answerCacheBytes === undefined ? {} : { answerCacheBytes: options.answerCacheBytes }),
    ...(options.compressedCacheBytes === undefined ? {} : { compressedCacheBytes: options.compressedCacheBytes }),
    // The listener logs a client that left mid-request once, as such; nothing more to say here.
    onAbort: () => {},
    onInternalError: (error, request) => log(`internal error on ${request.method} ${new URL(request.url).pathname}: ${describe(error)}`),
  });
  // Answers written below the app (refusals of node's parser, the adapter, CONNECT, Expect)
  // name the data version too: read at the moment each is written.
  const nodeHeaders = (): Record<string, string> => ({
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "x-data-version,etag",
    "x-data-version": live.current.dataVersion,
  });
  const adapter = getRequestListener(
    async (request: Request) => {
      const response = await service.fetch(request);
      // A 413 ends the connection rather than reading (or draining) the rest of the upload.
      if (response.status === 413) response.headers.set("connection", "close");
      return response;
    },
    {
      errorHandler: (error: unknown) => {
        if (error instanceof Error && error.name === "RequestError") return requestErrorResponse(error.message, nodeHeaders());
        log(`internal error before the handler: ${describe(error)}`);
        return requestErrorResponse("the request could not be read", nodeHeaders());
      },
    },
  );
  const sink: LineSink | undefined =
    options.accessLog === true ? bufferedSink() : typeof options.accessLog === "function" ? { write: options.accessLog, flush: () => {} } : undefined;
  const connections = new Connections(options.maxPipelined ?? SERVER_DEFAULTS.maxPipelined);
  const loop = new LoopDelay(options.maxEventLoopDelayMs ?? SERVER_DEFAULTS.maxEventLoopDelayMs);
  const cut = new WeakSet<Socket>();
  const refused = (reason: string) => metrics?.refuse(reason);
  const onRequest = requestListener({ service, adapter, connections, loop, cut, log, sink, headers: nodeHeaders, refused });

  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? SERVER_DEFAULTS.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs ?? SERVER_DEFAULTS.requestTimeoutMs,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? SERVER_DEFAULTS.keepAliveTimeoutMs,
      // Timeouts are enforced by a sweep; once a second keeps a slow client's cut close to its limit.
      connectionsCheckingInterval: 1000,
      // A request without Host reaches the adapter, which refuses it; node's own refusal has no body.
      requireHostHeader: false,
    },
    onRequest,
  );
  server.maxConnections = options.maxConnections ?? SERVER_DEFAULTS.maxConnections;
  // A connection whose answer has not moved for sendTimeoutMs (its client stopped reading) is cut;
  // an idle one is left to keepAliveTimeout, one whose answer is still computing to its budget.
  server.timeout = options.sendTimeoutMs ?? SERVER_DEFAULTS.sendTimeoutMs;
  server.on("timeout", (socket: Socket) => {
    if (socket.writableLength === 0) {
      // A request still arriving gets the 408 node's headers timeout would give (this timer fires
      // first at equal limits); an idle connection (node's keep-alive timeout comes here too) ends.
      if (connections.partial(socket)) answerClientError(Object.assign(new Error("request timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }), socket, nodeHeaders, connections, refused);
      else if (!connections.busy(socket)) socket.destroy();
      return;
    }
    cut.add(socket);
    refused("send_timeout");
    log(`connection cut: its client stopped reading (it took none of ${socket.writableLength} unsent bytes for ${server.timeout} ms)`);
    socket.destroy();
  });
  server.on("connection", (socket: Socket) => connections.add(socket));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, nodeHeaders, connections, refused));
  // An Expect other than 100-continue: node's own 417 has no body.
  server.on("checkExpectation", (_request, response) => {
    const body = errorJson(new FungibleError("invalid_request", "the Expect header can only be 100-continue"));
    response.writeHead(417, { ...nodeHeaders(), ...ERROR_HEADERS, "content-length": Buffer.byteLength(body) });
    response.end(body);
  });
  // With no listener node drops a CONNECT without a word; this is not a proxy: say so in JSON.
  server.on("connect", (_request, socket: Socket) => refuseConnect(socket, nodeHeaders, connections));
  // Readiness: the corpus passes before the port is taken (the cache it warms is the one that serves).
  // Its checker is imported only here, where a corpus was given.
  if (options.conformance !== undefined) {
    const { passConformance } = await import("./conformance-gate.js");
    options.onConformance?.(await passConformance(service.fetch, options.conformance));
  }
  const port = await listen(server, options.port ?? 8080, host);
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    live,
    server,
    reload: (trigger) => (reloader ? reloader.reload(trigger) : Promise.reject(new FungibleError("invalid_config", "reload: the server was started without a source"))),
    close: () => {
      reloader?.close();
      loop.close();
      void svg?.close();
      void analyses?.close();
      return (closed ??= connections
        .drain(server, options.drainTimeoutMs ?? SERVER_DEFAULTS.drainTimeoutMs, options.drainIdleGraceMs ?? SERVER_DEFAULTS.drainIdleGraceMs)
        .finally(() => sink?.flush()));
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
