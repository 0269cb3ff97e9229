/**
 * docs/cli.md against the built command's own help: every command `fungible-graph --help` lists
 * has a section, and every flag of every command's `--help` is named in docs/cli.md (serve's limits
 * may be named in docs/operations.md instead). And the other way: no flag the page names is
 * unknown to every command.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { runCli } from "../cli/run-cli.js";

const read = (page: string) => readFileSync(fileURLToPath(new URL(`../../${page}`, import.meta.url)), "utf8");
const CLI_DOC = read("docs/cli.md");
const OPERATIONS_DOC = read("docs/operations.md");

/** The command names of the `commands:` list of `fungible-graph --help`. */
function commandsOf(help: string): string[] {
  const list = help.split("commands:\n")[1]?.split("\n\n")[0] ?? "";
  return [...list.matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1]!);
}

/** The long flags of a command's `--help` (`  --name ARG  help`), --help itself left out. */
function flagsOf(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z0-9-]+)/gm)].map((m) => m[1]!).filter((flag) => flag !== "--help");
}

/** Whether `text` names `flag` as a word (`--include-cw20-assets` does not name `--include-cw20`). */
const names = (text: string, flag: string) => new RegExp(`(^|[\\s\`\\[(])${flag}(?![a-z0-9-])`, "m").test(text);

const help = await runCli(["--help"]);
const commands = commandsOf(help.stdout);
const helps = new Map(await Promise.all(commands.map(async (command) => [command, (await runCli([command, "--help"])).stdout] as const)));

describe("docs/cli.md and the command's help", () => {
  test("the help lists the commands", () => {
    expect(help.code).toBe(0);
    expect(commands).toContain("from-source");
    expect(commands).toContain("serve");
  });

  test("every command has a section (### name, or ### a and b)", () => {
    const headings = [...CLI_DOC.matchAll(/^### (.+)$/gm)].flatMap((m) => m[1]!.split(" and "));
    expect(commands.filter((command) => !headings.includes(command))).toEqual([]);
  });

  test.each(commands.map((command) => [command] as const))("every flag of `%s --help` is named in the docs", (command) => {
    const flags = flagsOf(helps.get(command)!);
    expect(flags.length).toBeGreaterThan(0);
    const named = (flag: string) => names(CLI_DOC, flag) || (command === "serve" && names(OPERATIONS_DOC, flag));
    expect(flags.filter((flag) => !named(flag))).toEqual([]);
  });

  test("every flag docs/cli.md names is a flag of some command", () => {
    const known = new Set([...helps.values()].flatMap(flagsOf).concat("--help", "--version"));
    const named = [...new Set([...CLI_DOC.matchAll(/(?:^|[\s`[(])(--[a-z0-9-]+)/gm)].map((m) => m[1]!))];
    expect(named.filter((flag) => !known.has(flag))).toEqual([]);
  });
});
