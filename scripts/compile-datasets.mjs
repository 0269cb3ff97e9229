#!/usr/bin/env node
// Writes the datasets the package ships (dist/data/{mainnet,testnet}.json) from the installed
// chain-registry, with the built CLI's own `compile` (one code path), plus for each a module whose
// default export is the JSON text (.js ESM, .cjs, .d.ts): what `loadRouter({ network })`
// imports by the package's own name. Runs after tsup in `npm run build`.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// The dist directory to complete: dist/ of this package, or the one given (a private build).
const dist = process.argv[2] ? `${process.argv[2].replace(/\/$/, "")}/` : fileURLToPath(new URL("../dist/", import.meta.url));
mkdirSync(`${dist}data`, { recursive: true });
for (const network of ["mainnet", "testnet"]) {
  const json = `${dist}data/${network}.json`;
  const said = execFileSync(process.execPath, [`${dist}cli.js`, "compile", "--network", network, "--out", json], { encoding: "utf8" });
  process.stderr.write(`compile-datasets: ${said.trim()}\n`);
  // A JSON string literal is a JS string literal: V8 scans it far faster than an object literal.
  const literal = JSON.stringify(readFileSync(json, "utf8"));
  writeFileSync(`${dist}data/${network}.js`, `// The ${network} dataset (fungible-graph-dataset JSON text), compiled at build time.\nexport default ${literal};\n`);
  writeFileSync(
    `${dist}data/${network}.cjs`,
    `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${literal};\n`,
  );
  writeFileSync(`${dist}data/${network}.d.ts`, "/** The dataset's JSON text: pass it to `loadRouter({ dataset })`. */\ndeclare const dataset: string;\nexport default dataset;\n");
  writeFileSync(`${dist}data/${network}.d.cts`, "declare const dataset: string;\nexport default dataset;\n");
}
