/**
 * Real engines on loopback for the fleet tests: Debian's nginx (bench/lib/nginx.mjs, shared with
 * bench scenario 14) and a plain HTTP client on keep-alive agents that returns the raw bytes.
 */
import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest, Agent } from "node:http";
import { fileURLToPath } from "node:url";

export { BROTLI_STATIC, freePort, nginxMissing, startNginx, stopChild, type Nginx } from "../../../bench/lib/nginx.mjs";

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET (or `method`, with `body`) on a keep-alive agent; the raw body bytes, never decoded; 10 s at most. */
export function get(agent: Agent, base: string, target: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Answer> {
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
    req.end(body);
  });
}

export { Agent };

/** Debian's njs module (libnginx-mod-http-js), which the static export's POST forms need. */
export const NJS = "/usr/lib/nginx/modules/ngx_http_js_module.so";
const STATIC_EXPORT_CONF = fileURLToPath(new URL("../../../examples/nginx/static-export.conf", import.meta.url));
const STATIC_EXPORT_JS = fileURLToPath(new URL("../../../examples/nginx/static-export.js", import.meta.url));

/** Why the static export's configuration cannot run here, or null. */
export function njsMissing(): string | null {
  return existsSync(NJS) ? null : `no njs module at ${NJS} (apt install libnginx-mod-http-js)`;
}

/**
 * The documented static-export configuration (examples/nginx/static-export.conf) pointed at
 * `exportDir`, `port` and the example njs file, and, given `origin` (host:port of a live
 * replica), with the upstream its comments describe: nothing else changed.
 */
export function staticExportConfig(exportDir: string, port: number, origin?: string): string {
  let text = readFileSync(STATIC_EXPORT_CONF, "utf8")
    .replaceAll("/srv/fungible-graph/current", exportDir)
    .replace("/etc/nginx/fungible-graph/static-export.js", STATIC_EXPORT_JS)
    .replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${port};`);
  if (origin !== undefined) {
    const upstream = "# upstream fungible_graph_replicas { server 127.0.0.1:3000; server 127.0.0.1:3001; }";
    const unset = 'map "" $fungible_graph_origin { default ""; }';
    if (!text.includes(upstream) || !text.includes(unset)) throw new Error("static-export.conf no longer has the documented origin lines");
    text = text.replace(upstream, `upstream fungible_graph_replicas { server ${origin}; }`).replace(unset, 'map "" $fungible_graph_origin { default "http://fungible_graph_replicas"; }');
  }
  return text;
}
