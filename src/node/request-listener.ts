/**
 * The node:http 'request' listener around @hono/node-server's: connection bookkeeping for the
 * drain, the access log, a log line for a client that leaves before its answer, and the replay
 * of a repeated GET (or POST: ./replay-post.ts) of a query straight from the service's replay
 * cache (../http/replay-cache.ts): the headers and bytes the pipeline itself produced the first
 * time, written without building a web Request or Response (the adapter's cost is most of a
 * cached answer's). Requests pipelined on one connection are answered one at a time, in order
 * (./connection-queue.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { FungibleError } from "../errors.js";
import { ERROR_HEADERS, errorJson } from "../http/errors.js";
import type { FungibleService } from "../http/handler.js";
import type { ReplayedAnswer } from "../http/replay-cache.js";
import { pathProblem, pathRefused } from "../http/raw-path.js";
import { accessLine, type LineSink } from "./access-log.js";
import { isRefused } from "./client-error.js";
import type { ConnectionQueue, Refusal } from "./connection-queue.js";
import type { ConnectionTracker } from "./drain.js";
import { postReplayable, replayPost } from "./replay-post.js";

export interface ListenerParts {
  service: FungibleService;
  /** @hono/node-server's listener: every request that is not a replay. */
  adapter: (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;
  tracker: ConnectionTracker;
  queue: ConnectionQueue;
  /** Sockets the queue cut (their client stopped reading): logged there, not as a client that left. */
  cut: WeakSet<Socket>;
  log: (line: string) => void;
  sink: LineSink | undefined;
  headers: () => Record<string, string>;
}

export function requestListener(parts: ListenerParts): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const { service, adapter, tracker, queue, cut, log, sink } = parts;
  /** Sockets on which an answer ended the connection: what was pipelined behind it is never answered (HTTP/1.1), the client retries. */
  const closedByAnswer = new WeakSet<Socket>();
  return (incoming, outgoing) => {
    const started = performance.now();
    const socket = incoming.socket;
    tracker.requestStarted(socket, incoming);
    if (tracker.draining) outgoing.setHeader("connection", "close");
    outgoing.once("close", () => {
      tracker.requestEnded(socket, incoming);
      if (!outgoing.writableFinished) {
        if (closedByAnswer.has(socket) || cut.has(socket) || isRefused(socket)) return;
        log(`client closed the connection before the answer: ${incoming.method} ${pathOf(incoming.url)}${incoming.complete ? "" : " (mid-upload)"}`);
        return;
      }
      // Node ends the socket before 'close' when the answer closes the connection (Connection: close).
      if (socket.writableEnded) closedByAnswer.add(socket);
      if (sink) sink.write(accessLine(incoming.method ?? "", incoming.url ?? "/", outgoing.statusCode, performance.now() - started));
    });
    const early = replayOf(service, incoming);
    const run = () => {
      // Before the URL parser resolves `/%2e%2e/` into another path: the raw target, as sent.
      const problem = pathProblem(incoming.url ?? "/");
      if (problem !== null) return answerError(outgoing, parts.headers(), 400, pathRefused(problem), {});
      // Found on arrival (an answer of the version served then), or kept since by a request before it.
      const replay = early ?? replayOf(service, incoming);
      if (replay !== undefined) return sendReplay(outgoing, replay);
      if (postReplayable(incoming, PLAIN_HOST)) return replayPost(service, incoming, outgoing, adapter);
      void adapter(incoming, outgoing);
    };
    // Cheap answers never wait for a time slice: /health, and an answer the cache replays as is.
    const urgent = early !== undefined || (incoming.method === "GET" && pathOf(incoming.url) === "/health");
    queue.enqueue(incoming, outgoing, run, (why) => refuse(outgoing, parts.headers(), why, queue.maxPipelined), urgent);
  };
}

/**
 * A 503 with Retry-After: past the pipelining limit it closes the connection (the client sends
 * the rest again on a new one); when the process is behind, the connection stays open.
 */
function refuse(outgoing: ServerResponse, headers: Record<string, string>, why: Refusal, limit: number): void {
  const message =
    why === "pipelined"
      ? `more than ${limit} requests are waiting on this connection; send the rest again on a new connection`
      : "the service is busy answering earlier requests; retry after the time in Retry-After";
  const close: Record<string, string> = why === "pipelined" ? { connection: "close" } : {};
  answerError(outgoing, headers, 503, new FungibleError("unavailable", message), { "retry-after": "1", ...close });
}

function answerError(outgoing: ServerResponse, headers: Record<string, string>, status: number, error: FungibleError, extra: Record<string, string>): void {
  const body = errorJson(error);
  outgoing.writeHead(status, { ...headers, ...ERROR_HEADERS, ...extra, "content-length": Buffer.byteLength(body) });
  outgoing.end(body);
}

/**
 * Only a plain GET qualifies (origin-form target, a Host header, no body, no If-None-Match: a 304
 * is hono/etag's to give); anything else, and every first asking, goes through the pipeline,
 * which fills the replay cache and refuses what it must.
 */
function replayOf(service: FungibleService, incoming: IncomingMessage): ReplayedAnswer | undefined {
  if (incoming.method !== "GET") return undefined;
  const target = incoming.url;
  const { headers } = incoming;
  if (target === undefined || target.charCodeAt(0) !== 47 || target.includes("\\") || target.includes("#")) return undefined;
  if (headers["if-none-match"] !== undefined || headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return undefined;
  if (!PLAIN_HOST.test(headers.host ?? "")) return undefined;
  return service.replay(target, headers["accept-encoding"] ?? null);
}

function sendReplay(outgoing: ServerResponse, answer: ReplayedAnswer): void {
  outgoing.writeHead(200, answer.headers);
  outgoing.end(answer.body);
}

/** A host name or address and an optional port: anything odder goes to the adapter, which judges it. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function pathOf(url: string | undefined): string {
  const text = url ?? "/";
  const query = text.indexOf("?");
  return query === -1 ? text : text.slice(0, query);
}
