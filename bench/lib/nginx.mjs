/**
 * Debian's nginx as an unprivileged child process with its own configuration in a temporary
 * directory (no daemon; pid, logs, temp and cache paths there), listening on 127.0.0.1 at a port
 * picked here. For the fleet tests (test/integration/fleet/) and bench scenario 14. Every wait is
 * bounded; the process started here is stopped by its own handle.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const BROTLI_STATIC = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/** Why nginx cannot run here, or null. */
export function nginxMissing() {
  if (!existsSync(NGINX)) return `${NGINX} not found (apt install nginx; .ci/run installs it)`;
  const version = spawnSync(NGINX, ["-v"], { encoding: "utf8", timeout: 5_000 });
  return version.status === 0 ? null : `${NGINX} -v failed: ${version.stderr}`;
}

/** A port free on 127.0.0.1 now (nginx cannot be told port 0 and report it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts nginx with `http(port, dir)` as the body of its http block; resolves once it accepts
 * connections (15 s at most).
 * @param {(port: number, dir: string) => string} http
 * @param {{ modules?: string[] }} [options]
 */
export async function startNginx(http, { modules = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "fg-nginx-"));
  // Run as root, nginx's workers drop to an unprivileged user: they must reach their temp paths.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = join(dir, "nginx.conf");
  const loads = modules.filter((module) => existsSync(module)).map((module) => `load_module ${module};`);
  writeFileSync(
    conf,
    `${loads.join("\n")}
daemon off;
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
  child.stderr.on("data", (chunk) => (stderr += chunk));
  await waitForPort(port, 15_000, () => (child.exitCode !== null ? `nginx exited: ${stderr}` : null));
  const errorLog = join(dir, "error.log");
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    errorLog: () => (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : ""),
    stop: async () => {
      await stopChild(child, "SIGQUIT");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `signal`, then SIGKILL after 5 s; resolves when the child is gone. */
export async function stopChild(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

async function waitForPort(port, withinMs, failed) {
  const deadline = Date.now() + withinMs;
  for (let attempt = 0; attempt < 300 && Date.now() < deadline; attempt++) {
    const problem = failed();
    if (problem !== null) throw new Error(problem);
    const ok = await new Promise((resolve) => {
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
