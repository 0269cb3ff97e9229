#!/usr/bin/env node
// `npm start`: serve what `npm ci` (prepare) already built, rebuilding first only when a source is
// newer than dist/cli.js: src/**, package.json, tsup.config.ts or scripts/*. Arguments after
// `npm start --` go to `fungible-graph serve`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CLI = join(ROOT, "dist", "cli.js");
const SHIPPED = ["mainnet", "testnet"].map((network) => join(ROOT, "dist", "data", `${network}.js`));

/** The newest modification time among the files under `path` (a file or a directory). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

/** Why dist/ must be built again, or undefined when it is current. */
function staleBecause() {
  const built = [CLI, ...SHIPPED];
  if (!built.every((file) => existsSync(file))) return "dist/ is not built";
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  const sources = ["src", "package.json", "tsup.config.ts", "scripts"].map((name) => join(ROOT, name));
  const changed = sources.find((source) => newest(source) > builtAt);
  return changed === undefined ? undefined : `${changed.slice(ROOT.length)} changed since the last build`;
}

const why = staleBecause();
if (why !== undefined) {
  process.stderr.write(`npm start: building (${why})\n`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnSync(npm, ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit", shell: process.platform === "win32" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The CLI runs in this process, as if exec'd: signals reach the server itself, its exit code is
// ours, and cluster workers fork dist/cli.js (process.argv[1]).
process.argv = [process.execPath, CLI, "serve", ...process.argv.slice(2)];
await import(pathToFileURL(CLI).href);
