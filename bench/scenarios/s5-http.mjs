/**
 * Scenario 5: the full service (built CLI, `serve --port 0`) under autocannon on loopback, against a
 * bare node:http server answering the same request with the same bytes precomputed; then
 * `serve --workers 1` against `--workers 2` (answers computed, and cached). Each run is bounded
 * (warm-up + fixed duration).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { importTool } from "../../scripts/integration-tools.mjs";
import { CLI, cliExists } from "../lib/package.mjs";
import { startServerProcess } from "../lib/processes.mjs";
import { replayedHeaders } from "../lib/replayed-headers.mjs";
import { ALTERNATED_ROUNDS } from "../lib/timing.mjs";
import { throughputRow, unavailableRow } from "../lib/report.mjs";

// autocannon is one of the integration tools (test/integration/package.json), not a root devDependency.
const { default: autocannon } = await importTool("autocannon");

const BARE = fileURLToPath(new URL("../children/bare-server.mjs", import.meta.url));

const REQUESTS = [
  ["assets_from_source", "/v2/fungible/assets_from_source", { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }],
  ["assets_between_chains", "/v2/fungible/assets_between_chains", { source_chain_id: "osmosis-1", dest_chain_id: "cosmoshub-4" }],
];

function load(url, path, body, durationSec) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${path}`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        connections: 16,
        pipelining: 1,
        duration: durationSec,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Warm-up run (discarded), then the measured run. */
async function measureServer(url, path, body, seconds) {
  await load(url, path, body, 1);
  const r = await load(url, path, body, seconds);
  return { rps: r.requests.average, errors: r.errors + r.timeouts + r.non2xx, total: r.requests.total, p50: r.latency.p50 };
}

/** The faster of two runs, with the errors of both. */
function better(a, b) {
  if (a === undefined) return b;
  const best = b.rps > a.rps ? b : a;
  return { ...best, errors: a.errors + b.errors };
}

/** The CLI's serve flags; `--quiet` only where the CLI knows it (request logs would cost the service). */
function serveArgs(extra) {
  return [CLI, "serve", "--port", "0", "--host", "127.0.0.1", ...quietFlag(), ...extra];
}

let quiet;
/** `--quiet` when the CLI's help mentions it (per-request logging would tax the service, not the design). */
function quietFlag() {
  if (quiet !== undefined) return quiet;
  quiet = [];
  for (const args of [["serve", "--help"], ["--help"]]) {
    const r = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 30_000 });
    if (`${r.stdout}${r.stderr}`.includes("--quiet")) quiet = ["--quiet"];
  }
  return quiet;
}

export async function scenarioHttp({ quick }) {
  if (!cliExists()) return [unavailableRow({ scenario: "5 http", why: "dist/cli.js does not exist" })];
  const seconds = quick ? 2 : 5;
  const rows = [];
  const dir = mkdtempSync(join(tmpdir(), "fg-bench-"));
  try {
    let service;
    try {
      service = await startServerProcess(serveArgs(["--workers", "1"]), { timeoutMs: 60_000 });
    } catch (error) {
      return [unavailableRow({ scenario: "5 http", why: `serve did not start: ${error.message}` })];
    }
    try {
      for (const [name, path, body] of REQUESTS) {
        const response = await fetch(`${service.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        const bytes = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200) {
          rows.push(unavailableRow({ scenario: `5 http ${name}`, why: `the service answered ${response.status}: ${bytes.toString().slice(0, 200)}` }));
          continue;
        }
        const file = join(dir, `${name}.json`);
        writeFileSync(file, bytes);
        const bare = await startServerProcess([BARE, file, JSON.stringify(replayedHeaders(response.headers))]);
        // Alternated (bare, service, bare, service, ...), the best run of each: drift on a shared box falls on both sides.
        let bareResult;
        let full;
        try {
          for (let round = 0; round < ALTERNATED_ROUNDS; round++) {
            bareResult = better(bareResult, await measureServer(bare.url, path, body, seconds));
            full = better(full, await measureServer(service.url, path, body, seconds));
          }
        } finally {
          await bare.stop();
        }
        rows.push(
          throughputRow({
            scenario: `5 http ${name}`,
            metric: "throughput, 1 process",
            value: full.rps,
            baseline: bareResult.rps,
            min: 0.8,
            extraMet: full.errors === 0,
            note: `${bytes.length} B answer; ${seconds} s x 16 connections, best of ${ALTERNATED_ROUNDS} alternated runs each, the bare server sending the service's headers and bytes; errors: service ${full.errors}, bare ${bareResult.errors}; p50 ${full.p50} ms vs ${bareResult.p50} ms`,
          }),
        );
      }
    } finally {
      await service.stop();
    }
    rows.push(...(await workersRows(seconds)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * `--workers 2` against `--workers 1`, twice: once with every answer computed per request (answer
 * caches off), where the server's work dominates and the load generator needs a fraction of a
 * core, so two workers can show what they add even on 2 cores; once with cached answers, where
 * the load generator costs about what the server does: on fewer than 3 cores it shares the
 * workers' cores, so that row carries a target only where it has a core of its own.
 * Runs alternate (1, 2, 1, 2, ...) and the best of each counts, so drift falls on both sides.
 */
async function workersRows(seconds) {
  const [name, path, body] = REQUESTS[0];
  const cores = availableParallelism();
  const variants = [
    { label: "every answer computed (caches off)", flags: ["--answer-cache-bytes", "0", "--compressed-cache-bytes", "0"], target: true },
    { label: "cached answers", flags: [], target: cores >= 3 },
  ];
  const rows = [];
  for (const variant of variants) {
    const best = { 1: undefined, 2: undefined };
    for (const n of Array.from({ length: 2 * ALTERNATED_ROUNDS }, (_, i) => 1 + (i % 2))) {
      let server;
      try {
        server = await startServerProcess(serveArgs(["--workers", String(n), ...variant.flags]), { timeoutMs: 90_000 });
      } catch (error) {
        return [unavailableRow({ scenario: "5 http workers", why: `serve --workers ${n} did not start: ${error.message}` })];
      }
      try {
        const result = await measureServer(server.url, path, body, seconds);
        if (best[n] === undefined || result.rps > best[n].rps) best[n] = { ...result, errors: result.errors + (best[n]?.errors ?? 0) };
      } finally {
        await server.stop();
      }
    }
    const row = throughputRow({
      scenario: `5 http ${name}`,
      metric: `--workers 2 vs --workers 1, ${variant.label}`,
      value: best[2].rps,
      baseline: best[1].rps,
      min: 1.0,
      extraMet: best[1].errors === 0 && best[2].errors === 0,
      note: `best of ${ALTERNATED_ROUNDS} alternated runs each; errors: ${best[1].errors} / ${best[2].errors}; the load generator runs on the same ${cores} cores`,
    });
    rows.push(variant.target ? row : { ...row, target: `none (${cores} cores: load generator shares them)`, met: null });
  }
  return rows;
}
