/**
 * JSON answers for requests that never reach the fetch handler: what node:http's parser rejects
 * ('clientError': a malformed request line, bad headers, headers too large, a timeout) and what
 * the @hono/node-server adapter refuses to turn into a Request (no Host, a bad Host, a backslash
 * in the path, an absolute URL). Node and the adapter answer these with an empty body; every
 * answer of this service is JSON (docs/behaviour.md §8).
 */
import type { Socket } from "node:net";
import { FungibleError } from "../errors.js";
import { errorBody } from "../http/errors.js";

interface Refusal {
  status: number;
  reason: string;
  error: FungibleError;
}

function refusalOf(code: string | undefined, message: string): Refusal {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, reason: "Request Header Fields Too Large", error: new FungibleError("payload_too_large", "the request headers are too large") };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, reason: "Request Timeout", error: new FungibleError("invalid_request", "the request took too long to arrive") };
    default:
      return { status: 400, reason: "Bad Request", error: new FungibleError("invalid_request", `malformed HTTP request (${message})`) };
  }
}

/** The raw bytes of a JSON error answer that also ends the connection. */
function rawErrorResponse(code: string | undefined, message: string, extraHeaders: Record<string, string> = {}): string {
  const { status, reason, error } = refusalOf(code, message);
  const body = JSON.stringify(errorBody(error));
  const headers = Object.entries({ ...extraHeaders, "content-type": "application/json; charset=utf-8" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return `HTTP/1.1 ${status} ${reason}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

type HttpSocket = Socket & { _httpMessage?: (NodeJS.EventEmitter & { req?: { complete: boolean } }) | null };

/** Sockets whose refusal is decided (answered or waiting for the answers ahead of it): later parse errors add nothing. */
const refusing = new WeakSet<Socket>();
/** Longest wait for the answers ahead of a refusal (a stuck handler must not hold the socket for ever). */
const PENDING_WAIT_MS = 60_000;

/**
 * The 'clientError' listener: answers in JSON when the socket can still take an answer, then
 * closes it. A reset gets nothing more. When requests parsed before the bad bytes (a keep-alive or
 * pipelining client) are still being answered, those answers finish first, in order, then the
 * refusal goes out and the connection ends: every request the server parsed gets its answer.
 * `headers` is read when the refusal is written (it names the data version being served then).
 */
export function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Socket,
  headers: Record<string, string> | (() => Record<string, string>),
): void {
  if (refusing.has(socket)) return; // the parser fails again on every further chunk: already handled
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  refusing.add(socket);
  const reason = (error.message || String(error.code)).replace(/[\r\n]/g, " ").slice(0, 200);
  afterAnswers(socket, () => endWith(socket, rawErrorResponse(error.code, reason, typeof headers === "function" ? headers() : headers)));
}

/** Writes a last answer and ends the socket (unless the answer before it already ended it). */
export function endWith(socket: Socket, answer: string): void {
  if (!socket.writable) return; // the last answer said Connection: close and ended the socket
  socket.end(answer);
  // end() flushes the answer, then closes; destroy only if the client never reads it.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * Runs `then` once every request node:http parsed on this socket has its answer written: node
 * attaches one response at a time (`_httpMessage`) and the next queued one as soon as the attached
 * one finishes, so none attached means none pending. A pending request that can never complete
 * (the client left mid-upload, or the bad bytes are inside its body) ends the connection instead.
 */
export function afterAnswers(socket: Socket, then: () => void): void {
  const giveUp = setTimeout(() => socket.destroy(), PENDING_WAIT_MS);
  giveUp.unref();
  const check = () => {
    const pending = (socket as HttpSocket)._httpMessage;
    if (socket.destroyed) {
      clearTimeout(giveUp);
      return;
    }
    if (!pending) {
      clearTimeout(giveUp);
      then();
      return;
    }
    if (pending.req && !pending.req.complete) {
      clearTimeout(giveUp);
      socket.destroy();
      return;
    }
    pending.once("close", () => setImmediate(check));
  };
  check();
}

/** The raw answer to a CONNECT request: 405 in JSON, then the connection ends. */
export function connectRefusal(extraHeaders: Record<string, string>): string {
  const body = JSON.stringify(errorBody(new FungibleError("method_not_allowed", "method CONNECT is not allowed: this is not a proxy")));
  const headers = Object.entries({ ...extraHeaders, "content-type": "application/json; charset=utf-8" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return `HTTP/1.1 405 Method Not Allowed\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/** The Response for a request the adapter could not convert (its RequestError): a JSON 400. */
export function requestErrorResponse(message: string, extraHeaders: Record<string, string>): Response {
  const error = new FungibleError("invalid_request", `malformed HTTP request (${message})`);
  return new Response(JSON.stringify(errorBody(error)), {
    status: 400,
    headers: { "content-type": "application/json; charset=utf-8", connection: "close", ...extraHeaders },
  });
}
