/**
 * A static file server on loopback (127.0.0.1, port 0) over a published directory, as nginx or a
 * CDN would serve it: strong ETags (a hash of the bytes), If-None-Match answered 304, 404 for a
 * missing file. Faults for the tests: a path's bytes replaced, a delay before the headers or in
 * the middle of a body, a body sent chunked with no length header (so only reading it shows its size).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";

export interface StaticServer {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  /** Every request's method, path and If-None-Match, in order. */
  requests: { path: string; ifNoneMatch: string | undefined }[];
  /** Fault injection, per path (`/latest.json`): bytes served instead of the file's. */
  replace: Map<string, Uint8Array | string>;
  /** Per path: ms to wait before the headers. */
  delayHeaders: Map<string, number>;
  /** Per path: ms to stall after half the body, the length header sent. */
  stallBody: Map<string, number>;
  /** Paths sent chunked, without Content-Length. */
  chunked: Set<string>;
  /** Per path: a 302 to this location. */
  redirect: Map<string, string>;
  close(): Promise<void>;
}

export async function startStaticServer(dir: string): Promise<StaticServer> {
  const requests: StaticServer["requests"] = [];
  const replace = new Map<string, Uint8Array | string>();
  const delayHeaders = new Map<string, number>();
  const stallBody = new Map<string, number>();
  const chunked = new Set<string>();
  const redirect = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    requests.push({ path, ifNoneMatch: request.headers["if-none-match"] });
    const location = redirect.get(path);
    if (location !== undefined) return void response.writeHead(302, { location }).end();
    const send = () => {
      let body: Buffer;
      try {
        const injected = replace.get(path);
        body = injected !== undefined ? Buffer.from(injected) : readFileSync(join(dir, normalize(path).replace(/^(\.\.[/\\])+/, "")));
      } catch {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
      if (request.headers["if-none-match"] === etag) {
        response.writeHead(304, { etag }).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/json", ...(chunked.has(path) ? {} : { "content-length": body.length }), etag, "cache-control": "no-cache" });
      const stall = stallBody.get(path);
      if (stall === undefined) {
        // Chunked: written in pieces, so the reader sees the size only as the bytes arrive.
        if (chunked.has(path)) for (let at = 0; at < body.length; at += 16_384) response.write(body.subarray(at, at + 16_384));
        return void response.end(chunked.has(path) ? undefined : body);
      }
      const half = Math.floor(body.length / 2);
      response.write(body.subarray(0, half));
      later(stall, () => response.end(body.subarray(half)));
    };
    const delay = delayHeaders.get(path);
    if (delay === undefined) send();
    else later(delay, send);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    replace,
    delayHeaders,
    stallBody,
    chunked,
    redirect,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
