/**
 * One way to define a CLI command: its options (with their help text), positionals and run.
 * Parsing (parse-flags.ts), `--help` and the usage text all come from the definition, so a
 * command cannot document a flag it does not take, or take one it does not document.
 */
import { EXIT_OK, UsageError } from "./cli-error.js";
import { parseFlags, type FlagSpec } from "./parse-flags.js";
import { print } from "./output.js";
import { wrapWords } from "./format-table.js";
import { helpWidth, useFullWidth } from "./terminal.js";

interface OptionSpec extends FlagSpec {
  help: string;
}

export type OptionSpecs = Record<string, OptionSpec>;

type ValueOf<O extends OptionSpec> = O["type"] extends "boolean"
  ? O["multiple"] extends true ? boolean[] : boolean
  : O["multiple"] extends true ? string[] : string;

type OptionValues<O extends OptionSpecs> = { [K in keyof O]?: ValueOf<O[K]> };

interface CommandSpec<O extends OptionSpecs> {
  name: string;
  /**
   * The positional arguments as the usage line shows them, in order (`<chain_id>:<denom>`); a
   * different count is a usage error. Absent: none. `null`: any number.
   */
  positionals?: readonly string[] | null;
  /** A hint for positionals of the wrong count (an older grammar, say): `` did you mean `...`? ``. */
  usageHint?: (positionals: readonly string[]) => string | undefined;
  summary: string;
  /** Paragraphs after the usage line; a function for text that costs something to build (async: code only the help imports). */
  description: string | (() => string | Promise<string>);
  options: O;
  /** The command prints tables: it takes `--wide` (every column whole, whatever the width). */
  tables?: boolean;
  /** Flags not taken on purpose, each with why (instead of "unknown flag"). */
  refused?: Record<string, string>;
  run(values: OptionValues<O>, positionals: string[]): Promise<number>;
}

export interface Command {
  name: string;
  /** What follows the command name in the usage line, e.g. `<chain_id>:<denom>`. */
  args: string;
  summary: string;
  help(): Promise<string>;
  run(argv: string[]): Promise<number>;
}

const HELP_SPEC: OptionSpec = { type: "boolean", short: "h", help: "this text" };
const WIDE_SPEC: OptionSpec = { type: "boolean", help: "print tables whole: every column, no shortened hash, whatever the width" };

export function defineCommand<O extends OptionSpecs>(spec: CommandSpec<O>): Command {
  const flags: OptionSpecs = { ...spec.options, ...(spec.tables ? { wide: WIDE_SPEC } : {}), help: HELP_SPEC };
  const args = spec.positionals ? spec.positionals.join(" ") : "";
  let help: Promise<string> | undefined;
  const helpOnce = () => (help ??= helpText(spec, args, flags));
  const run = async (argv: string[]): Promise<number> => {
    const parsed = parseFlags(spec.name, flags, argv, spec.refused);
    if (parsed.values.help) {
      print(await helpOnce());
      return EXIT_OK;
    }
    if (parsed.values.wide === true) useFullWidth();
    const names = spec.positionals === undefined ? [] : spec.positionals;
    if (names !== null && parsed.positionals.length !== names.length) {
      const got = parsed.positionals.length === 0 ? "none" : parsed.positionals.map((p) => `"${p}"`).join(" ");
      const hint = spec.usageHint?.(parsed.positionals);
      throw new UsageError(`${spec.name}: expected ${args || "no arguments"}, got ${got}${hint ? `; ${hint}` : ""}`, spec.name);
    }
    return spec.run(parsed.values as OptionValues<O>, parsed.positionals);
  };
  return { name: spec.name, args, summary: spec.summary, help: helpOnce, run };
}

async function helpText(spec: CommandSpec<OptionSpecs>, args: string, flags: OptionSpecs): Promise<string> {
  const rows = Object.entries(flags).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : ""}--${name}${option.type === "string" ? ` ${option.arg ?? "VALUE"}` : ""}`;
    return [flag, option.multiple ? `${option.help} (repeatable)` : option.help] as const;
  });
  const description = typeof spec.description === "function" ? await spec.description() : spec.description;
  const usage = wrapLines(`usage: fungible-graph ${spec.name}${args ? ` ${args}` : ""} [flags]`, helpWidth(), "    ");
  return `${usage}\n\n${wrapParagraphs(description, helpWidth())}\n\nflags:\n${twoColumns(rows, helpWidth())}`;
}

/**
 * `name  text` rows for help (flags, commands), within `width`: the text in a column after the
 * longest name that fits, wrapped under itself; a name too long for that puts its text below.
 */
export function twoColumns(rows: readonly (readonly [string, string])[], width: number): string {
  const limit = Math.floor(width * 0.4);
  const fitting = rows.map(([name]) => name.length).filter((length) => length <= limit);
  const column = 2 + Math.max(0, ...fitting) + 2;
  const indent = " ".repeat(column);
  return rows
    .map(([name, text]) => {
      const pieces = wrapWords(text, Math.max(20, width - column));
      const head = `  ${name}`;
      if (head.length + 2 > column) return [head, ...pieces.map((piece) => `${indent}${piece}`)].join("\n");
      return [`${head.padEnd(column)}${pieces[0]}`, ...pieces.slice(1).map((piece) => `${indent}${piece}`)].join("\n");
    })
    .join("\n");
}

/**
 * Help prose within `width`: each paragraph of flowing text is joined and wrapped again; an
 * indented line (an example, a list item) keeps its own line and continues under its indent.
 */
export function wrapParagraphs(text: string, width: number): string {
  const out: string[] = [];
  let flowing: string[] = [];
  const flush = () => {
    if (flowing.length > 0) out.push(...wrapWords(flowing.join(" "), width));
    flowing = [];
  };
  for (const line of text.split("\n")) {
    if (line.trim() === "" || /^\s/.test(line) || /^[-*] /.test(line)) {
      flush();
      out.push(line.trim() === "" ? "" : wrapLines(line, width, `${/^\s*/.exec(line)![0]}  `));
    } else flowing.push(line);
  }
  flush();
  return out.join("\n");
}

/** One line within `width`, continued on lines starting with `indent`. */
function wrapLines(line: string, width: number, indent: string): string {
  if (line.length <= width) return line;
  const lead = /^\s*/.exec(line)![0];
  const [first, ...rest] = wrapWords(line.slice(lead.length), Math.max(20, width - indent.length), Math.max(20, width - lead.length));
  return [`${lead}${first!}`, ...rest.map((piece) => `${indent}${piece}`)].join("\n");
}

/** A whole number in [min, max] from a flag or an environment variable. */
export function parseInteger(command: string, name: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${command}: ${name} must be a whole number from ${min} to ${max}, got "${text}"`, command);
  }
  return value;
}

export const JSON_OPTION = { json: { type: "boolean", help: "machine-readable JSON output" } } as const satisfies OptionSpecs;
