/**
 * The package as a user installs it: the built dist/ packed by `npm pack` into a tarball and
 * installed into a fresh project in a temp directory. Runtime tests run their scripts there, so
 * `fungible-graph` resolves through node_modules and the package's "exports", as in an app.
 *
 * Packing never builds: `npm pack --ignore-scripts` from a staging copy of the published files,
 * whose dist/ is `FG_DIST` (a private build) or the repo's dist/ (built by `npm run build`;
 * `npm run test:integration` builds it first). `prepare` would rebuild dist/ under other tests that use it.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { missingTool } from "../../support/required-tool.js";

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The build under test. */
export const DIST = resolve(process.env.FG_DIST ?? join(ROOT, "dist"));
const REQUIRED = ["index.js", "http.js", "explain.js", "render.js", "data/mainnet.js"];

export interface InstalledPackage {
  /** The consumer project: package.json, node_modules/fungible-graph from the tarball. */
  dir: string;
  tarball: string;
  /** Deletes the project, the tarball and the staging copy. */
  remove(): void;
}

/** Why the build cannot be packed (missing files), or undefined when it can. */
export function missingBuild(): string | undefined {
  const missing = REQUIRED.filter((file) => !existsSync(join(DIST, file)));
  return missingTool(missing.length === 0 ? undefined : `${DIST} lacks ${missing.join(", ")}: run npm run build (or set FG_DIST to a private build)`);
}

/**
 * Packs the build and installs it (with `extra` packages at the repo's versions, e.g. optional
 * peers) into a new temp project. Dependencies come from npm's cache or the registry.
 */
export async function installPackedPackage(extra: string[] = []): Promise<InstalledPackage> {
  const why = missingBuild();
  if (why !== undefined) throw new Error(why);
  const scratch = mkdtempSync(join(tmpdir(), "fg-runtimes-"));
  const stage = join(scratch, "stage");
  mkdirSync(stage);
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { files: string[] };
  cpSync(join(ROOT, "package.json"), join(stage, "package.json"));
  for (const entry of manifest.files) {
    const from = entry === "dist" ? DIST : join(ROOT, entry);
    if (existsSync(from)) cpSync(from, join(stage, entry), { recursive: true });
  }
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", scratch], { cwd: stage, maxBuffer: 64 << 20 });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  const tarball = join(scratch, filename);

  const dir = join(scratch, "app");
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: "fg-runtime-app", private: true, type: "module" }, null, 2)}\n`);
  const extras = extra.map((name) => `${name}@${repoVersion(name)}`);
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", tarball, ...extras], {
    cwd: dir,
    timeout: 300_000,
    maxBuffer: 64 << 20,
  });
  return { dir, tarball, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}

/** The version of a package installed in the repo (its devDependency), so installs hit npm's cache. */
function repoVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

/** A runtime's binary: the integration tools' (test/integration/node_modules/.bin), else one on PATH, else undefined. */
export async function findBinary(name: string): Promise<string | undefined> {
  const local = fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
  const candidates = existsSync(local) ? [local, name] : [name];
  for (const candidate of candidates) {
    try {
      await run(candidate, ["--version"], { timeout: 60_000 });
      return candidate;
    } catch {
      // not installed, or its postinstall did not fetch the binary: try the next
    }
  }
  // Skipped by the caller on a contributor's machine; a failure in CI.
  missingTool(`${name} is not installed, or its postinstall did not fetch the binary (npm ci --prefix test/integration)`);
  return undefined;
}

/** Keys sorted at every level: two answers are the same JSON exactly when these texts are equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
