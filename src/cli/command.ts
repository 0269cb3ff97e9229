/**
 * One way to define a CLI command: its options (with their help text), positionals and run.
 * Parsing (node:util parseArgs, strict), `--help` and the usage text all come from the definition,
 * so a command cannot document a flag it does not take, or take one it does not document.
 */
import { parseArgs } from "node:util";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { print } from "./output.js";

export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  /** The value's name in the help text (`FILE`, `N`...), for string options. */
  arg?: string;
  help: string;
}

export type OptionSpecs = Record<string, OptionSpec>;

type ValueOf<O extends OptionSpec> = O["type"] extends "boolean"
  ? O["multiple"] extends true ? boolean[] : boolean
  : O["multiple"] extends true ? string[] : string;

export type OptionValues<O extends OptionSpecs> = { [K in keyof O]?: ValueOf<O[K]> };

export interface CommandSpec<O extends OptionSpecs> {
  name: string;
  /** What follows the command name in the usage line, e.g. `<denom> <chain_id>`. */
  args?: string;
  /** The positional arguments' names, in order; a different count is a usage error. `null`: any number. */
  positionals?: readonly string[] | null;
  summary: string;
  /** Paragraphs after the usage line. */
  description: string;
  options: O;
  run(values: OptionValues<O>, positionals: string[]): Promise<number>;
}

export interface Command {
  name: string;
  args: string;
  summary: string;
  help: string;
  run(argv: string[]): Promise<number>;
}

const HELP_SPEC: OptionSpec = { type: "boolean", short: "h", help: "this text" };

export function defineCommand<O extends OptionSpecs>(spec: CommandSpec<O>): Command {
  const help = helpText(spec);
  const run = async (argv: string[]): Promise<number> => {
    const config = Object.fromEntries(
      Object.entries({ ...spec.options, help: HELP_SPEC }).map(([name, option]) => [
        name,
        { type: option.type, ...(option.short ? { short: option.short } : {}), ...(option.multiple ? { multiple: true } : {}) },
      ]),
    );
    let parsed: { values: Record<string, unknown>; positionals: string[] };
    try {
      parsed = parseArgs({ args: argv, options: config, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError(`${spec.name}: ${(error as Error).message}`, spec.name);
    }
    if (parsed.values.help) {
      print(help);
      return EXIT_OK;
    }
    const names = spec.positionals === undefined ? [] : spec.positionals;
    if (names !== null && parsed.positionals.length !== names.length) {
      const got = parsed.positionals.length === 0 ? "none" : parsed.positionals.map((p) => `"${p}"`).join(" ");
      throw new UsageError(`${spec.name}: expected ${names.map((n) => `<${n}>`).join(" ") || "no arguments"}, got ${got}`, spec.name);
    }
    return spec.run(parsed.values as OptionValues<O>, parsed.positionals);
  };
  return { name: spec.name, args: spec.args ?? "", summary: spec.summary, help, run };
}

function helpText(spec: CommandSpec<OptionSpecs>): string {
  const rows = Object.entries({ ...spec.options, help: HELP_SPEC }).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : ""}--${name}${option.type === "string" ? ` ${option.arg ?? "VALUE"}` : ""}`;
    return [flag, option.multiple ? `${option.help} (repeatable)` : option.help] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  const flags = rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`).join("\n");
  const args = spec.args ? ` ${spec.args}` : "";
  return `usage: fungible-graph ${spec.name}${args} [flags]\n\n${spec.description}\n\nflags:\n${flags}`;
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
