/**
 * Reads a registry in the project's own JSON format from disk. Every way it can fail becomes a
 * FungibleError that names the file, so the CLI can print one clear line.
 */
import { readFile } from "node:fs/promises";
import * as z from "zod";
import { parseArgument } from "../arguments.js";
import { errorFromZod, FungibleError } from "../errors.js";
import { RegistrySchema, type Registry } from "../registry/schema.js";

/** A file's text; a missing or unreadable file is `file_unreadable`, naming the path and the system's reason. */
export async function readTextFile(path: string, operation: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new FungibleError("file_unreadable", `${operation}: cannot read "${path}" (${reason})`);
  }
}

export async function readJsonFile(path: string, operation: string): Promise<unknown> {
  const text = await readTextFile(path, operation);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FungibleError("invalid_registry", `${operation}: "${path}" is not valid JSON: ${(error as Error).message}`);
  }
}

/** Loads and validates a registry file; an invalid one throws with every zod issue in `details`. */
export async function loadRegistryFile(path: string): Promise<Registry> {
  parseArgument(z.string(), path, { fn: "loadRegistryFile", arg: "path", expected: "a file path (string)" });
  const json = await readJsonFile(path, "loadRegistryFile");
  const result = RegistrySchema.safeParse(json);
  if (result.success) return result.data;
  throw errorFromZod("invalid_registry", `loadRegistryFile: "${path}" is not a valid registry`, result.error);
}
