/**
 * Scenario 3: loading + building the mainnet engine against importing the chain-registry data
 * itself, each in fresh child processes (no warm module cache, no JIT carry-over), median of
 * several alternating runs; heap held after a full GC, engine against raw data.
 */
import { fileURLToPath } from "node:url";
import { median } from "../lib/timing.mjs";
import { costRow } from "../lib/report.mjs";
import { runJsonChild } from "../lib/processes.mjs";

const CHILD = fileURLToPath(new URL("../children/load-and-measure.mjs", import.meta.url));

/** The data modules the engine's loader imports, with the same specifiers (src/registry/load-chain-registry.ts). */
export const RAW_MODULES = ["chain-registry/mainnet/index.js", "chain-registry/noncosmos/index.js"];

export async function scenarioBuild({ quick }) {
  const runs = quick ? 3 : 7;
  const raw = [];
  const engine = [];
  for (let i = 0; i < runs; i++) {
    raw.push(await runJsonChild(CHILD, ["raw", ...RAW_MODULES], { nodeArgs: ["--expose-gc"], timeoutMs: 60_000 }));
    engine.push(await runJsonChild(CHILD, ["engine"], { nodeArgs: ["--expose-gc"], timeoutMs: 120_000 }));
  }
  const med = (list, key) => median(list.map((r) => r[key]));
  const breakdown = `import ${med(engine, "importMs").toFixed(0)} ms + loadChainRegistry ${med(engine, "loadMs").toFixed(0)} ms + buildAssetGraph ${med(engine, "buildMs").toFixed(0)} ms`;
  return [
    costRow({
      scenario: "3 build mainnet",
      metric: "import+load+build time",
      value: med(engine, "ms"),
      baseline: med(raw, "ms"),
      max: 1.0,
      note: `median of ${runs} fresh processes each; engine = ${breakdown}; baseline = import(${RAW_MODULES.join(", ")})`,
    }),
    costRow({
      scenario: "3 build mainnet",
      metric: "heap held after GC",
      value: med(engine, "heapBytes"),
      baseline: med(raw, "heapBytes"),
      unit: "bytes",
      max: 2,
      note: "engine heap includes whatever it keeps reachable (the raw package data in the module cache too); the lazy graphology view is not built",
    }),
  ];
}
