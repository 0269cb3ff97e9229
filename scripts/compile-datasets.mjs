#!/usr/bin/env node
// Writes the datasets the package ships, once each: dist/data/{mainnet,testnet}.js, an ES module
// whose default export is the dataset's JSON text (what `loadRouter({ network })` imports by the
// package's own name; CommonJS loads it through require(esm), Node >= 20.19), and its .d.ts.
// The text comes from the built CLI's own `compile` (one code path) run on chain-registry (a
// devDependency: consumers never install it). No build time is written: the same sources give the
// same bytes. Runs after tsup in `npm run build`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// The dist directory to complete: dist/ of this package, or the one given (a private build).
const dist = process.argv[2] ? `${process.argv[2].replace(/\/$/, "")}/` : fileURLToPath(new URL("../dist/", import.meta.url));
mkdirSync(`${dist}data`, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), "fungible-datasets-"));
try {
  for (const network of ["mainnet", "testnet"]) {
    const json = join(scratch, `${network}.json`);
    const said = execFileSync(process.execPath, [`${dist}cli.js`, "compile", "--network", network, "--out", json], { encoding: "utf8" });
    process.stderr.write(`compile-datasets: ${said.trim()}\n`);
    // A JSON string literal is a JS string literal: V8 scans it far faster than an object literal.
    const literal = JSON.stringify(readFileSync(json, "utf8"));
    writeFileSync(`${dist}data/${network}.js`, `// The ${network} dataset (fungible-graph-dataset JSON text), compiled at build time.\nexport default ${literal};\n`);
    writeFileSync(`${dist}data/${network}.d.ts`, "/** The dataset's JSON text: pass it to `loadRouter({ dataset })`. */\ndeclare const dataset: string;\nexport default dataset;\n");
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
