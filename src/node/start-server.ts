/**
 * Serves the fetch handler over node:http (through @hono/node-server), with one log line per
 * request and a close() that stops accepting, lets requests in flight finish, then returns.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import type { AssetGraph } from "../engine/asset-graph.js";
import { createFetchHandler } from "../http/handler.js";

export interface StartServerOptions {
  graph: AssetGraph;
  /** 0 picks a free port (the chosen one is in `url` and `port`). Default 8080. */
  port?: number;
  /** Default 127.0.0.1; use 0.0.0.0 or :: to listen on every interface. */
  host?: string;
  /** Largest request body in bytes (default 64 KiB). */
  bodyLimit?: number;
  /** No per-request log line. */
  quiet?: boolean;
  /** Where log lines go; default stdout. */
  log?: (line: string) => void;
  /** How long close() waits for requests in flight before cutting connections (default 10 s). */
  drainTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, drains requests in flight, resolves once every connection is closed. Idempotent. */
  close(): Promise<void>;
}

const writeLine = (line: string) => {
  process.stdout.write(`${line}\n`);
};

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? writeLine;
  const handler = createFetchHandler(options.graph, {
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    onInternalError: (error, request) => log(`internal error on ${request.method} ${request.url}: ${describe(error)}`),
  });
  let closing = false;
  const serveOne = async (request: Request, env: HttpBindings | Http2Bindings) => {
    const started = performance.now();
    const response = await handler(request);
    // Once draining, each answer also ends its connection, so keep-alive clients let go.
    if (closing) response.headers.set("connection", "close");
    if (!options.quiet) {
      const path = (env.incoming.url ?? "/").split("?", 1)[0];
      log(`${request.method} ${path} ${response.status} ${(performance.now() - started).toFixed(1)}ms`);
    }
    return response;
  };
  const server = createAdaptorServer({ fetch: serveOne }) as Server;
  const port = await listen(server, options.port ?? 8080, host);
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: () => {
      closing = true;
      return (closed ??= drain(server, options.drainTimeoutMs ?? 10_000));
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

function drain(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // Idle keep-alive sockets would hold close() open forever; busy ones finish their request first.
    const cutoff = setTimeout(() => server.closeAllConnections(), timeoutMs);
    cutoff.unref();
    server.close((error) => {
      clearTimeout(cutoff);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
