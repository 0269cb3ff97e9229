#!/usr/bin/env node
// The tools only the integration suite (`npm run test:integration`) and `npm run bench` need:
// Deno, Bun, workerd (Miniflare), a browser driver, the hosted API's client, the package linters
// and a load generator. They are the package test/integration/package.json, installed apart
// (`npm ci --prefix test/integration`), so the root `npm ci && npm start` does not fetch them.
// Run as a script, it installs them when missing or not at the locked versions.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The tools package's directory. */
export const TOOLS = fileURLToPath(new URL("../test/integration/", import.meta.url));

/** The path of a tool's executable (node_modules/.bin of the tools package). */
export function toolBin(name) {
  return join(TOOLS, "node_modules", ".bin", name);
}

/** Imports a package of the tools package (ES module namespace; a CommonJS one's exports are its `default`). */
export async function importTool(name) {
  const why = toolsMissing();
  if (why !== undefined) throw new Error(`${name}: ${why}`);
  const path = createRequire(join(TOOLS, "package.json")).resolve(name);
  return import(pathToFileURL(path).href);
}

/** Why the tools are not installed as locked (a sentence), or undefined when they are. */
export function toolsMissing() {
  const lock = JSON.parse(readFileSync(join(TOOLS, "package-lock.json"), "utf8"));
  for (const name of Object.keys(lock.packages[""].devDependencies ?? {})) {
    const manifest = join(TOOLS, "node_modules", name, "package.json");
    const locked = lock.packages[`node_modules/${name}`]?.version;
    if (!existsSync(manifest)) return `${name} is not installed: run npm ci --prefix test/integration`;
    const installed = JSON.parse(readFileSync(manifest, "utf8")).version;
    if (installed !== locked) return `${name} ${installed} is installed, the lock says ${locked}: run npm ci --prefix test/integration`;
  }
  return undefined;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const why = toolsMissing();
  if (why !== undefined) {
    console.error(`integration tools: ${why.replace(/: run .*/, "")}; installing them (npm ci --prefix test/integration)`);
    const npm = spawnSync("npm", ["ci", "--prefix", TOOLS, "--no-audit", "--no-fund"], { stdio: "inherit" });
    if (npm.status !== 0) process.exit(npm.status ?? 1);
  }
}
