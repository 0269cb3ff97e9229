/**
 * The BUILT package, as a user gets it: every entry (core, node, http, chain-registry, ...)
 * helpers), merged; `dist/cli.js` for the command line. Missing pieces raise `NotAvailable`, which
 * the harness prints as "not available: <why>" instead of a number.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The built package: this run's frozen copy (bench/lib/freeze-dist.mjs) when there is one. */
export const DIST = process.env.FG_BENCH_DIST ?? fileURLToPath(new URL("../../dist/", import.meta.url));
export const CLI = `${DIST}cli.js`;

export class NotAvailable extends Error {}

let cached;

/** Exports of dist/index.js and dist/node.js (whichever exist), merged. */
export async function loadPackage() {
  if (cached) return cached;
  const api = {};
  for (const file of ["index.js", "node.js", "http.js", "chain-registry.js", "explain.js", "render.js", "schemas.js", "graphology.js", "msgs.js"]) {
    const path = `${DIST}${file}`;
    if (!existsSync(path)) continue;
    try {
      Object.assign(api, await import(pathToFileURL(path).href));
    } catch (error) {
      api[`__error_${file}`] = error;
    }
  }
  cached = api;
  return api;
}

/** The named export, or NotAvailable saying which file lacks it. */
export async function need(name) {
  const api = await loadPackage();
  if (typeof api[name] === "function") return api[name];
  const errors = Object.entries(api)
    .filter(([k]) => k.startsWith("__error_"))
    .map(([k, e]) => `${k.slice(8)}: ${e.message.split("\n")[0]}`);
  throw new NotAvailable(`dist/ exports no ${name}()${errors.length ? ` (import failed: ${errors.join("; ")})` : ""}`);
}

export function cliExists() {
  return existsSync(CLI);
}

const datasetFiles = new Map();

/** A shipped dataset's text: the default export of dist/data/<network>.js (the one form shipped). */
export async function datasetText(network = "mainnet") {
  return (await import(pathToFileURL(`${DIST}data/${network}.js`).href)).default;
}

/** A shipped dataset as a file, for `--dataset FILE` (written once per run). */
export async function datasetFile(network = "mainnet") {
  if (!datasetFiles.has(network)) {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const file = `${mkdtempSync(`${tmpdir()}/fungible-bench-`)}/${network}.json`;
    writeFileSync(file, await datasetText(network));
    datasetFiles.set(network, file);
  }
  return datasetFiles.get(network);
}
