/**
 * `fungible-graph serve` as a process: the listening line, PORT, flags, request logs, and
 * SIGTERM / SIGINT draining to exit 0, alone and with node:cluster workers. Loopback only.
 */
import { availableParallelism } from "node:os";
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_PATH } from "../http/fixture.js";
import { runCli, startServe, type ServeProcess } from "./run-cli.js";

const REG = ["--registry", FIXTURE_PATH];
const started: ServeProcess[] = [];
const atom = JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });

async function serve(args: string[], env: NodeJS.ProcessEnv = {}) {
  const process = await startServe(args, env);
  started.push(process);
  return process;
}

afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

const query = (url: string, body = atom) =>
  fetch(`${url}/v2/fungible/assets_from_source`, { method: "POST", headers: { "content-type": "application/json" }, body });

/** A port that was free a moment ago (the kernel picks it, then we let it go). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("serve", () => {
  it("prints the listening line, answers, writes the access log asked for, and drains on SIGTERM to exit 0", async () => {
    const server = await serve(["--port", "0", "--workers", "1", "--access-log", ...REG]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await query(server.url);
    expect(response.status).toBe(200);
    expect(Object.keys(((await response.json()) as { dest_assets: object }).dest_assets)).toContain("osmosis-1");
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const access = server.stdout().trim().split("\n").slice(1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(access.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual(["POST /v2/fungible/assets_from_source 200", "GET /health 200"]);
    expect(server.stderr()).toContain("SIGTERM: draining requests in flight");
  });

  it("exits 0 on SIGINT too", async () => {
    const server = await serve(["--port", "0", "--quiet", ...REG]);
    server.child.kill("SIGINT");
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it("honours PORT when --port is not given, and --port over PORT", async () => {
    const port = await freePort();
    const fromEnv = await serve([...REG, "--quiet"], { PORT: String(port) });
    expect(fromEnv.url).toBe(`http://127.0.0.1:${port}`);
    fromEnv.child.kill("SIGTERM");
    await fromEnv.exited;
    const fromFlag = await serve(["--port", "0", ...REG, "--quiet"], { PORT: "1" });
    expect(fromFlag.url).not.toBe("http://127.0.0.1:1");
  });

  it("--quiet logs nothing but the listening line, --body-limit applies", async () => {
    const server = await serve(["--port", "0", "--quiet", "--body-limit", "100", ...REG]);
    expect((await query(server.url)).status).toBe(200);
    const big = JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", pad: "x".repeat(100) });
    const refused = await query(server.url, big);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: 8 });
    server.child.kill("SIGTERM");
    await server.exited;
    expect(server.stdout().trim().split("\n")).toEqual([`listening on ${server.url}`]);
    expect(server.stderr()).toBe("");
  });

  it("--workers 2 serves from a node:cluster, announces once, and drains every worker on SIGTERM", async () => {
    const server = await serve(["--port", "0", "--workers", "2", ...REG]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => query(server.url)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(server.stdout().match(/listening on/g)).toHaveLength(1);
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain("2 workers");
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });

  it("--workers 2 --metrics: each worker answers /metrics for itself (Prometheus sums replicas)", async () => {
    const server = await serve(["--port", "0", "--workers", "2", "--metrics", "--quiet", ...REG]);
    const sent = 24;
    // A new connection each: the kernel hands them to either worker.
    for (let i = 0; i < sent; i++) expect((await fetch(`${server.url}/v2/info/chains`, { headers: { connection: "close" } })).status).toBe(200);
    const sample = (text: string, name: string) => Number(/^(\S+) (\S+)$/m.exec(text.split("\n").find((line) => line.startsWith(`${name} `)) ?? "")?.[2] ?? Number.NaN);
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${server.url}/metrics`, { headers: { connection: "close" } });
      expect(response.status).toBe(200);
      const text = await response.text();
      // One process's figures: one data version line, counting this process alone.
      expect(text.split("\n").filter((line) => line.startsWith("fungible_graph_data_version_info{")).map((line) => line.split(" ")[1])).toEqual(["1"]);
      const answered = sample(text, 'fungible_graph_http_requests_total{route="/v2/info/chains",method="GET",status="200"}');
      // This worker's share of the requests: never more than were sent.
      expect(Number.isNaN(answered) || answered <= sent).toBe(true);
    }
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it("picks a worker count that fits cores and memory by default, and says why", async () => {
    const server = await serve(["--port", "0", ...REG]);
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const why = /(\d+) workers?: (\d+) cores, (\d+) MiB available, (\d+) MiB per worker/.exec(server.stderr());
    expect(why).not.toBeNull();
    const [count, cores, available, perWorker] = why!.slice(1).map(Number) as [number, number, number, number];
    expect(cores).toBe(availableParallelism());
    expect(count).toBe(Math.max(1, Math.min(cores, Math.floor((available * 0.75) / perWorker))));
  });

  it("stops with exit 1 when its workers cannot start", async () => {
    const running = await serve(["--port", "0", "--quiet", ...REG]);
    const port = new URL(running.url).port;
    await expect(startServe(["--port", port, "--workers", "2", ...REG], {}, 20_000)).rejects.toThrow(/exited \(1\) before listening[\s\S]*EADDRINUSE/);
  });

  it("refuses a bad cache size with a usage error (exit 2), and serves with good ones", async () => {
    for (const args of [["--answer-cache-bytes=-5"], ["--compressed-cache-bytes", "lots"], ["--answer-cache-bytes", "99999999999999"]]) {
      const result = await runCli(["serve", "--port", "0", ...args, ...REG]);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`${args[0]!.split("=")[0]} must be a whole number`));
    }
    const server = await serve(["--port", "0", "--workers", "1", "--quiet", "--answer-cache-bytes", "0", "--compressed-cache-bytes", "4096", ...REG]);
    expect((await query(server.url)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  });

  it("serves the embedded chain registry when given no registry", async () => {
    const server = await serve(["--port", "0", "--quiet"]);
    const body = (await (await query(server.url)).json()) as { dest_assets: Record<string, unknown> };
    expect(Object.keys(body.dest_assets)).toContain("osmosis-1");
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  });
});
