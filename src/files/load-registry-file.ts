/**
 * Reads the files a caller names (a registry, a dataset, overrides, venues) from disk. Every way it
 * can fail becomes a FungibleError that names the file, so the CLI can print one clear line. Only
 * a regular file is read, and at most `fileLimit()` bytes of it: /dev/zero, a FIFO or a file that
 * keeps growing must not hang the process or fill its memory.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { open } from "node:fs/promises";
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { errorFromZod, FungibleError, safeParse } from "../errors.js";
import { terminalText } from "../wire/safe-text.js";
import { markChecked, RegistrySchema, type Registry } from "../registry/schema.js";

/** The largest file read by default (256 MiB; the shipped mainnet dataset is a few MiB). */
export const DEFAULT_FILE_LIMIT = 256 * 1024 * 1024;
/** Overrides the limit, in bytes (read by every process and thread that loads files: workers and reload threads too). */
export const FILE_LIMIT_ENV = "FUNGIBLE_GRAPH_FILE_LIMIT";

/** The byte limit on a file read: DEFAULT_FILE_LIMIT unless FUNGIBLE_GRAPH_FILE_LIMIT is a positive integer. */
export function fileLimit(): number {
  const value = Number(process.env[FILE_LIMIT_ENV]);
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_FILE_LIMIT;
}

// O_NONBLOCK: opening a FIFO with no writer returns at once (then fstat refuses it) instead of waiting forever.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK = 1 << 20;

function unreadable(operation: string, path: string, reason: string): FungibleError {
  return new FungibleError("file_unreadable", `${operation}: cannot read "${terminalText(path)}" (${reason})`);
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/** Refuses what is not a regular file, or one already over the limit. */
function checkStats(stats: Stats, operation: string, path: string, limit: number): void {
  if (!stats.isFile()) throw unreadable(operation, path, `not a regular file: ${kindOf(stats)}`);
  if (stats.size > limit) throw tooLarge(operation, path, limit);
}

function tooLarge(operation: string, path: string, limit: number): FungibleError {
  // The operator's limit can be raised; a kind of file's own bound (readRegularFile's `limit`) cannot.
  const raise = limit === fileLimit() ? `; ${FILE_LIMIT_ENV} raises it` : "";
  return unreadable(operation, path, `larger than the limit of ${limit} bytes${raise}`);
}

function systemReason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/**
 * A regular file's bytes, at most the limit (enforced while reading too: a file may grow after
 * fstat); `limit` defaults to the operator's file limit (fileLimit), or a kind of file's own bound.
 */
export async function readRegularFile(path: string, operation: string, limit = fileLimit()): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    throw unreadable(operation, path, systemReason(error));
  }
  try {
    checkStats(await handle.stat(), operation, path, limit);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(CHUNK), 0, CHUNK, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit) throw tooLarge(operation, path, limit);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof FungibleError) throw error;
    throw unreadable(operation, path, systemReason(error));
  } finally {
    await handle.close().catch(() => {});
  }
}

/** A file's text; a missing, unreadable, non-regular or too large file is `file_unreadable`, naming the path and the reason. */
export async function readTextFile(path: string, operation: string): Promise<string> {
  return (await readRegularFile(path, operation)).toString("utf8");
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
  const result = safeParse(RegistrySchema, json);
  // Marked as parseRegistry marks it, so buildRouter does not check it a second time.
  if (result.success) return markChecked(result.data);
  throw errorFromZod("invalid_registry", `loadRegistryFile: "${path}" is not a valid registry`, result.error);
}
