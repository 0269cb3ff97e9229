/**
 * `npm run bench`: the six scenarios of issue 4 against the BUILT package (dist/), every figure a
 * ratio against a baseline measured in the same run on the same data.
 *
 *   node --expose-gc bench/run.mjs [--json FILE] [--only 1,2,...] [--quick]
 *                                  [--growth-scales 1,10,100] [--growth-budget SECONDS]
 *                                  [--registry FILE]   (scenarios 2 and 4 on a project-format registry)
 */
import "./lib/freeze-dist.mjs"; // first: every later module sees this run's copy of dist/
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { availableParallelism, cpus, totalmem } from "node:os";
import { parseArgs } from "node:util";
import { ROOT } from "./lib/package.mjs";
import { runJsonChild } from "./lib/processes.mjs";
import { renderTable, toJson, unavailableRow } from "./lib/report.mjs";
import { now } from "./lib/timing.mjs";

const { values: args } = parseArgs({
  options: {
    json: { type: "string" },
    only: { type: "string" },
    quick: { type: "boolean", default: false },
    "growth-scales": { type: "string", default: "1,10,100" },
    "growth-budget": { type: "string", default: "150" },
    registry: { type: "string" },
    "soak-seconds": { type: "string" },
  },
});
const only = args.only ? new Set(args.only.split(",").map((s) => s.trim())) : null;
const quick = args.quick;

const SCENARIOS = [
  ["1", "assets_between_chains vs @chain-registry/utils"],
  ["2", "assets_from_source vs JSON.stringify and a graphology traversal"],
  ["3", "build time and heap vs the raw chain-registry data"],
  ["4", "growth on synthetic registries"],
  ["5", "HTTP service vs a bare node:http server"],
  ["6", "serve start-up from the shipped dataset vs building from chain-registry"],
  ["7", "the service in production: distinct requests, access log, slow clients, soak, reload, fuzz"],
  ["8", "cold start and browser core size"],
  ["9", "Cloudflare Worker bundle size"],
  ["10", "the costliest explain vs its one search"],
  ["11", "transfer messages of a route vs the route query and JSON.stringify"],
  ["12", "the most expensive legal request of each heavy endpoint"],
  ["13", "live network state: refresh against a local replay, queries with a snapshot"],
  ["14", "answers a CDN keeps: static export, two replicas behind nginx"],
  ["15", "the Worker's first request under workerd vs later ones"],
  ["16", "answers per second per core (computed and kept), for sizing"],
];
const CHILD = fileURLToPath(new URL("./children/run-scenario.mjs", import.meta.url));
const growthBudgetMs = Number(args["growth-budget"]) * 1000;
const options = {
  quick,
  ...(args.registry ? { registry: resolve(args.registry) } : {}),
  scales: args["growth-scales"].split(",").map(Number),
  budgetMs: growthBudgetMs,
  ...(args["soak-seconds"] ? { soakSeconds: Number(args["soak-seconds"]) } : {}),
};

const rows = [];
const infos = [];
const started = now();
for (const [id, title] of SCENARIOS) {
  if (only && !only.has(id)) continue;
  process.stderr.write(`scenario ${id}: ${title}...\n`);
  const t0 = now();
  try {
    // Each scenario in a fresh process: no JIT state, heap or request shapes carried over.
    const timeoutMs = id === "4" ? options.scales.length * (growthBudgetMs * 3 + 180_000) : 15 * 60_000;
    const result = await runJsonChild(CHILD, [id, JSON.stringify(options)], { nodeArgs: ["--expose-gc"], timeoutMs });
    rows.push(...result.rows);
    if (result.info.buildMs !== undefined) infos.push(`scenario ${id}: router from ${result.info.registry}, built in ${(result.info.buildMs / 1000).toFixed(2)} s`);
  } catch (error) {
    rows.push({ ...unavailableRow({ scenario: `${id} ${title}`, why: "" }), note: `FAILED: ${error.message.slice(0, 500)}` });
  }
  process.stderr.write(`scenario ${id}: ${((now() - t0) / 1000).toFixed(1)} s\n`);
  await settle();
}

/**
 * Waits (at most 20 s) until the box's CPUs are under 25% busy over half a second: what a scenario
 * leaves behind (servers draining, sockets closing) must not fall on the next one's figures.
 * Without /proc (not Linux), a fixed 2 s.
 */
async function settle() {
  const sample = () => {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    return { idle: fields[3] + fields[4], total: fields.reduce((a, b) => a + b, 0) };
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  if (!existsSync("/proc/stat")) return sleep(2000);
  const deadline = now() + 20_000;
  while (now() < deadline) {
    const a = sample();
    await sleep(500);
    const b = sample();
    if (1 - (b.idle - a.idle) / Math.max(1, b.total - a.total) < 0.25) return;
  }
}

const meta = machine();
console.log(`fungible-graph bench  ${meta.date}  ${meta.commit}  node ${meta.node}  ${meta.cpu} x${meta.cores}, ${meta.memoryGiB} GiB`);
console.log(`package: dist/ as built when the run started (frozen copy${process.env.FG_BENCH_DIST ? "" : " NOT made"})`);
for (const line of infos) console.log(line);
console.log("");
console.log(renderTable(rows));
console.log("");
console.log(`total ${((now() - started) / 1000).toFixed(0)} s`);
if (args.json) {
  writeFileSync(args.json, `${toJson(rows, { ...meta, command: `node --expose-gc bench/run.mjs ${process.argv.slice(2).join(" ")}`.trim() })}\n`);
  console.log(`wrote ${args.json}`);
}

function machine() {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {}
  let chainRegistry = "unknown";
  try {
    chainRegistry = JSON.parse(readFileSync(`${ROOT}node_modules/chain-registry/package.json`, "utf8")).version;
  } catch {}
  return {
    date: new Date().toISOString(),
    commit,
    node: process.versions.node,
    cpu: cpus()[0]?.model ?? "unknown",
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    chainRegistry,
  };
}

