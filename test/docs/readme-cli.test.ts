/**
 * The command-line examples of README.md and docs/cli.md, run: each `$ fungible-graph …` line of a fenced block
 * (continued by a trailing `\`) against the built CLI (`node dist/cli.js`), its printed output
 * compared with the lines the page shows under it. A line `…` elides any number of lines;
 * elsewhere the shown lines are the output's lines, in order and adjacent (trailing spaces
 * ignored). A command shown with no output whose block is followed by a ```mermaid block prints
 * that block. Commands that are not `fungible-graph` (curl) are not run here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { runCli } from "../cli/run-cli.js";

const ELLIPSIS = "…";

export interface ReadmeExample {
  /** The command line as the README writes it (continuations joined). */
  command: string;
  args: string[];
  /** The shown output lines (`…` included). */
  expected: string[];
  /** 1-based README line of the command. */
  line: number;
}

/** Every `$ fungible-graph` command of the README's fenced blocks, with the output shown for it. */
export function readmeExamples(text: string): ReadmeExample[] {
  const lines = text.split("\n");
  const examples: ReadmeExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith("```")) continue;
    const start = i;
    let end = i + 1;
    while (end < lines.length && !lines[end]!.startsWith("```")) end++;
    const body = lines.slice(start + 1, end);
    for (let j = 0; j < body.length; j++) {
      if (!body[j]!.startsWith("$ fungible-graph ")) continue;
      const line = start + 2 + j;
      let command = body[j]!.slice(2);
      while (command.endsWith("\\") && j + 1 < body.length) command = `${command.slice(0, -1).trimEnd()} ${body[++j]!.trim()}`;
      const expected: string[] = [];
      while (j + 1 < body.length && !body[j + 1]!.startsWith("$ ")) expected.push(body[++j]!);
      while (expected.length > 0 && expected.at(-1)!.trim() === "") expected.pop();
      // A picture command shown alone: its output is the next ```mermaid block.
      if (expected.length === 0 && lines[end + 1] === "" && lines[end + 2] === "```mermaid") {
        let k = end + 3;
        while (k < lines.length && !lines[k]!.startsWith("```")) expected.push(lines[k++]!);
      }
      const words = command.replace(/\s+#.*$/, "").trim().split(/\s+/);
      examples.push({ command, args: words.slice(1), expected, line });
    }
    i = end;
  }
  return examples;
}

/** Problems of `actual` against the shown lines; empty when they match. */
export function compareShown(expected: readonly string[], actual: string): string[] {
  const got = actual.replace(/\n$/, "").split("\n").map((line) => line.trimEnd());
  const segments: string[][] = [[]];
  for (const line of expected) {
    if (line.trim() === ELLIPSIS) segments.push([]);
    else segments.at(-1)!.push(line.trimEnd());
  }
  const openStart = expected[0]?.trim() === ELLIPSIS;
  const openEnd = expected.at(-1)?.trim() === ELLIPSIS;
  let at = 0;
  for (const [index, segment] of segments.entries()) {
    if (segment.length === 0) continue;
    const anchored = index === 0 && !openStart;
    const matches = (from: number) => segment.every((line, k) => got[from + k] === line);
    let found = -1;
    if (anchored) found = matches(0) ? 0 : -1;
    else for (let from = at; from + segment.length <= got.length && found < 0; from++) if (matches(from)) found = from;
    if (found < 0) return [`these lines are not in the output (from line ${at + 1}):\n${segment.join("\n")}\n--- output:\n${got.join("\n")}`];
    at = found + segment.length;
  }
  if (!openEnd && segments.some((s) => s.length > 0) && at !== got.length) return [`the output goes on after the shown lines:\n${got.slice(at).join("\n")}`];
  return [];
}

/** The pages whose `$ fungible-graph` examples are run. */
const PAGES = ["README.md", "docs/cli.md"] as const;

/**
 * FG_DATASET: a dataset file to answer from (a private build, FG_DIST, whose code cannot load the
 * shipped dist/data it resolves to): added as `--dataset FILE` to each example that names no source.
 */
const SOURCE_FLAGS = ["--dataset", "--registry", "--network", "--chain-registry"];
function withDataset(args: string[]): string[] {
  const file = process.env.FG_DATASET;
  if (!file || ["validate", "compile", "serve"].includes(args[0]!) || args.some((arg) => SOURCE_FLAGS.includes(arg))) return args;
  return [...args, "--dataset", file];
}

const examples = PAGES.flatMap((page) =>
  readmeExamples(readFileSync(new URL(`../../${page}`, import.meta.url), "utf8")).map((example) => ({ ...example, page })),
);

describe("command-line examples of README.md and docs/cli.md", () => {
  test("the pages have examples of each query command", () => {
    const commands = new Set(examples.map((example) => example.args[0]));
    for (const command of ["between", "route", "from-source", "why", "chains", "assets"]) expect(commands, command).toContain(command);
  });

  test.each(examples.map((example) => [`${example.page}:${example.line} ${example.command}`, example] as const))("%s", async (_name, example) => {
    const result = await runCli(withDataset(example.args));
    expect(result.stderr).toBe("");
    expect(compareShown(example.expected, result.stdout)).toEqual([]);
  }, 60_000);
});

describe("the comparison itself", () => {
  test("… elides lines; shown lines must be adjacent, in order, and the whole output without …", () => {
    expect(compareShown(["a", "b"], "a\nb\n")).toEqual([]);
    expect(compareShown(["a", ELLIPSIS, "d"], "a\nb\nc\nd\n")).toEqual([]);
    expect(compareShown([ELLIPSIS, "c", ELLIPSIS], "a\nb\nc\nd\n")).toEqual([]);
    expect(compareShown(["a", "c"], "a\nb\nc\n")).not.toEqual([]);
    expect(compareShown(["b", "a"], "a\nb\n")).not.toEqual([]);
    expect(compareShown(["a"], "a\nb\n")).not.toEqual([]);
    expect(compareShown(["a  "], "a\n")).toEqual([]);
  });

  test("continuations, comments and mermaid blocks are read", () => {
    const text = ["```", "$ fungible-graph route a:b \\", "    c:d --format mermaid", "```", "", "```mermaid", "flowchart LR", "```", "```", "$ fungible-graph chains   # note", "X", "", "$ fungible-graph why x:y z", "Y", "```"].join("\n");
    expect(readmeExamples(text).map(({ args, expected }) => ({ args, expected }))).toEqual([
      { args: ["route", "a:b", "c:d", "--format", "mermaid"], expected: ["flowchart LR"] },
      { args: ["chains"], expected: ["X"] },
      { args: ["why", "x:y", "z"], expected: ["Y"] },
    ]);
  });
});
