/**
 * Scenario 7: the service as production runs it (issue 9). Each row has its baseline from the same run:
 *  - throughput on 300 distinct GET queries (150 from_source, 150 between connected chain pairs),
 *    half accepting gzip, vs a bare node:http server replaying the service's own bytes for each
 *    (children/bare-replay-server.mjs); the note says how many answers were gzip-encoded and the
 *    CPU the server and the load generator used (from /proc);
 *  - the access log's cost: the same load with --access-log vs without;
 *  - slow and idle clients: latency of normal requests while 500 slowloris and 5,000 idle
 *    keep-alive connections are open, vs with none;
 *  - a soak at 64 connections (--soak-seconds, default 60): RSS growth of the serving process,
 *    measured from after a warm-up with the soak's own request mix;
 *  - a reload under load (--workers 1 and 2, the mainnet dataset swapped): errors and latency vs no reload;
 *  - a reload of the full mainnet REGISTRY file (`serve --registry FILE`, SIGHUP) under 16 busy
 *    connections: seconds until /health names the new data (target 3 s), --workers 1 and 2;
 *  - the slowest of 200 normal requests while 2,000 idle keep-alive and 300 slowloris connections
 *    are open (target 250 ms);
 *  - kept answers keyed by meaning: 200 GETs of /v2/fungible/assets each with a distinct unknown
 *    parameter vs the same 200 without it (a new spelling of a kept question costs a parse, never a
 *    computation; issue 33 measured 7.6x before answers were keyed by meaning);
 *  - socket-level fuzz (bench/lib/http-fuzz.mjs), 100,000 requests one per connection (10,000 with
 *    --quick), then 10,000 on kept-alive and 10,000 on pipelined connections (2,000 each with --quick).
 * Every load is bounded (autocannon duration, counts); loopback only.
 */
import { spawn } from "node:child_process";
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { importTool } from "../../scripts/integration-tools.mjs";
import { CLI, cliExists, DIST, datasetFile, datasetText } from "../lib/package.mjs";
import { runFuzz } from "../lib/http-fuzz.mjs";
import { startServerProcess, stopProcess } from "../lib/processes.mjs";
import { replayedHeaders } from "../lib/replayed-headers.mjs";
import { ALTERNATED_ROUNDS } from "../lib/timing.mjs";
import { costRow, figureRow, throughputRow, unavailableRow } from "../lib/report.mjs";

// autocannon is one of the integration tools (test/integration/package.json), not a root devDependency.
const { default: autocannon } = await importTool("autocannon");

const BARE = fileURLToPath(new URL("../children/bare-replay-server.mjs", import.meta.url));
/** The shipped mainnet dataset, as a file (the frozen copy of dist/ cannot import it by package name). */
const MAINNET = datasetFile;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `serve`, ready at its `listening on` line. stdout is drained here (so nothing piles up), or,
 * with `logFile`, written to that file as an operator runs it (`serve --access-log >> access.log`):
 * then this process, which is also the load generator, does not pay for reading the log.
 * @param {string[]} args
 * @param {{ logFile?: string }} [options]
 */
function startService(args, { logFile } = {}) {
  return new Promise((resolve, reject) => {
    const out = logFile === undefined ? "pipe" : openSync(logFile, "w");
    const child = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], { stdio: ["ignore", out, "pipe"] });
    if (typeof out === "number") closeSync(out);
    let head = "";
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    let poll;
    const timer = setTimeout(() => (clearInterval(poll), child.kill("SIGKILL"), reject(new Error(`serve ${args.join(" ")}: no listening line`))), 120_000);
    const found = (text) => {
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (!match) return false;
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ url: match[1], pid: child.pid, child, stderr: () => stderr, stop: () => stopProcess(child) });
      return true;
    };
    if (logFile !== undefined) poll = setInterval(() => found(readFileSync(logFile, "utf8").slice(0, 4096)), 50);
    else {
      const onData = (d) => {
        head += d;
        if (!found(head)) return;
        child.stdout.off("data", onData);
        child.stdout.resume();
      };
      child.stdout.on("data", onData);
    }
    child.on("exit", (code) => (clearInterval(poll), reject(new Error(`serve exited ${code}: ${stderr.slice(-300)}`))));
  });
}

function cannon(options) {
  return new Promise((resolve, reject) => autocannon({ timeout: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
}
const errorsOf = (r) => r.errors + r.timeouts + r.non2xx;

/**
 * 300 distinct GET requests: 150 assets_from_source (natives spread over the registry) and 150
 * assets_between_chains on chain pairs that are actually connected (a non-empty answer, the
 * largest first, so most are over the 1 KB compression threshold); odd ones accept gzip.
 */
let distinct;
function distinctRequests() {
  distinct ??= findDistinctRequests();
  return distinct;
}

async function findDistinctRequests() {
  const { loadRouter } = await import(`${DIST}index.js`);
  const router = await loadRouter({ dataset: await datasetText() });
  const natives = router.registry.assets.filter((asset) => asset.trace === "");
  const chains = router.chainIds();
  const urls = [];
  for (let i = 0; urls.length < 150; i++) {
    const asset = natives[(i * 7919) % natives.length];
    const url = `/v2/fungible/assets_from_source?${new URLSearchParams({ source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id })}`;
    if (!urls.includes(url)) urls.push(url);
  }
  // Every ordered pair (bounded: 60 s at most), keeping the ones with a non-empty answer.
  const pairs = [];
  const deadline = Date.now() + 60_000;
  for (const source of chains) {
    if (Date.now() > deadline) break;
    for (const dest of chains) {
      if (source === dest) continue;
      const answer = router.assetsBetweenChains({ source_chain_id: source, dest_chain_id: dest });
      if (answer.assets_between_chains.length > 0) pairs.push({ source, dest, bytes: JSON.stringify(answer).length });
    }
  }
  // Largest first, each source chain at most 5 times so the set stays spread over the registry.
  pairs.sort((a, b) => b.bytes - a.bytes || (a.source + a.dest < b.source + b.dest ? -1 : 1));
  const perSource = new Map();
  const chosen = [];
  for (const pair of pairs) {
    if (chosen.length === 150) break;
    if ((perSource.get(pair.source) ?? 0) >= 5) continue;
    perSource.set(pair.source, (perSource.get(pair.source) ?? 0) + 1);
    chosen.push(pair);
  }
  for (const pair of pairs) if (chosen.length < 150 && !chosen.includes(pair)) chosen.push(pair);
  for (const { source, dest } of chosen) urls.push(`/v2/fungible/assets_between_chains?${new URLSearchParams({ source_chain_id: source, dest_chain_id: dest })}`);
  const between = { connected: pairs.length, chosen: chosen.length, over1k: chosen.filter((p) => p.bytes >= 1024).length };
  return { requests: urls.map((path, i) => ({ method: "GET", path, headers: i % 2 ? { "accept-encoding": "gzip" } : {} })), between };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime), in clock ticks; 100 per second on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Runs `load()` and says how much CPU the server process and this (load generator) process used meanwhile. */
async function withCpu(pid, load) {
  const server0 = cpuSecondsOf(pid);
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await load();
  const wall = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(self0);
  const server = cpuSecondsOf(pid) - server0;
  const harness = (self.user + self.system) / 1e6;
  return { result, serverSeconds: server, cpu: `server CPU ${server.toFixed(1)} s (${((server / wall) * 100).toFixed(0)}% of a core), load generator ${harness.toFixed(1)} s (${((harness / wall) * 100).toFixed(0)}%) over ${wall.toFixed(1)} s` };
}

/** Exported (like soakRows and fuzzRows) so one row can be run alone while working on it. */
export async function throughputRows(seconds, dir) {
  const { requests, between } = await distinctRequests();
  const service = await startService(["--workers", "1", "--dataset", await MAINNET()]);
  const rows = [];
  try {
    const answers = [];
    const statuses = {};
    const sizes = [];
    let gzipped = 0;
    for (const request of requests) {
      // fetch offers gzip unless told otherwise; autocannon sends only the request's own headers.
      const response = await fetch(`${service.url}${request.path}`, { headers: { "accept-encoding": "identity", ...request.headers } });
      const body = Buffer.from(await response.arrayBuffer());
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      sizes.push(body.length);
      const headers = replayedHeaders(response.headers);
      // fetch decodes gzip; the bare server must send the encoded bytes the service sends.
      const gzip = response.headers.get("content-encoding") === "gzip";
      if (gzip) gzipped++;
      const bytes = gzip ? (await import("node:zlib")).gzipSync(body) : body;
      answers.push({ key: `${request.path} ${request.headers["accept-encoding"] ? 1 : 0}`, status: response.status, headers, body: bytes.toString("base64") });
    }
    const file = join(dir, "answers.json");
    writeFileSync(file, JSON.stringify(answers));
    const bare = await startServerProcess([BARE, file]);
    const load = (url) => cannon({ url, connections: 16, duration: seconds, requests });
    // Alternated (bare, service, bare, service, ...), the best run of each, as in scenario 5: drift
    // on a shared box falls on both sides.
    const bareRuns = [];
    const plainRuns = [];
    try {
      await cannon({ url: bare.url, connections: 16, duration: 1, requests });
      await cannon({ url: service.url, connections: 16, duration: 1, requests });
      for (let round = 0; round < ALTERNATED_ROUNDS; round++) {
        bareRuns.push(await withCpu(bare.pid, () => load(bare.url)));
        plainRuns.push(await withCpu(service.pid, () => load(service.url)));
      }
    } finally {
      await bare.stop();
    }
    const { result: bareResult, cpu: bareCpu } = best(bareRuns);
    const { result: full, cpu: fullCpu } = best(plainRuns);
    sizes.sort((a, b) => a - b);
    const mix = `${gzipped} of ${requests.length / 2} gzip-accepting requests answered gzip-encoded (answers >= 1 KB); between-chains pairs: ${between.chosen} of ${between.connected} connected pairs, ${between.over1k} with answers >= 1 KB; answer sizes median ${sizes[sizes.length >> 1]} B, min ${sizes[0]} B`;
    rows.push(
      throughputRow({
        scenario: "7 service, 300 distinct GETs",
        metric: "throughput vs bare replay, half gzip",
        value: full.requests.average,
        baseline: bareResult.requests.average,
        min: 0.8,
        extraMet: errorsOf(full) === 0,
        note: `${seconds} s x 16 connections, 1 process each, the best of ${ALTERNATED_ROUNDS} alternated runs each; the bare server sends the service's headers and bytes; statuses ${JSON.stringify(statuses)}; ${mix}; errors service ${errorsOf(full)} bare ${errorsOf(bareResult)}; p99 ${full.latency.p99} ms vs ${bareResult.latency.p99} ms; service: ${fullCpu}; bare: ${bareCpu}`,
      }),
    );
  } finally {
    await service.stop();
  }
  return rows;
}

const best = (runs) => runs.reduce((a, b) => (b.result.requests.average > a.result.requests.average ? b : a));

/**
 * The access log's cost: two services started side by side, one with --access-log (to a file),
 * each warmed up alike (one pass over the 300 requests, then a 1 s load), so neither side carries
 * an answer cache or compiled code the other lacks; then alternated loads, the best of each.
 */
export async function accessLogRows(seconds, dir) {
  const { requests } = await distinctRequests();
  const service = await startService(["--workers", "1", "--dataset", await MAINNET()]);
  const logged = await startService(["--workers", "1", "--dataset", await MAINNET(), "--access-log"], { logFile: join(dir, "access.log") });
  const load = (url) => cannon({ url, connections: 16, duration: seconds, requests });
  try {
    for (const { url } of [service, logged]) {
      for (const request of requests) await (await fetch(`${url}${request.path}`, { headers: request.headers })).arrayBuffer();
      await cannon({ url, connections: 16, duration: 1, requests });
    }
    // Alternated, each round's first side swapped (logged, plain; plain, logged; ...), so drift on a
    // shared box falls on both sides; the best run of each.
    const loggedRuns = [];
    const unloggedRuns = [];
    for (let round = 0; round < ALTERNATED_ROUNDS; round++) {
      const sides = [
        async () => loggedRuns.push(await withCpu(logged.pid, () => load(logged.url))),
        async () => unloggedRuns.push(await withCpu(service.pid, () => load(service.url))),
      ];
      if (round % 2 === 1) sides.reverse();
      for (const side of sides) await side();
    }
    const withLog = best(loggedRuns).result;
    const without = best(unloggedRuns).result.requests.average;
    // CPU per request of the server process: what the log costs the server itself, whatever else runs on the box.
    const perRequest = (runs) => (runs.reduce((sum, run) => sum + run.serverSeconds, 0) / runs.reduce((sum, run) => sum + run.result.requests.total, 0)) * 1e6;
    const cpuWith = perRequest(loggedRuns);
    const cpuWithout = perRequest(unloggedRuns);
    return [
      throughputRow({
        scenario: "7 service, 300 distinct GETs",
        metric: "throughput with --access-log vs without",
        value: withLog.requests.average,
        baseline: without,
        min: 0.9,
        extraMet: errorsOf(withLog) === 0,
        note: `access log cost ${((1 - withLog.requests.average / without) * 100).toFixed(1)}% of throughput (${Math.round(withLog.requests.average)} vs ${Math.round(without)} req/s, the best of ${ALTERNATED_ROUNDS} alternated runs each) and ${((cpuWith / cpuWithout - 1) * 100).toFixed(1)}% of server CPU per request (${cpuWith.toFixed(0)} vs ${cpuWithout.toFixed(0)} µs, every run); JSON lines to a file, batched per 100 ms; errors ${errorsOf(withLog)}`,
      }),
    ];
  } finally {
    await Promise.all([service.stop(), logged.stop()]);
  }
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

/**
 * 200 normal requests before and while `idleCount` idle keep-alive connections (one request
 * made each) and `slowCount` slowloris connections (headers trickled a byte a second) are open.
 */
async function latencyWithIdleAndSlow(url, idleCount, slowCount) {
  const port = Number(new URL(url).port);
  const baseline = await probeLatency(url, 200);
  const idle = await openSockets(port, idleCount, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
  const slow = await openSockets(port, slowCount, "GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ");
  const drip = setInterval(() => slow.forEach((socket) => socket.writable && socket.write("a")), 1000);
  await sleep(500);
  const loaded = await probeLatency(url, 200);
  clearInterval(drip);
  for (const socket of [...idle, ...slow]) socket.destroy();
  return { baseline, loaded };
}

async function slowClientRows() {
  const service = await startService(["--workers", "1", "--quiet", "--dataset", await MAINNET()]);
  try {
    const { baseline, loaded } = await latencyWithIdleAndSlow(service.url, 5000, 500);
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

/**
 * The soak: first a warm-up with the soak's own request mix until the caches and the lazily built
 * route tables hold everything the mix asks for (one pass over every request, with and without
 * gzip, then `warmSeconds` of the same load at 64 connections so the heap reaches its working
 * size), THEN the baseline, then `seconds` of the same load. RSS is sampled every second under
 * load; the row compares the troughs of the second halves of each (a leak lifts the troughs
 * through the soak; GC's sawtooth around a flat live set does not).
 */
export async function soakRows(seconds) {
  const { requests } = await distinctRequests();
  const service = await startService(["--workers", "1", "--quiet", "--dataset", await MAINNET()]);
  try {
    const start = rssOf(service.pid);
    for (const request of requests) {
      for (const encoding of [{ "accept-encoding": "identity" }, { "accept-encoding": "gzip" }]) {
        const response = await fetch(`${service.url}${request.path}`, { headers: encoding });
        await response.arrayBuffer();
      }
    }
    const afterPass = rssOf(service.pid);
    const warmSeconds = Math.max(20, Math.round(seconds / 3));
    const sampled = async (duration) => {
      const samples = [];
      const sampler = setInterval(() => samples.push(rssOf(service.pid)), 1000);
      try {
        const run = await withCpu(service.pid, () => cannon({ url: service.url, connections: 64, duration, requests }));
        return { ...run, samples };
      } finally {
        clearInterval(sampler);
      }
    };
    const warm = await sampled(warmSeconds);
    const soak = await sampled(seconds);
    const r = soak.result;
    // RSS under load is a GC sawtooth (V8 lets garbage pile up to a limit, then a major GC drops
    // it): ~60 MiB peak to trough here, with the live heap flat. What a leak raises is the troughs,
    // so compare the lowest one-second sample of the second half of the soak with the lowest of
    // the second half of the warm-up (each half spans a GC cycle or more).
    const trough = (samples) => Math.min(...samples.slice(samples.length >> 1));
    const before = trough(warm.samples);
    const after = trough(soak.samples);
    const mib = (bytes) => (bytes / 2 ** 20).toFixed(0);
    const range = (samples) => `${mib(Math.min(...samples))}-${mib(Math.max(...samples))}`;
    return [
      costRow({
        scenario: `7 service, soak ${seconds} s x 64 connections`,
        metric: "RSS troughs, end of soak vs end of warm-up",
        value: after,
        baseline: before,
        unit: "bytes",
        max: 1.1,
        note: `${r.requests.total} requests, ${Math.round(r.requests.average)} req/s, errors ${errorsOf(r) + errorsOf(warm.result)}; RSS ${mib(start)} MiB at start, ${mib(afterPass)} after one pass over the ${requests.length} requests (x2 encodings), ${range(warm.samples)} during the ${warmSeconds} s warm-up load (trough of its second half ${mib(before)}: the baseline), ${range(soak.samples)} during the soak (trough of its second half ${mib(after)}); ${soak.cpu} (one process, mainnet)`,
      }),
    ];
  } finally {
    await service.stop();
  }
}

/** The slowest of 200 normal requests while 2,000 idle keep-alive and 300 slowloris connections are open. */
export async function slowestRows() {
  const service = await startService(["--workers", "1", "--quiet", "--dataset", await MAINNET()]);
  try {
    const { baseline, loaded } = await latencyWithIdleAndSlow(service.url, 2000, 300);
    return [
      figureRow({
        scenario: "7 service, 300 slowloris + 2,000 idle",
        metric: "slowest of 200 normal requests",
        value: loaded.max,
        unit: "ms",
        target: "<= 250 ms",
        met: loaded.max <= 250,
        note: `p50/p99/max ${loaded.p50.toFixed(1)}/${loaded.p99.toFixed(1)}/${loaded.max.toFixed(1)} ms with them vs ${baseline.p50.toFixed(1)}/${baseline.p99.toFixed(1)}/${baseline.max.toFixed(1)} ms without; fresh connection per request`,
      }),
    ];
  } finally {
    await service.stop();
  }
}

/**
 * `serve --registry FILE` with the full mainnet registry (the shipped dataset's, as a project-format
 * file); under 16 connections of the 300 distinct GETs, the file is changed (renamed over) and
 * SIGHUP sent: the time until /health names the new data version. Bounded: 30 s at most.
 */
export async function registryReloadRows(dir) {
  const { loadRouter } = await import(`${DIST}index.js`);
  const registry = (await loadRouter({ dataset: await datasetText() })).registry;
  const { requests } = await distinctRequests();
  const rows = [];
  for (const workers of ["1", "2"]) {
    const file = join(dir, `registry-${workers}.json`);
    writeFileSync(file, JSON.stringify(registry));
    const service = await startService(["--workers", workers, "--quiet", "--registry", file]);
    try {
      const before = (await (await fetch(`${service.url}/health`)).json()).data_version;
      const load = cannon({ url: service.url, connections: 16, duration: 12, requests });
      await sleep(2000);
      const changed = { ...registry, chains: registry.chains.map((chain, i) => (i === 0 ? { ...chain, pretty_name: `${chain.pretty_name ?? chain.chain_id} (reloaded)` } : chain)) };
      writeFileSync(`${file}.tmp`, JSON.stringify(changed));
      renameSync(`${file}.tmp`, file);
      const t0 = performance.now();
      process.kill(service.pid, "SIGHUP");
      let seconds = Number.NaN;
      while (performance.now() - t0 < 30_000) {
        const now = (await (await fetch(`${service.url}/health`, { headers: { connection: "close" } })).json()).data_version;
        if (now !== before) {
          seconds = (performance.now() - t0) / 1000;
          break;
        }
        await sleep(20);
      }
      const r = await load;
      rows.push(
        figureRow({
          scenario: `7 service, registry reload under load, --workers ${workers}`,
          metric: "SIGHUP to new data served (full mainnet registry)",
          value: seconds,
          unit: "s",
          target: "<= 3 s, 0 errors",
          met: seconds <= 3 && errorsOf(r) === 0,
          note: `16 connections of the 300 distinct GETs, ${Math.round(r.requests.average)} req/s, errors ${errorsOf(r)} of ${r.requests.total}, max latency ${r.latency.max} ms`,
        }),
      );
    } finally {
      await service.stop();
    }
  }
  return rows;
}

export async function reloadRows(dir, seconds) {
  const rows = [];
  for (const workers of ["1", "2"]) {
    const file = join(dir, `dataset-${workers}.json`);
    copyFileSync(await MAINNET(), file);
    const service = await startService(["--workers", workers, "--dataset", file]);
    try {
      const load = { url: `${service.url}/health`, connections: 16, duration: seconds };
      const quiet = await cannon(load);
      const during = cannon(load);
      await sleep(1000);
      // A different dataset (testnet), renamed over the file, then SIGHUP.
      copyFileSync(await datasetFile("testnet"), `${file}.tmp`);
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

/** Wall ms of `targets` asked one after another on one keep-alive connection. */
async function sequentialMs(url, targets) {
  const started = performance.now();
  for (const target of targets) {
    const response = await fetch(`${url}${target}`, { headers: { "accept-encoding": "identity" } });
    if (response.status !== 200) throw new Error(`${target}: ${response.status}`);
    await response.arrayBuffer();
  }
  return performance.now() - started;
}

export async function keptByMeaningRows(count = 200) {
  const service = await startService(["--workers", "1", "--quiet", "--dataset", await MAINNET()]);
  try {
    const plain = Array.from({ length: count }, () => "/v2/fungible/assets");
    await sequentialMs(service.url, plain.slice(0, 5));
    // A fresh set of spellings each round: every one is new to the service when it is asked.
    const spelled = (round) => Array.from({ length: count }, (_, i) => `/v2/fungible/assets?utm_${round}_${i}=${i}`);
    const plainRuns = [];
    const spelledRuns = [];
    for (let round = 0; round < ALTERNATED_ROUNDS; round++) {
      plainRuns.push(await sequentialMs(service.url, plain));
      spelledRuns.push(await sequentialMs(service.url, spelled(round)));
    }
    const value = Math.min(...spelledRuns);
    const baseline = Math.min(...plainRuns);
    return [
      costRow({
        scenario: "7 service, kept answers by meaning",
        metric: `${count} GETs of /v2/fungible/assets, each with a new unknown parameter, vs without`,
        value,
        baseline,
        max: 1.5,
        note: `sequential on one process, the best of ${ALTERNATED_ROUNDS} alternated rounds each (${spelledRuns.map((ms) => ms.toFixed(0)).join(", ")} vs ${plainRuns.map((ms) => ms.toFixed(0)).join(", ")} ms); the same kept answer, found by what the request means`,
      }),
    ];
  } finally {
    await service.stop();
  }
}

export async function fuzzRows(count, sequenceCount) {
  const service = await startService(["--workers", "1", "--quiet", "--dataset", await MAINNET()]);
  const port = Number(new URL(service.url).port);
  const rows = [];
  try {
    const result = await runFuzz({ port, count, seed: 99, concurrency: 32 });
    rows.push(
      figureRow({
        scenario: "7 service, socket-level fuzz",
        metric: "failed exchanges (5xx, non-JSON, dropped)",
        value: result.failures,
        unit: "",
        target: "0",
        met: result.failures === 0 && result.sent === count,
        note: `${result.sent} raw requests, one per connection, in ${(result.ms / 1000).toFixed(0)} s; statuses ${JSON.stringify(result.statuses)}${result.examples.length ? `; first: ${JSON.stringify(result.examples[0]).slice(0, 200)}` : ""}`,
      }),
    );
    for (const mode of /** @type {const} */ (["keep-alive", "pipelined"])) {
      const r = await runFuzz({ port, count: sequenceCount, seed: mode === "pipelined" ? 101 : 100, concurrency: 32, mode });
      rows.push(
        figureRow({
          scenario: `7 service, socket-level fuzz, ${mode}`,
          metric: "failed exchanges (5xx, non-JSON, parsed request unanswered)",
          value: r.failures,
          unit: "",
          target: "0",
          met: r.failures === 0 && r.sent === sequenceCount && r.answered === r.owed,
          note: `${r.sent} requests on ${r.connections} connections (${r.junk} ending in junk bytes) in ${(r.ms / 1000).toFixed(0)} s; ${r.answered} of ${r.owed} owed an answer (sent before any Connection: close answer) answered in full; statuses ${JSON.stringify(r.statuses)}${r.examples.length ? `; first: ${JSON.stringify(r.examples[0]).slice(0, 200)}` : ""}`,
        }),
      );
    }
  } finally {
    await service.stop();
  }
  return rows;
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
    await step("access log", () => accessLogRows(quick ? 3 : 5, dir));
    await step("kept answers by meaning", () => keptByMeaningRows());
    await step("slow clients", () => slowClientRows());
    await step("slowest request", () => slowestRows());
    await step("soak", () => soakRows(soakSeconds ?? (quick ? 10 : 60)));
    await step("reload", () => reloadRows(dir, quick ? 8 : 12));
    await step("registry reload", () => registryReloadRows(dir));
    await step("fuzz", () => fuzzRows(quick ? 10_000 : 100_000, quick ? 2_000 : 10_000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
