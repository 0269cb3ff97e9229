/**
 * Imported first by bench/run.mjs: copies the freshly built dist/ to a private directory for this
 * run (a package directory under node_modules/.cache, so the package's dependencies and its own
 * name still resolve), and points every
 * scenario and child process at it through FG_BENCH_DIST. Other sessions rebuilding dist/ (tsup
 * cleans it first) then cannot pull the package out from under a running bench, and every
 * scenario measures the same build. Removed when the run exits.
 */
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SOURCE = join(ROOT, "dist");
const REQUIRED = ["index.js", "node.js", "cli.js", "data/mainnet.js"];

/** Waits (at most 60 s) until dist/ holds the entry points and their sizes stop changing. */
async function waitForCompleteDist() {
  let previous = "";
  for (let waited = 0; waited < 60_000; waited += 1000) {
    const present = REQUIRED.filter((f) => existsSync(join(SOURCE, f)));
    const sizes = present.map((f) => statSync(join(SOURCE, f)).size).join(",");
    if (present.length === REQUIRED.length && sizes === previous) return true;
    if (present.length === 0 && waited >= 5000 && !existsSync(SOURCE)) return false;
    previous = sizes;
    await sleep(1000);
  }
  return REQUIRED.some((f) => existsSync(join(SOURCE, f)));
}

if (!process.env.FG_BENCH_DIST && (await waitForCompleteDist())) {
  const cache = join(ROOT, "node_modules", ".cache", "fungible-graph-bench");
  // A package directory, not a bare dist/: the core imports its shipped datasets by the package's
  // own name (`fungible-graph/data/mainnet.js`), which Node resolves through the nearest package.json.
  const pkg = join(cache, `pkg-${process.pid}`);
  const target = join(pkg, "dist");
  mkdirSync(pkg, { recursive: true });
  cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  cpSync(SOURCE, target, { recursive: true });
  process.env.FG_BENCH_DIST = `${target}/`;
  process.on("exit", () => rmSync(pkg, { recursive: true, force: true }));
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
}
