/**
 * Raw HTTP over node:net for tests that send what a real client library would refuse to send
 * (malformed request lines, bad Host headers, partial headers) and read exactly what comes back.
 */
import { connect, type Socket } from "node:net";

export interface RawAnswer {
  /** Everything the server sent, as latin1 text. */
  text: string;
  /** The status code of the first response, or null when none came. */
  status: number | null;
  /** The first response's headers, lower-cased names. */
  headers: Record<string, string>;
  /** The first response's body (by Content-Length or up to the close). */
  body: string;
  /** The server closed the connection (rather than our timeout). */
  closedByServer: boolean;
  /** A socket error (ECONNRESET...), if any. */
  error: string | null;
}

/** Sends `bytes`, then reads until the server closes or one full response arrived (when `oneResponse`), or `timeoutMs`. */
export function rawRequest(port: number, bytes: string | Buffer, { timeoutMs = 5000, oneResponse = true } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const head = (typeof bytes === "string" ? bytes : bytes.toString("latin1")).startsWith("HEAD ");
    let error: string | null = null;
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks).toString("latin1"), closedByServer, error));
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (oneResponse && complete(Buffer.concat(chunks).toString("latin1"), head)) finish(false);
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => finish(true));
    socket.write(bytes);
  });
}

function complete(text: string, head: boolean): boolean {
  const end = text.indexOf("\r\n\r\n");
  if (end === -1) return false;
  const headers = text.slice(0, end + 2);
  if (head || /^HTTP\/1\.1 (204|304)/.test(text)) return true;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers);
  if (length) return Buffer.byteLength(text.slice(end + 4), "latin1") >= Number(length[1]);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(headers)) return text.endsWith("0\r\n\r\n");
  return false; // read to the close
}

function parse(text: string, closedByServer: boolean, error: string | null): RawAnswer {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  const end = text.indexOf("\r\n\r\n");
  const headers: Record<string, string> = {};
  if (end !== -1) {
    for (const line of text.slice(0, end).split("\r\n").slice(1)) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  let body = end === -1 ? "" : text.slice(end + 4);
  if (headers["content-length"] !== undefined) body = body.slice(0, Number(headers["content-length"]));
  else if (headers["transfer-encoding"] === "chunked") body = dechunk(body);
  return { text, status: match ? Number(match[1]) : null, headers, body, closedByServer, error };
}

function dechunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const line = rest.indexOf("\r\n");
    if (line === -1) return out;
    const size = Number.parseInt(rest.slice(0, line), 16);
    if (!(size > 0)) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}
