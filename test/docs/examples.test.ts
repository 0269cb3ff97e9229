/**
 * The code examples of README.md, ARCHITECTURE.md and docs/*.md, run. Every ```js / ```ts block
 * is labelled on the line before it: `<!-- example -->` (run here, against the built package, as
 * an ES module in the repository so `fungible-graph` resolves to it) or `<!-- not run: why -->`.
 * In an example, a line `expression; // => value` is checked: the expression must equal the value
 * (deeply, after structuredClone, so a null-prototype object compares like a plain one).
 * FG_DIST (a private build) is honoured: `fungible-graph[/entry]` then imports from it.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { ERROR_KINDS } from "../../src/errors.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DIST = process.env.FG_DIST ? resolve(process.env.FG_DIST) : join(ROOT, "dist");
const CODE_LANGUAGES = new Set(["js", "mjs", "javascript", "ts", "typescript"]);

export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  /** The label on the line before the fence: "example", "not run: ...", or null. */
  label: string | null;
  code: string;
}

export function codeBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)/.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !lines[end]!.startsWith("```")) end++;
    const label = /^<!--\s*(.+?)\s*-->$/.exec(lines[i - 1]?.trim() ?? "")?.[1] ?? null;
    blocks.push({ file, line: i + 1, language: open[1]!, label, code: lines.slice(i + 1, end).join("\n") });
    i = end;
  }
  return blocks;
}

/** The example as a module: `expr; // => value` lines become checks naming their page line. */
export function runnable(block: CodeBlock, dist: string | null): string {
  const checked = block.code.split("\n").map((line, k) => {
    const match = /^(\s*)(.+?);\s*\/\/ => (.+)$/.exec(line);
    if (!match) return line;
    const [, indent, expression, value] = match;
    return `${indent}__check(${expression}, ${value}, ${JSON.stringify(`${block.file}:${block.line + 1 + k}`)});`;
  });
  let code = checked.join("\n");
  if (dist !== null) {
    code = code.replace(/(["'])fungible-graph(\/(?!data\/)[a-z-]+)?\1/g, (_all, _quote, entry?: string) => JSON.stringify(pathToFileURL(join(dist, `${entry ? entry.slice(1) : "index"}.js`)).href));
  }
  const check = [
    'import { deepStrictEqual as __equal } from "node:assert";',
    "function __check(actual, expected, where) {",
    "  try { __equal(structuredClone(actual), expected); }",
    "  catch (error) { throw new Error(`${where}: ${JSON.stringify(actual)} is not ${JSON.stringify(expected)}`); }",
    "  console.log(`checked ${where}`);",
    "}",
  ].join("\n");
  return `${check}\n${code}\n`;
}

function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => join("docs", name));
  return ["README.md", "ARCHITECTURE.md", ...docs];
}

const blocks = markdownFiles()
  .flatMap((file) => codeBlocks(file, readFileSync(join(ROOT, file), "utf8")))
  .filter((block) => CODE_LANGUAGES.has(block.language));
const examples = blocks.filter((block) => block.label === "example");

function runModule(code: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ["--input-type=module", "-e", code], { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe("code examples of the docs", () => {
  test("the built package is there", () => {
    expect(existsSync(join(DIST, "index.js")), `${relative(ROOT, DIST)}/index.js: run npm run build`).toBe(true);
  });

  test("every code block is labelled `example` (run) or `not run: <why>`", () => {
    const unlabelled = blocks.filter((block) => block.label !== "example" && !/^not run: \S/.test(block.label ?? ""));
    expect(unlabelled.map((block) => `${block.file}:${block.line}`)).toEqual([]);
  });

  test("examples are JavaScript (TypeScript blocks cannot run as they are)", () => {
    expect(examples.filter((block) => !["js", "mjs", "javascript"].includes(block.language)).map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  test("the README's first example uses both queries", () => {
    const first = examples.find((block) => block.file === "README.md");
    expect(first?.code).toContain("assetsFromSource(");
    expect(first?.code).toContain("assetsBetweenChains(");
  });

  test.each(examples.map((block) => [`${block.file}:${block.line}`, block] as const))("%s runs and its checks hold", async (_name, block) => {
    const source = runnable(block, process.env.FG_DIST ? DIST : null);
    const result = await runModule(source);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const expectedChecks = block.code.split("\n").filter((line) => /;\s*\/\/ => /.test(line)).length;
    expect(result.stdout.split("\n").filter((line) => line.startsWith("checked ")).length).toBe(expectedChecks);
  }, 60_000);

  test("a check that does not hold fails the example", async () => {
    const block: CodeBlock = { file: "x.md", line: 1, language: "js", label: "example", code: "[1, 2].length; // => 3" };
    const result = await runModule(runnable(block, null));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("x.md:2: 2 is not 3");
  });
});

describe("docs/library.md's error table", () => {
  const rows = new Map(
    [...readFileSync(join(ROOT, "docs/library.md"), "utf8").matchAll(/^\| `([a-z_]+)` \| (\d+) \| (\d+) \|/gm)].map((m) => [m[1]!, [Number(m[2]), Number(m[3])]]),
  );

  test("has every error code of ERROR_KINDS with its HTTP status and gRPC code, and no other", () => {
    const kinds = Object.entries(ERROR_KINDS).map(([code, kind]) => [code, [kind.status, kind.grpcCode]] as const);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(kinds));
  });
});
