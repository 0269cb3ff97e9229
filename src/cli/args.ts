/**
 * node:util parseArgs with the CLI's conventions: strict (an unknown flag is a usage error),
 * positionals allowed, parse failures turned into UsageError naming the command.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./cli-error.js";

export const HELP_OPTION = { help: { type: "boolean", short: "h" } } as const;
export const JSON_OPTION = { json: { type: "boolean" } } as const;

export function parseCommandArgs<T extends ParseArgsConfig>(command: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message}`, command);
  }
}

export function expectPositionals(command: string, positionals: string[], names: string[]): string[] {
  if (positionals.length !== names.length) {
    const got = positionals.length === 0 ? "none" : positionals.map((p) => `"${p}"`).join(" ");
    throw new UsageError(`${command}: expected ${names.map((n) => `<${n}>`).join(" ")}, got ${got}`, command);
  }
  return positionals;
}

/** A whole number in [min, max] from a flag or an environment variable. */
export function parseInteger(command: string, name: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${command}: ${name} must be a whole number from ${min} to ${max}, got "${text}"`, command);
  }
  return value;
}
