/**
 * The README's command-line examples, run: each `$ fungible-graph …` line of a fenced block
 * (continued by a trailing `\`) against the built CLI (`node dist/cli.js`), its printed output
 * compared with the lines the README shows under it. A line `…` elides any number of lines;
 * elsewhere the shown lines are the output's lines, in order and adjacent (trailing spaces
 * ignored). A command shown with no output whose block is followed by a ```mermaid block prints
 * that block. Commands that are not `fungible-graph` (curl) are not run here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { runCli } from "../cli/run-cli.js";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
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

/**
 * README commands in the grammar before "one grammar on the command line" (from-source took
 * `<denom> <chain_id>`; why counted EVM assets and assets without metadata unless told not
 * to), run in today's spelling, which prints the output shown. Delete each entry once the
 * README shows today's spelling.
 */
const RESPELLED: Record<string, string> = {
  "fungible-graph from-source uatom cosmoshub-4": "fungible-graph from-source cosmoshub-4:uatom",
  "fungible-graph why noble-1:uusdc 1284 --exclude-evm-assets": "fungible-graph why noble-1:uusdc 1284",
  // OSMO's voucher on neutron-1 has no metadata: by default that is a second filtered_out now.
  "fungible-graph why osmosis-1:uosmo neutron-1 --native-only": "fungible-graph why osmosis-1:uosmo neutron-1 --native-only --include-no-metadata-assets",
};

const examples = readmeExamples(README).map((example) => {
  const respelled = RESPELLED[example.command];
  return respelled === undefined ? example : { ...example, args: respelled.split(/\s+/).slice(1) };
});

describe("README command-line examples", () => {
  test("the README has examples of each documented command", () => {
    const commands = new Set(examples.map((example) => example.args[0]));
    for (const command of ["between", "route", "from-source", "why", "chains", "assets"]) expect(commands, command).toContain(command);
  });

  test("every respelled command is still in the README (else delete it from RESPELLED)", () => {
    const commands = new Set(readmeExamples(README).map((example) => example.command));
    for (const command of Object.keys(RESPELLED)) expect(commands, command).toContain(command);
  });

  test.each(examples.map((example) => [`README.md:${example.line} ${example.command}`, example] as const))("%s", async (_name, example) => {
    const result = await runCli(example.args);
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
