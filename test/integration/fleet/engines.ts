/**
 * Real engines on loopback for the fleet tests: Debian's nginx (bench/lib/nginx.mjs, shared with
 * bench scenario 14) and a plain HTTP client on keep-alive agents that returns the raw bytes.
 */
import { request as httpRequest, Agent } from "node:http";

export { BROTLI_STATIC, freePort, nginxMissing, startNginx, stopChild, type Nginx } from "../../../bench/lib/nginx.mjs";

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET (or `method`) on a keep-alive agent; the raw body bytes, never decoded; 10 s at most. */
export function get(agent: Agent, base: string, target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: target, method, headers, agent, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
        resolve({ status: response.statusCode!, headers: out, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${target}: no answer within 10 s`)));
    req.on("error", reject);
    req.end();
  });
}

export { Agent };
