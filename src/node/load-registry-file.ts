/**
 * Reads a registry in the project's own JSON format from disk. Every way it can fail becomes a
 * FungibleError that names the file, so the CLI can print one clear line.
 */
import { readFile } from "node:fs/promises";
import { FungibleError, isFungibleError } from "../errors.js";
import { parseRegistry, type Registry } from "../registry/schema.js";

export async function readJsonFile(path: string, operation: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const code = reason === "ENOENT" ? "not_found" : "invalid_registry";
    throw new FungibleError(code, `${operation}: cannot read "${path}" (${reason})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FungibleError("invalid_registry", `${operation}: "${path}" is not valid JSON: ${(error as Error).message}`);
  }
}

/** Loads and validates a registry file; an invalid one throws with every zod issue in `details`. */
export async function loadRegistryFile(path: string): Promise<Registry> {
  const json = await readJsonFile(path, "loadRegistryFile");
  try {
    return parseRegistry(json);
  } catch (error) {
    if (!isFungibleError(error)) throw error;
    const detail = error.message.replace(/^parseRegistry: the registry is invalid\n?/, "");
    throw new FungibleError("invalid_registry", `loadRegistryFile: "${path}" is not a valid registry\n${detail}`, error.details);
  }
}
