/**
 * JSON answers for requests that never reach the fetch handler: what node:http's parser rejects
 * ('clientError': a malformed request line, bad headers, headers too large, a timeout) and what
 * the @hono/node-server adapter refuses to turn into a Request (no Host, a bad Host, a backslash
 * in the path, an absolute URL). Node and the adapter answer these with an empty body; every
 * answer of this service is JSON (SEMANTICS 6).
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
export function rawErrorResponse(code: string | undefined, message: string, extraHeaders: Record<string, string> = {}): string {
  const { status, reason, error } = refusalOf(code, message);
  const body = JSON.stringify(errorBody(error));
  const headers = Object.entries({ ...extraHeaders, "content-type": "application/json; charset=utf-8" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return `HTTP/1.1 ${status} ${reason}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/**
 * The 'clientError' listener: answers in JSON when the socket can still take an answer, then
 * closes it. A reset or a socket already answering (pipelined) gets nothing more.
 */
export function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket, extraHeaders: Record<string, string>): void {
  if (error.code === "ECONNRESET" || !socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const reason = (error.message || String(error.code)).replace(/[\r\n]/g, " ").slice(0, 200);
  socket.end(rawErrorResponse(error.code, reason, extraHeaders));
  // end() flushes the answer, then closes; destroy only if the client never reads it.
  setTimeout(() => socket.destroy(), 1000).unref();
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
