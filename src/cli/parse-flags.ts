/**
 * The one command-line parser of every command: node:util parseArgs reads the tokens, and each
 * mistake becomes a UsageError in our words (never Node's parser text): an unknown flag with the
 * closest known names ("did you mean --json?"), a flag that needs a value and got none, a switch
 * given a value.
 */
import { parseArgs } from "node:util";
import { compareStrings } from "../compare.js";
import { boundedDistance } from "../model/suggest.js";
import { UsageError } from "./cli-error.js";

export interface FlagSpec {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  /** The value's name in the help text (`FILE`, `N`...), for string options. */
  arg?: string;
}

interface ParsedLine {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/**
 * `argv` read against `flags`. `refused` names flags a command does not take on purpose, each
 * with why (said instead of "unknown flag").
 */
export function parseFlags(command: string, flags: Record<string, FlagSpec>, argv: string[], refused: Record<string, string> = {}): ParsedLine {
  const options = Object.fromEntries(
    Object.entries(flags).map(([name, flag]) => [name, { type: flag.type, ...(flag.short ? { short: flag.short } : {}), ...(flag.multiple ? { multiple: true } : {}) }]),
  );
  // Not strict: the tokens are checked below, so every mistake gets our message.
  const { values, positionals, tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  const shorts = new Map(Object.entries(flags).flatMap(([name, flag]) => (flag.short ? [[flag.short, name] as const] : [])));
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const long = token.rawName.startsWith("--");
    const name = long ? token.name : shorts.get(token.name);
    const flag = name === undefined ? undefined : flags[name];
    if (flag === undefined || name === undefined) {
      if (long && refused[token.name] !== undefined) throw new UsageError(`${command}: ${token.rawName} is not taken here: ${refused[token.name]}`, command);
      const close = closestNames(token.name, Object.keys(flags)).map((known) => `--${known}`);
      const hint = close.length === 0 ? "" : `; did you mean ${orList(close)}?`;
      throw new UsageError(`${command}: unknown flag ${token.rawName}${hint}`, command);
    }
    if (flag.type === "boolean" && token.inlineValue) {
      throw new UsageError(`${command}: --${name} takes no value, got "${token.rawName}=${token.value}"`, command);
    }
    if (flag.type === "string") {
      const wanted = `${token.rawName} ${flag.arg ?? "VALUE"}`;
      if (token.value === undefined) throw new UsageError(`${command}: ${token.rawName} needs a value: ${wanted}`, command);
      // `--registry --json`: the next flag taken for a value is almost always a forgotten value.
      if (!token.inlineValue && token.value.startsWith("-") && token.value !== "-") {
        throw new UsageError(`${command}: ${token.rawName} needs a value: ${wanted} (got the flag "${token.value}"; write ${token.rawName}=${token.value} if that is the value)`, command);
      }
    }
  }
  return { values: values as ParsedLine["values"], positionals };
}

/**
 * Known names close to a mistyped one, best first (at most three): the same ignoring case and
 * `_`/`-`, a few edits away (a swap of two letters is one), or the start of exactly one name.
 */
export function closestNames(input: string, known: readonly string[]): string[] {
  const wanted = input.toLowerCase().replaceAll("_", "-");
  const limit = wanted.length <= 4 ? 1 : wanted.length <= 9 ? 2 : 3;
  const scored: [number, string][] = [];
  for (const name of known) {
    const distance = boundedDistance(wanted, name, limit);
    if (distance !== null) scored.push([distance, name]);
  }
  const prefixed = known.filter((name) => wanted.length >= 3 && name.startsWith(wanted));
  if (prefixed.length === 1 && !scored.some(([, name]) => name === prefixed[0])) scored.push([limit + 1, prefixed[0]!]);
  return scored
    .sort((a, b) => a[0] - b[0] || compareStrings(a[1], b[1]))
    .slice(0, 3)
    .map(([, name]) => name);
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
