/**
 * JSON answers for requests that never reach the Hono app: what node:http's parser rejects
 * ('clientError': a malformed request line, bad headers, headers too large, a timeout), CONNECT,
 * and what the @hono/node-server adapter refuses to turn into a Request (no Host, a bad Host, a
 * backslash in the path, an absolute URL). Node and the adapter answer these with an empty body;
 * every answer of this service is JSON, written by the one error writer (../http/errors.ts).
 */
import type { Socket } from "node:net";
import { FungibleError } from "../errors.js";
import { ERROR_HEADERS, errorJson, errorResponse } from "../http/errors.js";
import type { Connections } from "./connections.js";

interface Refusal {
  status: number;
  reason: string;
  error: FungibleError;
}

function refusalOf(code: string | undefined, message: string): Refusal {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, reason: "Request Header Fields Too Large", error: new FungibleError("payload_too_large", "the request headers are too large") };
    case "HPE_INVALID_TRANSFER_ENCODING":
      return {
        status: 501,
        reason: "Not Implemented",
        error: new FungibleError("not_implemented", `unsupported Transfer-Encoding (${message}): send the body with Content-Length or Transfer-Encoding: chunked`),
      };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, reason: "Request Timeout", error: new FungibleError("invalid_request", "the request took too long to arrive") };
    default:
      return { status: 400, reason: "Bad Request", error: new FungibleError("invalid_request", `malformed HTTP request (${message})`) };
  }
}

/** The raw bytes of a JSON error answer that also ends the connection (no response object exists). */
function rawAnswer(refusal: Refusal, extraHeaders: Record<string, string>): string {
  const body = errorJson(refusal.error);
  const headers = Object.entries({ ...extraHeaders, ...ERROR_HEADERS })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/** Sockets whose refusal is decided (answered or waiting for the answers ahead of it): later parse errors add nothing. */
const refusing = new WeakSet<Socket>();

/** Whether a refusal answers this socket's bad bytes: the request they cut short is answered by it, not left by its client. */
export function isRefused(socket: Socket): boolean {
  return refusing.has(socket);
}

/**
 * The 'clientError' listener: answers in JSON when the socket can still take an answer, then
 * closes it. A reset gets nothing more. When requests parsed before the bad bytes (a keep-alive or
 * pipelining client) are still being answered, those answers finish first, in order, then the
 * refusal goes out and the connection ends: every request the server parsed gets its answer.
 * `headers` is read when the refusal is written (it names the data version being served then).
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Socket,
  headers: () => Record<string, string>,
  tracker: Connections,
  refused: (reason: string) => void,
): void {
  if (refusing.has(socket)) return; // the parser fails again on every further chunk: already handled
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  // Bad bytes inside a body (a chunk size, a Transfer-Encoding seen only then): the refusal answers
  // that request. An end of input mid-body is the client leaving: nobody to answer, its abort is logged.
  const cutsBody = error.code !== "HPE_INVALID_EOF_STATE";
  if (cutsBody) refusing.add(socket);
  const reason = (error.message || String(error.code)).replace(/[\r\n]/g, " ").slice(0, 200);
  const refusal = refusalOf(error.code, reason);
  refused(refusal.status === 408 ? "request_timeout" : refusal.status === 431 ? "headers_too_large" : "malformed");
  tracker.afterAnswers(socket, () => endWith(socket, rawAnswer(refusal, headers())), undefined, cutsBody);
}

/** CONNECT: this is not a proxy. Said in JSON after the answers pipelined before it (node hands the socket over at once). */
export function refuseConnect(socket: Socket, headers: () => Record<string, string>, tracker: Connections): void {
  socket.on("error", () => {});
  const error = new FungibleError("method_not_allowed", "method CONNECT is not allowed: this is not a proxy");
  tracker.afterAnswers(socket, () => endWith(socket, rawAnswer({ status: 405, reason: "Method Not Allowed", error }, headers())));
}

/** Writes a last answer and ends the socket (unless the answer before it already ended it). */
function endWith(socket: Socket, answer: string): void {
  if (!socket.writable) return; // the last answer said Connection: close and ended the socket
  socket.end(answer);
  // end() flushes the answer, then closes; destroy only if the client never reads it.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** The Response for a request the adapter could not convert (its RequestError): a JSON 400 that ends the connection. */
export function requestErrorResponse(message: string, headers: Record<string, string>): Response {
  return errorResponse(new FungibleError("invalid_request", `malformed HTTP request (${message})`), { ...headers, connection: "close" });
}
