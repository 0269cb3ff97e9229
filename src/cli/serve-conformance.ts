/**
 * `serve --check-conformance FILE`: the corpus read and checked once, with the flags (in the
 * cluster primary before it forks), so a missing or malformed file stops `serve` before any load.
 */
import { readFileSync, statSync } from "node:fs";
import { FungibleError, isFungibleError } from "../errors.js";
import { parseConformanceCorpus, type ConformanceCorpus } from "../http/conformance.js";

/** Larger than any corpus the request list could make (5,000 requests): a wrong file, not a corpus. */
const MAX_CORPUS_BYTES = 64 * 1024 * 1024;

export function readConformanceCorpus(command: string, file: string): ConformanceCorpus {
  const where = `${command}: --check-conformance ${file}`;
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_CORPUS_BYTES) throw new FungibleError("invalid_config", `${where}: ${size} bytes, more than a corpus can be (${MAX_CORPUS_BYTES})`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (isFungibleError(error)) throw error;
    throw new FungibleError("file_unreadable", `${where}: cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FungibleError("invalid_config", `${where}: not JSON (${(error as Error).message})`);
  }
  try {
    return parseConformanceCorpus(json);
  } catch (error) {
    throw new FungibleError("invalid_config", `${where}: not a conformance corpus: ${(error as Error).message}`);
  }
}
