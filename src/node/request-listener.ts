/**
 * The node:http 'request' listener around @hono/node-server's: each connection's requests in
 * turn (./connections.ts), a 503 while the event loop is behind (./loop-delay.ts), the access log,
 * a log line for a client that leaves before its answer, and the replay of a repeated GET (or
 * POST: ./replay-post.ts) of a query straight from the service's replay cache
 * (../http/replay-cache.ts): the headers and bytes the pipeline itself produced the first time,
 * written without building a web Request or Response (the adapter's cost is most of a cached answer's).
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
import type { Connections } from "./connections.js";
import type { LoopDelay } from "./loop-delay.js";
import { postReplayable, replayPost } from "./replay-post.js";

/** Why the server below the handler refused a request (a label of fungible_graph_refused_total). */
export type RefusalReason = "pipelined" | "event_loop_delay";

export interface ListenerParts {
  service: FungibleService;
  /** @hono/node-server's listener: every request that is not a replay. */
  adapter: (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;
  connections: Connections;
  loop: LoopDelay;
  /** Sockets cut because their client stopped reading: logged there, not as a client that left. */
  cut: WeakSet<Socket>;
  log: (line: string) => void;
  sink: LineSink | undefined;
  headers: () => Record<string, string>;
  /** Counts a refusal (in /metrics when it is on). */
  refused: (reason: RefusalReason) => void;
}

export function requestListener(parts: ListenerParts): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const { service, adapter, connections, loop, cut, log, sink } = parts;
  /** Sockets on which an answer ended the connection: what was pipelined behind it is never answered (HTTP/1.1), the client retries. */
  const closedByAnswer = new WeakSet<Socket>();
  const refuse = (outgoing: ServerResponse, why: RefusalReason) => {
    parts.refused(why);
    const message =
      why === "pipelined"
        ? `more than ${connections.maxPipelined} requests are waiting on this connection; send the rest again on a new connection`
        : "the service is busy answering earlier requests; retry after the time in Retry-After";
    // Past the pipelining limit the connection closes (the client sends the rest again on a new one).
    const close: Record<string, string> = why === "pipelined" ? { connection: "close" } : {};
    answerError(outgoing, parts.headers(), 503, new FungibleError("unavailable", message), { "retry-after": "1", ...close });
  };
  return (incoming, outgoing) => {
    const started = performance.now();
    const socket = incoming.socket;
    outgoing.once("close", () => {
      if (!outgoing.writableFinished) {
        if (closedByAnswer.has(socket) || cut.has(socket) || isRefused(socket)) return;
        log(`client closed the connection before the answer: ${incoming.method} ${pathOf(incoming.url)}${incoming.complete ? "" : " (mid-upload)"}`);
        return;
      }
      // Node ends the socket before 'close' when the answer closes the connection (Connection: close).
      if (socket.writableEnded) closedByAnswer.add(socket);
      if (sink) sink.write(accessLine(incoming.method ?? "", incoming.url ?? "/", outgoing.statusCode, performance.now() - started));
    });
    const run = () => {
      // Before the URL parser resolves `/%2e%2e/` into another path: the raw target, as sent.
      const problem = pathProblem(incoming.url ?? "/");
      if (problem !== null) return answerError(outgoing, parts.headers(), 400, pathRefused(problem), {});
      const replay = replayOf(service, incoming);
      if (replay !== undefined) return sendReplay(outgoing, replay);
      // Cheap answers are never shed: replays (above), /health and /metrics (what an operator reads under load).
      if (loop.behind && !(incoming.method === "GET" && NEVER_SHED.has(pathOf(incoming.url)))) return refuse(outgoing, "event_loop_delay");
      if (postReplayable(incoming, PLAIN_HOST)) return replayPost(service, incoming, outgoing, adapter);
      void adapter(incoming, outgoing);
    };
    connections.inTurn(incoming, outgoing, run, () => refuse(outgoing, "pipelined"));
  };
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

const NEVER_SHED = new Set(["/health", "/metrics"]);

/** A host name or address and an optional port: anything odder goes to the adapter, which judges it. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function pathOf(url: string | undefined): string {
  const text = url ?? "/";
  const query = text.indexOf("?");
  return query === -1 ? text : text.slice(0, query);
}
