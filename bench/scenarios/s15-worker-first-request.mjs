/**
 * Scenario 15: the Worker example's first request under workerd (Miniflare), against the BUILT
 * package. Workers allow start-up (module evaluation) up to 1 s of CPU, but a request 10 ms on the
 * free plan: the example parses the dataset at module scope, so its first request must cost what
 * any later one does. Measured as CPU time of the workerd process (the sum of its threads'
 * /proc/<pid>/task/<tid>/schedstat, nanoseconds) and wall time around dispatchFetch, for:
 * start-up (new Miniflare until ready), the first request, and the median of later distinct
 * requests (each uncached). The baseline: the same Worker loading on the first request (the
 * example before), and a Worker that answers "ok" (workerd's own start-up).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleWorker, WORKER_ENTRY } from "../../examples/worker/build.mjs";
import { importTool } from "../../scripts/integration-tools.mjs";
import { DIST } from "../lib/package.mjs";
import { costRow, figureRow } from "../lib/report.mjs";
import { median, now } from "../lib/timing.mjs";

const SCENARIO = "15 worker first request";
const { Miniflare } = await importTool("miniflare");

const LAZY = `
import { loadRouter } from "fungible-graph";
import { createFetchHandler } from "fungible-graph/http";
let handler;
export default { async fetch(request) { handler ??= loadRouter().then((router) => createFetchHandler(router)); return (await handler)(request); } };
`;
const TRIVIAL = `export default { fetch() { return new Response("ok"); } };`;
/** Distinct uncached requests: the first, then the later ones. */
const SOURCES = [
  ["uatom", "cosmoshub-4"],
  ["uosmo", "osmosis-1"],
  ["uusdc", "noble-1"],
  ["untrn", "neutron-1"],
  ["inj", "injective-1"],
  ["ustrd", "stride-1"],
  ["uakt", "akashnet-2"],
  ["ujuno", "juno-1"],
  ["utia", "celestia"],
  ["adydx", "dydx-mainnet-1"],
  ["uaxl", "axelar-dojo-1"],
];

/** CPU nanoseconds of every thread of every workerd process this process started. */
function workerdCpuNs() {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!comm.startsWith("workerd") || ppid !== process.pid) continue;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // a thread that ended
      }
    }
  }
  return total;
}

async function measured(work) {
  const cpu0 = workerdCpuNs();
  const t0 = now();
  const result = await work();
  return { wallMs: now() - t0, cpuMs: (workerdCpuNs() - cpu0) / 1e6, result };
}

/** Starts the Worker written at `source` (a file, or text), sends the requests, and disposes of it. */
async function run(source, requests) {
  const dir = mkdtempSync(join(tmpdir(), "fg-bench-worker-"));
  try {
    const entry = join(dir, "worker.ts");
    if (source.file) copyFileSync(source.file, entry);
    else writeFileSync(entry, source.text);
    const { code } = await bundleWorker({ entry, packageFrom: DIST.replace(/dist\/?$/, "") });
    writeFileSync(join(dir, "bundle.js"), code);
    // Start-up: workerd's own start and the module's evaluation (for the example, the dataset parse).
    const start = await measured(async () => {
      const started = new Miniflare({ modules: true, scriptPath: join(dir, "bundle.js"), modulesRoot: dir, compatibilityDate: "2025-09-01" });
      await started.ready;
      return started;
    });
    const mf = start.result;
    const samples = [];
    try {
      for (const path of requests) {
        samples.push(
          await measured(async () => {
            const response = await mf.dispatchFetch(`http://worker.test${path}`);
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
          }),
        );
      }
    } finally {
      await mf.dispose();
    }
    return { start, first: samples[0], later: samples.slice(1) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function scenarioWorkerFirstRequest() {
  const requests = SOURCES.map(([denom, chain]) => `/v2/fungible/assets_from_source?source_asset_denom=${denom}&source_asset_chain_id=${chain}&allow_multi_tx=true`);
  const trivial = await run({ text: TRIVIAL }, ["/", "/a", "/b", "/c", "/d"]);
  const example = await run({ file: WORKER_ENTRY }, requests);
  const lazy = await run({ text: LAZY }, requests);
  const laterCpu = (r) => median(r.later.map((s) => s.cpuMs));
  const laterWall = (r) => median(r.later.map((s) => s.wallMs));
  const ms = (value) => `${value.toFixed(1)} ms`;
  return [
    costRow({
      scenario: SCENARIO,
      metric: "examples/worker: first request, workerd CPU vs a later request's",
      value: example.first.cpuMs,
      baseline: laterCpu(example),
      max: 2,
      note: `wall ${ms(example.first.wallMs)} vs ${ms(laterWall(example))} (median of ${example.later.length} later distinct requests); the Worker loading on its first request (before): first request ${ms(lazy.first.cpuMs)} CPU, ${ms(lazy.first.wallMs)} wall; a Worker answering "ok": first request ${ms(trivial.first.cpuMs)} CPU, later ${ms(laterCpu(trivial))}`,
    }),
    figureRow({
      scenario: SCENARIO,
      metric: "examples/worker: first request, workerd CPU",
      value: example.first.cpuMs,
      unit: "ms",
      target: "<= 10 ms (Workers free plan, per request)",
      met: example.first.cpuMs <= 10,
      note: `the Worker loading on its first request: ${ms(lazy.first.cpuMs)}; a later request of the example: ${ms(laterCpu(example))}`,
    }),
    figureRow({
      scenario: SCENARIO,
      metric: "examples/worker: start-up until ready, workerd CPU (dataset parsed at module scope)",
      value: example.start.cpuMs,
      unit: "ms",
      target: "<= 1000 ms (Workers' start-up limit)",
      met: example.start.cpuMs <= 1000,
      note: `wall ${ms(example.start.wallMs)}; a Worker answering "ok": ${ms(trivial.start.cpuMs)} CPU, ${ms(trivial.start.wallMs)} wall (workerd's own start); the lazy Worker: ${ms(lazy.start.cpuMs)} CPU`,
    }),
  ];
}
