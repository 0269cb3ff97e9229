/**
 * Scenario 16: answers per second per core, the figure a deployment is sized with
 * (docs/operations.md: replicas = peak requests/s x (1 - CDN hit ratio) / per-core rate, one
 * process per core). One `serve --workers 1` process of the built CLI under autocannon on
 * loopback, over distinct GET queries of the shipped mainnet dataset; the rate is the answers it
 * gave per CPU second it used (/proc/<pid>/stat, user + system), so the load generator sharing the
 * machine does not count against it. Two rows: computed answers (answer caches off: every request
 * is a graph search and a serialisation) and kept answers (default caches, every request answered
 * once before: what a replica does for the repeats a CDN did not absorb).
 */
import { readFileSync } from "node:fs";
import { importTool } from "../../scripts/integration-tools.mjs";
import { CLI, cliExists, DIST } from "../lib/package.mjs";
import { startServerProcess } from "../lib/processes.mjs";
import { figureRow, unavailableRow } from "../lib/report.mjs";

const SCENARIO = "16 per-core answers";
const { default: autocannon } = await importTool("autocannon");

/** Distinct GET queries: assets_from_source of natives spread over the registry, and assets_between_chains of connected pairs. */
async function distinctPaths() {
  const { loadRouter } = await import(`${DIST}index.js`);
  const router = await loadRouter();
  const natives = router.registry.assets.filter((asset) => asset.trace === "");
  const paths = new Set();
  for (let i = 0; paths.size < Math.min(200, natives.length); i++) {
    const asset = natives[(i * 7919) % natives.length];
    paths.add(`/v2/fungible/assets_from_source?${new URLSearchParams({ source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id })}`);
  }
  const chains = router.chainIds();
  const deadline = Date.now() + 10_000;
  let between = 0;
  for (let i = 0; between < 100 && Date.now() < deadline && i < chains.length * chains.length; i++) {
    const source = chains[(i * 31) % chains.length];
    const dest = chains[(i * 17 + 5) % chains.length];
    if (source === dest || router.assetsBetweenChains({ source_chain_id: source, dest_chain_id: dest }).assets_between_chains.length === 0) continue;
    const path = `/v2/fungible/assets_between_chains?${new URLSearchParams({ source_chain_id: source, dest_chain_id: dest })}`;
    if (!paths.has(path)) between++;
    paths.add(path);
  }
  return [...paths];
}

/** CPU seconds (user + system) of a process so far, from /proc (Linux). */
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function load(url, paths, seconds) {
  return new Promise((resolve, reject) =>
    autocannon(
      { url, connections: 8, pipelining: 1, duration: seconds, timeout: 10, requests: paths.map((path) => ({ method: "GET", path })) },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

/** One server, warmed, then `seconds` of load: answers per CPU second and per wall second. */
async function rateOf(args, paths, seconds) {
  const server = await startServerProcess([CLI, "serve", "--port", "0", "--workers", "1", "--quiet", ...args]);
  try {
    await load(server.url, paths, 2); // warm-up: JIT, and for kept answers every path answered once
    const cpu0 = cpuSecondsOf(server.pid);
    const result = await load(server.url, paths, seconds);
    const cpu = cpuSecondsOf(server.pid) - cpu0;
    const errors = result.errors + result.timeouts + result.non2xx;
    if (errors > 0) throw new Error(`${errors} errors under load`);
    return { perCpuSecond: result.requests.total / cpu, perSecond: result.requests.average, cpu, total: result.requests.total, p50: result.latency.p50 };
  } finally {
    await server.stop();
  }
}

export async function scenarioPerCore({ quick = false } = {}) {
  if (!cliExists()) return [unavailableRow({ scenario: SCENARIO, why: "dist/cli.js is missing: npm run build" })];
  const paths = await distinctPaths();
  const seconds = quick ? 5 : 15;
  const computed = await rateOf(["--answer-cache-bytes", "0", "--compressed-cache-bytes", "0"], paths, seconds);
  const kept = await rateOf([], paths, seconds);
  const note = (r) =>
    `${r.total} answers in ${seconds} s using ${r.cpu.toFixed(2)} CPU s (${Math.round(r.perSecond)} req/s wall, p50 ${r.p50} ms, 8 connections, autocannon on the same machine); ${paths.length} distinct GET queries (assets_from_source and assets_between_chains), identity encoding`;
  return [
    figureRow({ scenario: SCENARIO, metric: "computed answers per CPU second, one process (answer caches off)", value: computed.perCpuSecond, unit: "req/s", target: "sizing figure (docs/operations.md)", met: null, note: note(computed) }),
    figureRow({ scenario: SCENARIO, metric: "kept answers per CPU second, one process (each answered once before)", value: kept.perCpuSecond, unit: "req/s", target: "sizing figure (docs/operations.md)", met: null, note: note(kept) }),
  ];
}
