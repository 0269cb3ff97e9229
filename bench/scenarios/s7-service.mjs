/**
 * Scenario 7: the service as production runs it (issue 9). Each row has its baseline from the same run:
 *  - throughput on 300 distinct GET queries, half accepting gzip, vs a bare node:http server
 *    replaying the service's own bytes for each (children/bare-replay-server.mjs);
 *  - the access log's cost: the same load with --access-log vs without;
 *  - slow and idle clients: latency of normal requests while 500 slowloris and 5,000 idle
 *    keep-alive connections are open, vs with none;
 *  - a soak at 64 connections (--soak-seconds, default 60): RSS growth of the serving process;
 *  - a reload under load (--workers 1 and 2, the mainnet dataset swapped): errors and latency vs no reload;
 *  - socket-level fuzz (bench/lib/http-fuzz.mjs), 100,000 requests (10,000 with --quick).
 * Every load is bounded (autocannon duration, counts); loopback only.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { CLI, cliExists, DIST } from "../lib/package.mjs";
import { runFuzz } from "../lib/http-fuzz.mjs";
import { startServerProcess, stopProcess } from "../lib/processes.mjs";
import { costRow, figureRow, throughputRow, unavailableRow } from "../lib/report.mjs";

const BARE = fileURLToPath(new URL("../children/bare-replay-server.mjs", import.meta.url));
/** The shipped mainnet dataset, by path (the frozen copy of dist/ cannot import it by package name). */
const MAINNET = () => `${DIST}data/mainnet.json`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `serve` with stdout drained after the listening line (an access log must not pile up in this process). */
function startService(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let head = "";
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error(`serve ${args.join(" ")}: no listening line`))), 120_000);
    const onData = (d) => {
      head += d;
      const match = /listening on (http:\/\/\S+)/.exec(head);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      child.stdout.resume();
      resolve({ url: match[1], pid: child.pid, child, stderr: () => stderr, stop: () => stopProcess(child) });
    };
    child.stdout.on("data", onData);
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr.slice(-300)}`)));
  });
}

function cannon(options) {
  return new Promise((resolve, reject) => autocannon({ timeout: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
}
const errorsOf = (r) => r.errors + r.timeouts + r.non2xx;

/** 300 distinct GET requests (150 assets_from_source, 150 assets_between_chains); odd ones accept gzip. */
async function distinctRequests() {
  const { loadDataset } = await import(`${DIST}index.js`);
  const graph = loadDataset(readFileSync(`${DIST}data/mainnet.json`));
  const natives = graph.registry.assets.filter((asset) => asset.trace === "");
  const chains = graph.chainIds();
  const urls = [];
  for (let i = 0; urls.length < 150; i++) {
    const asset = natives[(i * 7919) % natives.length];
    const url = `/v2/fungible/assets_from_source?${new URLSearchParams({ source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id })}`;
    if (!urls.includes(url)) urls.push(url);
  }
  for (let i = 0; urls.length < 300; i++) {
    const url = `/v2/fungible/assets_between_chains?${new URLSearchParams({ source_chain_id: chains[(i * 31) % chains.length], dest_chain_id: chains[(i * 17 + 5) % chains.length] })}`;
    if (!urls.includes(url)) urls.push(url);
  }
  return urls.map((path, i) => ({ method: "GET", path, headers: i % 2 ? { "accept-encoding": "gzip" } : {} }));
}

async function throughputRows(seconds, dir) {
  const requests = await distinctRequests();
  const service = await startService(["--workers", "1", "--dataset", MAINNET()]);
  const logged = await startService(["--workers", "1", "--dataset", MAINNET(), "--access-log"]);
  const rows = [];
  try {
    const answers = [];
    const statuses = {};
    for (const request of requests) {
      const response = await fetch(`${service.url}${request.path}`, { headers: request.headers });
      const body = Buffer.from(await response.arrayBuffer());
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      const headers = { "content-type": response.headers.get("content-type") };
      // fetch decodes gzip; the bare server must send the encoded bytes the service sends.
      const gzip = response.headers.get("content-encoding") === "gzip";
      const bytes = gzip ? (await import("node:zlib")).gzipSync(body) : body;
      if (gzip) headers["content-encoding"] = "gzip";
      answers.push({ key: `${request.path} ${request.headers["accept-encoding"] ? 1 : 0}`, status: response.status, headers, body: bytes.toString("base64") });
    }
    const file = join(dir, "answers.json");
    writeFileSync(file, JSON.stringify(answers));
    const bare = await startServerProcess([BARE, file]);
    const load = (url) => cannon({ url, connections: 16, duration: seconds, requests });
    let bareResult;
    try {
      await cannon({ url: bare.url, connections: 16, duration: 1, requests });
      bareResult = await load(bare.url);
    } finally {
      await bare.stop();
    }
    await cannon({ url: service.url, connections: 16, duration: 1, requests });
    const full = await load(service.url);
    rows.push(
      throughputRow({
        scenario: "7 service, 300 distinct GETs",
        metric: "throughput vs bare replay, half gzip",
        value: full.requests.average,
        baseline: bareResult.requests.average,
        min: 0.8,
        extraMet: errorsOf(full) === 0,
        note: `${seconds} s x 16 connections, 1 process each; statuses ${JSON.stringify(statuses)}; errors service ${errorsOf(full)} bare ${errorsOf(bareResult)}; p99 ${full.latency.p99} ms vs ${bareResult.latency.p99} ms`,
      }),
    );
    await cannon({ url: logged.url, connections: 16, duration: 1, requests });
    const withLog = await load(logged.url);
    const again = await load(service.url);
    const without = Math.max(full.requests.average, again.requests.average);
    rows.push(
      throughputRow({
        scenario: "7 service, 300 distinct GETs",
        metric: "throughput with --access-log vs without",
        value: withLog.requests.average,
        baseline: without,
        min: 0.9,
        extraMet: errorsOf(withLog) === 0,
        note: `access log cost ${((1 - withLog.requests.average / without) * 100).toFixed(1)}% of throughput (JSON lines on a pipe, batched per 100 ms)`,
      }),
    );
  } finally {
    await Promise.all([service.stop(), logged.stop()]);
  }
  return rows;
}

/** Median, p99 and max latency (ms) of `count` sequential requests on fresh connections. */
async function probeLatency(url, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await fetch(`${url}/health`, { headers: { connection: "close" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`probe got ${response.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count / 2)], p99: times[Math.floor(count * 0.99)], max: times.at(-1) };
}

async function openSockets(port, count, first) {
  const sockets = [];
  for (let i = 0; i < count; i += 200) {
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(200, count - i) }, () => new Promise((resolve) => {
          const socket = connect(port, "127.0.0.1", () => (first && socket.write(first), resolve(socket)));
          socket.on("error", () => resolve(socket));
        })),
      )),
    );
  }
  return sockets;
}

async function slowClientRows() {
  const service = await startService(["--workers", "1", "--quiet", "--dataset", MAINNET()]);
  try {
    const port = Number(new URL(service.url).port);
    const baseline = await probeLatency(service.url, 200);
    // 5,000 idle connections that made one keep-alive request each, and 500 that trickle headers.
    const idle = await openSockets(port, 5000, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    const slow = await openSockets(port, 500, "GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    const drip = setInterval(() => slow.forEach((socket) => socket.writable && socket.write("a")), 1000);
    await sleep(500);
    const loaded = await probeLatency(service.url, 200);
    clearInterval(drip);
    for (const socket of [...idle, ...slow]) socket.destroy();
    return [
      figureRow({
        scenario: "7 service, 500 slowloris + 5,000 idle",
        metric: "added p99 latency of a normal request",
        value: loaded.p99 - baseline.p99,
        unit: "ms",
        target: "<= 100 ms",
        met: loaded.p99 - baseline.p99 <= 100,
        note: `p50/p99/max ${loaded.p50.toFixed(1)}/${loaded.p99.toFixed(1)}/${loaded.max.toFixed(1)} ms with them vs ${baseline.p50.toFixed(1)}/${baseline.p99.toFixed(1)}/${baseline.max.toFixed(1)} ms without; 200 requests each on fresh connections`,
      }),
    ];
  } finally {
    await service.stop();
  }
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) * 1024;

async function soakRows(seconds) {
  const requests = (await distinctRequests()).slice(0, 300);
  const service = await startService(["--workers", "1", "--quiet", "--dataset", MAINNET()]);
  try {
    await cannon({ url: service.url, connections: 64, duration: Math.min(10, seconds / 4), requests });
    const before = rssOf(service.pid);
    const r = await cannon({ url: service.url, connections: 64, duration: seconds, requests });
    const after = rssOf(service.pid);
    return [
      costRow({
        scenario: `7 service, soak ${seconds} s x 64 connections`,
        metric: "RSS after vs after warm-up",
        value: after,
        baseline: before,
        unit: "bytes",
        max: 1.1,
        note: `${r.requests.total} requests, ${Math.round(r.requests.average)} req/s, errors ${errorsOf(r)}; RSS ${(before / 2 ** 20).toFixed(0)} -> ${(after / 2 ** 20).toFixed(0)} MiB (one process, mainnet, 300 distinct queries)`,
      }),
    ];
  } finally {
    await service.stop();
  }
}

async function reloadRows(dir, seconds) {
  const rows = [];
  for (const workers of ["1", "2"]) {
    const file = join(dir, `dataset-${workers}.json`);
    copyFileSync(`${DIST}data/mainnet.json`, file);
    const service = await startService(["--workers", workers, "--dataset", file]);
    try {
      const load = { url: `${service.url}/health`, connections: 16, duration: seconds };
      const quiet = await cannon(load);
      const during = cannon(load);
      await sleep(1000);
      // A different dataset (testnet), renamed over the file, then SIGHUP.
      copyFileSync(`${DIST}data/testnet.json`, `${file}.tmp`);
      renameSync(`${file}.tmp`, file);
      process.kill(service.pid, "SIGHUP");
      const r = await during;
      const reloaded = /reload ok/.test(service.stderr());
      rows.push(
        costRow({
          scenario: `7 service, reload under load, --workers ${workers}`,
          metric: "max latency with a reload vs without",
          value: r.latency.max,
          baseline: quiet.latency.max,
          max: 1000,
          note: `${reloaded ? "reloaded" : "NOT reloaded"}; errors ${errorsOf(r)} of ${r.requests.total}; p99 ${r.latency.p99} vs ${quiet.latency.p99} ms; ${(/reload ok[^\n]*/.exec(service.stderr()) ?? [""])[0].replace(/^.*\(prepared/, "(prepared")}`,
        }),
      );
      rows.at(-1).met = reloaded && errorsOf(r) === 0 && r.latency.max <= 100 + quiet.latency.max;
      rows.at(-1).target = "0 errors, max <= +100 ms";
    } finally {
      await service.stop();
    }
  }
  return rows;
}

async function fuzzRows(count) {
  const service = await startService(["--workers", "1", "--quiet", "--dataset", MAINNET()]);
  try {
    const result = await runFuzz({ port: Number(new URL(service.url).port), count, seed: 99, concurrency: 32 });
    return [
      figureRow({
        scenario: "7 service, socket-level fuzz",
        metric: "failed exchanges (5xx, non-JSON, dropped)",
        value: result.failures,
        unit: "",
        target: "0",
        met: result.failures === 0 && result.sent === count,
        note: `${result.sent} raw requests in ${(result.ms / 1000).toFixed(0)} s; statuses ${JSON.stringify(result.statuses)}${result.examples.length ? `; first: ${JSON.stringify(result.examples[0]).slice(0, 200)}` : ""}`,
      }),
    ];
  } finally {
    await service.stop();
  }
}

export async function scenarioService({ quick, soakSeconds }) {
  if (!cliExists()) return [unavailableRow({ scenario: "7 service", why: "dist/cli.js does not exist" })];
  const dir = mkdtempSync(join(tmpdir(), "fg-bench-service-"));
  const rows = [];
  const step = async (name, run) => {
    try {
      rows.push(...(await run()));
    } catch (error) {
      rows.push({ ...unavailableRow({ scenario: `7 service ${name}`, why: "" }), note: `FAILED: ${error.message.slice(0, 300)}` });
    }
  };
  try {
    await step("throughput", () => throughputRows(quick ? 3 : 5, dir));
    await step("slow clients", () => slowClientRows());
    await step("soak", () => soakRows(soakSeconds ?? (quick ? 10 : 60)));
    await step("reload", () => reloadRows(dir, quick ? 8 : 12));
    await step("fuzz", () => fuzzRows(quick ? 10_000 : 100_000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
