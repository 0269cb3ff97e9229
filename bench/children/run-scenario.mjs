/**
 * One scenario in a fresh process (run with --expose-gc), so no scenario inherits another's JIT
 * state, heap or request shapes. Usage: node run-scenario.mjs <id> <options-json>
 * Prints one JSON line: { rows, info }.
 */
import { readFileSync } from "node:fs";
import { need, NotAvailable } from "../lib/package.mjs";
import { unavailableRow } from "../lib/report.mjs";
import { collect, now } from "../lib/timing.mjs";

const [id, optionsJson] = process.argv.slice(2);
const options = JSON.parse(optionsJson);
const info = {};

/** The mainnet registry (or --registry FILE). */
async function mainnetRegistry() {
  let registry;
  if (options.registry) {
    const parseRegistry = await need("parseRegistry");
    registry = parseRegistry(JSON.parse(readFileSync(options.registry, "utf8")));
    info.registry = options.registry;
  } else {
    const loadChainRegistry = await need("loadChainRegistry");
    registry = await loadChainRegistry();
    info.registry = "loadChainRegistry()";
  }
  return registry;
}

/** The mainnet router (or --registry FILE), built in this process. */
async function mainnetGraph() {
  const buildRouter = await need("buildRouter");
  const registry = await mainnetRegistry();
  const t0 = now();
  const router = buildRouter(registry);
  info.buildMs = now() - t0;
  collect();
  return { router, registry };
}

const SCENARIOS = {
  1: async () => (await import("../scenarios/s1-between.mjs")).scenarioBetween({ ...(await mainnetGraph()), ...options }),
  2: async () => (await import("../scenarios/s2-from-source.mjs")).scenarioFromSource({ ...(await mainnetGraph()), ...options }),
  3: async () => {
    await need("loadChainRegistry");
    return (await import("../scenarios/s3-build.mjs")).scenarioBuild(options);
  },
  4: async () => (await import("../scenarios/s4-growth.mjs")).scenarioGrowth({ registry: await mainnetRegistry(), ...options }),
  5: async () => (await import("../scenarios/s5-http.mjs")).scenarioHttp(options),
  6: async () => (await import("../scenarios/s6-startup.mjs")).scenarioStartup(options),
  7: async () => (await import("../scenarios/s7-service.mjs")).scenarioService(options),
  8: async () => (await import("../scenarios/s8-cold-start.mjs")).scenarioColdStart(options),
  9: async () => (await import("../scenarios/s9-worker-bundle.mjs")).scenarioWorkerBundle(),
  10: async () => (await import("../scenarios/s10-explain.mjs")).scenarioExplain(options),
  11: async () => (await import("../scenarios/s11-msgs.mjs")).scenarioMsgs(options),
  12: async () => (await import("../scenarios/s12-worst-case.mjs")).scenarioWorstCase(),
  13: async () => (await import("../scenarios/s13-state.mjs")).scenarioState(options),
  14: async () => (await import("../scenarios/s14-cdn.mjs")).scenarioCdn(options),
  15: async () => (await import("../scenarios/s15-worker-first-request.mjs")).scenarioWorkerFirstRequest(options),
  16: async () => (await import("../scenarios/s16-per-core.mjs")).scenarioPerCore(options),
};

let rows;
try {
  rows = await SCENARIOS[id]();
} catch (error) {
  if (!(error instanceof NotAvailable)) throw error;
  rows = [unavailableRow({ scenario: `${id}`, why: error.message })];
}
console.log(JSON.stringify({ rows, info }));
