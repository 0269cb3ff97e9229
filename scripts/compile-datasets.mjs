#!/usr/bin/env node
// Writes the datasets the package ships, once each: dist/data/<network>.json, a JSON document
// whose one value is the dataset's JSON text, and the two modules that export that text, which
// `loadRouter({ network })` imports by the package's own name: <network>.js (an ES module,
// a JSON import) and <network>.cjs (CommonJS, a require of the JSON), with their types (.d.ts,
// .d.cts), so `import` and `require` both resolve to their own kind in every runtime and every
// TypeScript resolution mode, and the data itself is in the package once.
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
    // A JSON string: JSON.parse scans it far faster than a JS parser would an object literal.
    writeFileSync(`${dist}data/${network}.json`, `${JSON.stringify(readFileSync(json, "utf8"))}\n`);
    const about = `// The ${network} dataset (fungible-graph-dataset JSON text), compiled at build time: ./${network}.json.\n`;
    writeFileSync(`${dist}data/${network}.js`, `${about}import dataset from "./${network}.json" with { type: "json" };\nexport default dataset;\n`);
    writeFileSync(`${dist}data/${network}.cjs`, `${about}"use strict";\nmodule.exports = require("./${network}.json");\n`);
    const doc = "/** The dataset's JSON text: pass it to `loadRouter({ dataset })`. */\ndeclare const dataset: string;\n";
    writeFileSync(`${dist}data/${network}.d.ts`, `${doc}export default dataset;\n`);
    writeFileSync(`${dist}data/${network}.d.cts`, `${doc}export = dataset;\n`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
