/**
 * The layering of ARCHITECTURE.md, enforced: every relative import in src/ goes to the same
 * folder or to a lower layer, no set of modules imports itself round in a cycle, and the core
 * (everything but files/, node/ and cli/) imports no Node built-in, with or without the `node:` prefix.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

/** Lower number = lower layer. A folder imports its own files and lower layers only. */
const LAYERS: Record<string, number> = {
  "compare.ts": 0,
  "errors.ts": 0,
  // SHA-256 (native where the runtime has it, @noble/hashes elsewhere), for every layer above.
  "sha256.ts": 0,
  // The argument checks: zod and FungibleError (errors.ts), for every layer above.
  "arguments.ts": 0.5,
  wire: 1,
  denom: 1,
  registry: 2,
  model: 3,
  dataset: 4,
  // The state snapshot: its format and how it narrows a registry (registry, dataset hashes).
  state: 4.5,
  // What is read from outside over the network: the one bounded fetch, the chain-state reader (runtime-neutral).
  remote: 4.6,
  query: 5,
  explain: 6,
  render: 6,
  router: 7,
  // Transfer messages of a route: functions of a router, served by http/.
  msgs: 7.5,
  http: 8,
  // Artefacts written from the fetch handler's own answers: the static export and the conformance corpus.
  export: 8.5,
  // Node's file edges for every command: reading a source's files, the one atomic writer, publishing.
  files: 8.7,
  node: 9,
  cli: 10,
  entries: 11,
  "index.ts": 11,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** `src/query/route.ts` -> "query"; `src/errors.ts` -> "errors.ts". */
function unitOf(file: string): string {
  return relative(SRC, file).split(/[\\/]/)[0]!;
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specifiers
    .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, ".ts")))
    .filter((target) => target.startsWith(SRC));
}

/** Code without its comments, so an import mentioned in a comment is not taken for one. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
}

/** Every module a file names: static and side-effect imports, re-exports, import(), require(). */
function specifiersOf(text: string): string[] {
  const code = withoutComments(text);
  const patterns = [/\b(?:from|import)\s*["']([^"']+)["']/g, /\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

const BUILTINS = new Set(builtinModules);

/** `node:fs`, `fs`, `fs/promises`...: a Node built-in however it is spelled. */
function isBuiltin(specifier: string): boolean {
  return specifier.startsWith("node:") || BUILTINS.has(specifier) || BUILTINS.has(specifier.split("/")[0]!);
}

function builtinImports(text: string): string[] {
  return specifiersOf(text).filter(isBuiltin);
}

const files = sourceFiles(SRC);
const imports = new Map(files.map((file) => [file, relativeImports(file)]));

describe("architecture", () => {
  test("every top-level unit of src/ has a layer", () => {
    const units = [...new Set(files.map(unitOf))];
    expect(units.filter((unit) => LAYERS[unit] === undefined)).toEqual([]);
  });

  test("imports run down the layers, never up or sideways", () => {
    const violations: string[] = [];
    for (const [file, targets] of imports) {
      const from = unitOf(file);
      for (const target of targets) {
        const to = unitOf(target);
        if (to === from) continue;
        if ((LAYERS[to] ?? Infinity) >= (LAYERS[from] ?? -Infinity)) {
          violations.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  test("no import cycle between modules", () => {
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const target of imports.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  test("the pure core imports no Node built-in", () => {
    const core = files.filter((file) => !["files", "node", "cli"].includes(unitOf(file)));
    const offenders = core.flatMap((file) => builtinImports(readFileSync(file, "utf8")).map((specifier) => `${relative(SRC, file)}: ${specifier}`));
    expect(offenders).toEqual([]);
  });

  test("self-test: built-ins are found with and without node:, in every import form; packages and comments are not", () => {
    const text = [
      'import { readFileSync } from "fs";',
      'import { writeFile } from "fs/promises";',
      'import type { Socket } from "node:net";',
      "import 'worker_threads';",
      'export * from "path";',
      'const os = await import("os");',
      'const crypto = require("crypto");',
      'import * as z from "zod";',
      'import { sha256 } from "@noble/hashes/sha2";',
      'import { ibcDenom } from "./denom/trace.js";',
      'import Graph from "graphology";',
      '// import { x } from "child_process";',
      '/* const http = require("http"); */',
      'const url = "https://example.com"; // from "zlib"',
    ].join("\n");
    expect(builtinImports(text)).toEqual(["fs", "fs/promises", "node:net", "worker_threads", "path", "os", "crypto"]);
  });
});
