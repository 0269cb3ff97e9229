/**
 * Real engines on loopback for the fleet tests: Debian's nginx run as an unprivileged child with
 * its own configuration in a temporary directory (no daemon, its pid, logs and temp paths there),
 * `fungible-graph serve` replicas (the built CLI), and plain HTTP clients on keep-alive agents.
 * Every wait is bounded in time; every process started here is stopped by its own handle.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, Agent } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const MODULES = "/usr/lib/nginx/modules";
export const BROTLI_STATIC = `${MODULES}/ngx_http_brotli_static_module.so`;

/** Why nginx cannot run here, or null (the tests skip, saying why, as the browser tests do). */
export function nginxMissing(): string | null {
  if (!existsSync(NGINX)) return `${NGINX} not found (apt install nginx; .ci/run installs it)`;
  const version = spawnSync(NGINX, ["-v"], { encoding: "utf8", timeout: 5_000 });
  return version.status === 0 ? null : `${NGINX} -v failed: ${version.stderr}`;
}

/** A port free on 127.0.0.1 now (nginx cannot be told port 0 and report it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

export interface Nginx {
  url: string;
  dir: string;
  stop(): Promise<void>;
  errorLog(): string;
}

/**
 * Starts nginx with `http` as the body of its http block (`$PORT` replaced by the port it
 * listens on) and resolves once it accepts connections (within 15 s).
 */
export async function startNginx(http: (port: number, dir: string) => string, options: { modules?: string[] } = {}): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), "fg-nginx-"));
  // Run as root, nginx's workers drop to an unprivileged user: they must reach their temp paths.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = join(dir, "nginx.conf");
  const modules = (options.modules ?? []).filter((module) => existsSync(module)).map((module) => `load_module ${module};`);
  writeFileSync(
    conf,
    `${modules.join("\n")}
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${http(port, dir)}
}
`,
  );
  const checked = spawnSync(NGINX, ["-p", dir, "-c", conf, "-t"], { encoding: "utf8", timeout: 30_000 });
  if (checked.status !== 0) throw new Error(`nginx -t refused the configuration:\n${checked.stderr}`);
  const child = spawn(NGINX, ["-p", dir, "-c", conf], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForPort(port, 15_000, () => (child.exitCode !== null ? `nginx exited: ${stderr}` : null));
  return {
    url,
    dir,
    errorLog: () => (existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : ""),
    stop: async () => {
      await stopChild(child, "SIGQUIT");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stops a child it started: `signal`, then SIGKILL after 5 s. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

async function waitForPort(port: number, withinMs: number, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (let attempt = 0; attempt < 300 && Date.now() < deadline; attempt++) {
    const problem = failed();
    if (problem !== null) throw new Error(problem);
    const ok = await new Promise<boolean>((resolve) => {
      const probe = httpRequest({ host: "127.0.0.1", port, path: "/", method: "HEAD", timeout: 1_000 }, (response) => {
        response.resume();
        resolve(true);
      });
      probe.on("error", () => resolve(false));
      probe.on("timeout", () => probe.destroy());
      probe.end();
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within ${withinMs} ms`);
}

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
