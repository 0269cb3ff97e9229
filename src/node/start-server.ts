/**
 * Serves the fetch handler over node:http (through @hono/node-server's request listener) with the
 * limits a public service needs: header, request and keep-alive timeouts, a connection cap, early
 * refusal of oversized uploads, JSON for every answer (even to requests the adapter or node's
 * parser refuse), an optional access log, client aborts logged as such, and a close() that drains
 * without resetting requests already sent (see drain.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import type { AssetRouter } from "../router/router.js";
import { createService, DEFAULT_BODY_LIMIT, type FungibleService } from "../http/handler.js";
import { FungibleError } from "../errors.js";
import { errorBody, payloadTooLarge } from "../http/errors.js";
import { LiveRouter } from "../http/live-router.js";
import { accessLine, bufferedSink, type LineSink } from "./access-log.js";
import { afterAnswers, answerClientError, connectRefusal, endWith, requestErrorResponse } from "./client-error.js";
import { nodeCompressor } from "./compressor.js";
import { ConnectionTracker } from "./drain.js";

/** Defaults of the limits (also the `serve` flags' defaults). */
export const SERVER_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
  drainTimeoutMs: 10_000,
  drainIdleGraceMs: 1_000,
} as const;

export interface StartServerOptions {
  /** The graph to answer from; pass a LiveRouter to swap graphs while serving (reloads). */
  router: AssetRouter | LiveRouter;
  /** 0 picks a free port (the chosen one is in `url` and `port`). Default 8080. */
  port?: number;
  /** Default 127.0.0.1; use 0.0.0.0 or :: to listen on every interface. */
  host?: string;
  /** Largest request body in bytes (default 64 KiB); a larger declared Content-Length is refused before reading. */
  bodyLimit?: number;
  /** One JSON line per answered request: `true` writes them to stdout (batched), a function receives each line. Default off. */
  accessLog?: boolean | ((line: string) => void);
  /** No lifecycle or warning lines (client aborts, internal errors). */
  quiet?: boolean;
  /** Where lifecycle and warning lines go; default stderr. */
  log?: (line: string) => void;
  /** Time allowed for a request's headers (default 10 s; slow-header clients get a 408 and are cut). */
  headersTimeoutMs?: number;
  /** Time allowed for a whole request, body included (default 30 s). */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection is kept (default 5 s; behind a load balancer, set it above the balancer's idle timeout). */
  keepAliveTimeoutMs?: number;
  /** Open connections at most; more are dropped on accept (default 10,000). */
  maxConnections?: number;
  /** How long close() waits for requests in flight before cutting connections (default 10 s). */
  drainTimeoutMs?: number;
  /** While draining, an idle keep-alive connection is closed once idle this long (default 1 s). */
  drainIdleGraceMs?: number;
  /** Bytes of answer JSON the handler keeps (its default when not given). */
  answerCacheBytes?: number;
  /** Bytes of gzip/brotli-encoded answers the handler keeps (its default when not given). */
  compressedCacheBytes?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The graph being served; `swap` it to serve new data. */
  live: LiveRouter;
  /** The node:http server (for tests and embedding). */
  server: Server;
  /** Stops accepting, drains requests in flight, resolves once every connection is closed. Idempotent. */
  close(): Promise<void>;
}

const writeError = (line: string) => {
  process.stderr.write(`${line}\n`);
};

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const quiet = options.quiet ?? false;
  const log = quiet ? () => {} : (options.log ?? writeError);
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const live = options.router instanceof LiveRouter ? options.router : new LiveRouter(options.router);
  const incomingOf = new WeakMap<Request, IncomingMessage>();
  const aborted = (incoming: IncomingMessage | undefined) => incoming !== undefined && !incoming.complete && incoming.destroyed;

  const service = createService(live, {
    bodyLimit,
    compressor: nodeCompressor,
    ...(options.answerCacheBytes === undefined ? {} : { answerCacheBytes: options.answerCacheBytes }),
    ...(options.compressedCacheBytes === undefined ? {} : { compressedCacheBytes: options.compressedCacheBytes }),
    // The 'close' listener below logs the abort once, as such; nothing more to say here.
    onAbort: () => {},
    onInternalError: (error, request) => {
      // A body stream that failed because the client went away is the client's doing, not a bug.
      if (aborted(incomingOf.get(request))) return;
      log(`internal error on ${request.method} ${new URL(request.url).pathname}: ${describe(error)}`);
    },
  });
  // Answers written below the handler (refusals of node's parser, the adapter, CONNECT, Expect,
  // oversized uploads) name the data version too: read at the moment each is written.
  const nodeHeaders = (): Record<string, string> => ({
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "x-data-version, etag",
    "x-data-version": live.current.dataVersion,
  });
  const listener = getRequestListener(
    (request: Request, env: HttpBindings | Http2Bindings) => {
      incomingOf.set(request, env.incoming as IncomingMessage);
      // A 413 found mid-body (chunked upload) ends the connection rather than reading the rest.
      return service.fetch(request).then((response) => {
        if (response.status === 413) response.headers.set("connection", "close");
        return response;
      });
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
    options.accessLog === true ? bufferedSink() : typeof options.accessLog === "function" ? directSink(options.accessLog) : undefined;
  const tracker = new ConnectionTracker();
  /** Sockets on which an answer announced Connection: close (what is queued behind it is never sent). */
  const closedByAnswer = new WeakSet<Socket>();
  const onRequest = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const started = performance.now();
    tracker.requestStarted(incoming.socket);
    if (tracker.draining) outgoing.setHeader("connection", "close");
    outgoing.once("close", () => {
      tracker.requestEnded(incoming.socket);
      if (!outgoing.writableFinished) {
        // Pipelined behind an answer that closed the connection (Connection: close): HTTP/1.1
        // sends nothing after that answer, the client retries; the server's doing, not the client's.
        if (closedByAnswer.has(incoming.socket)) return;
        log(`client closed the connection before the answer: ${incoming.method} ${pathOf(incoming.url)}${incoming.complete ? "" : " (mid-upload)"}`);
      } else {
        if ((outgoing as ServerResponse & { _last?: boolean })._last) closedByAnswer.add(incoming.socket);
        if (sink) sink.write(accessLine(incoming.method ?? "", incoming.url ?? "/", outgoing.statusCode, performance.now() - started));
      }
    });
    if (refuseOversized(incoming, outgoing, bodyLimit, nodeHeaders)) return;
    if (answeredFromCache(service, incoming, outgoing)) return;
    void listener(incoming, outgoing);
  };

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
  server.on("connection", (socket: Socket) => tracker.add(socket));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, nodeHeaders));
  // An Expect other than 100-continue: node's own 417 has no body.
  server.on("checkExpectation", (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(errorBody(new FungibleError("invalid_request", "the Expect header can only be 100-continue")));
    response.writeHead(417, { ...nodeHeaders(), "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    response.end(body);
  });
  // With no listener node drops a CONNECT without a word; this is not a proxy: say so in JSON,
  // after the answers to requests pipelined before it (node hands the socket over at once).
  server.on("connect", (_request: IncomingMessage, socket: Socket) => {
    socket.on("error", () => {});
    afterAnswers(socket, () => endWith(socket, connectRefusal(nodeHeaders())));
  });
  const port = await listen(server, options.port ?? 8080, host);
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    live,
    server,
    close: () =>
      (closed ??= tracker
        .drain(server, options.drainTimeoutMs ?? SERVER_DEFAULTS.drainTimeoutMs, options.drainIdleGraceMs ?? SERVER_DEFAULTS.drainIdleGraceMs)
        .finally(() => sink?.flush())),
  };
}

/**
 * A GET or HEAD of a query asked before is written straight from the service's kept bytes: no web
 * Request or Response is built (the adapter's cost is most of a cached answer's). Only a plain
 * request qualifies (origin-form target, a Host header, no body); anything else, and every first
 * asking, goes through the fetch handler, which fills the caches and refuses what it must.
 */
function answeredFromCache(service: FungibleService, incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  const target = incoming.url;
  const { headers } = incoming;
  if (target === undefined || target.charCodeAt(0) !== 47 || target.includes("\\") || target.includes("#")) return false;
  if (!PLAIN_HOST.test(headers.host ?? "") || headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return false;
  const answer = service.cachedAnswer(incoming.method ?? "", target, single(headers["accept-encoding"]), single(headers["if-none-match"]));
  if (answer === undefined) return false;
  outgoing.writeHead(answer.status, answer.headers);
  outgoing.end(answer.body ?? undefined);
  return true;
}

/** A host name or address and an optional port: anything odder goes to the adapter, which judges it. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const single = (value: string | string[] | undefined): string | null => (value === undefined ? null : Array.isArray(value) ? value.join(", ") : value);

/**
 * A declared Content-Length over the limit gets its 413 at once, before any of the body is read,
 * and the connection ends after the answer instead of swallowing the upload.
 */
function refuseOversized(incoming: IncomingMessage, outgoing: ServerResponse, limit: number, headers: () => Record<string, string>): boolean {
  const declared = incoming.headers["content-length"];
  if (declared === undefined || !(Number(declared) > limit)) return false;
  const body = JSON.stringify(errorBody(payloadTooLarge(limit)));
  outgoing.shouldKeepAlive = false;
  outgoing.writeHead(413, { ...headers(), "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close" });
  outgoing.end(body, () => incoming.socket.destroySoon());
  return true;
}

function directSink(write: (line: string) => void): LineSink {
  return { write, flush: () => {} };
}

function pathOf(url: string | undefined): string {
  const text = url ?? "/";
  const query = text.indexOf("?");
  return query === -1 ? text : text.slice(0, query);
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
