/**
 * `serve --check-conformance FILE`: the corpus read and checked once, with the flags (in the
 * cluster primary before it forks), so a missing or malformed file stops `serve` before any load.
 */
import { FungibleError, isFungibleError } from "../errors.js";
import { parseConformanceCorpus, type ConformanceCorpus } from "../export/conformance.js";
import { readRegularFile } from "../files/load-registry-file.js";

/** Larger than any corpus the request list could make (5,000 requests): a wrong file, not a corpus. */
const MAX_CORPUS_BYTES = 64 * 1024 * 1024;

/**
 * The corpus of `file`: read as every file the commands take is (a regular file only, so a FIFO
 * is refused rather than waited on; bounded while reading), then parsed and checked.
 */
export async function readConformanceCorpus(command: string, file: string): Promise<ConformanceCorpus> {
  const where = `${command}: --check-conformance ${file}`;
  let text: string;
  try {
    text = (await readRegularFile(file, "the corpus", MAX_CORPUS_BYTES)).toString("utf8");
  } catch (error) {
    if (isFungibleError(error)) throw new FungibleError(error.code, `${where}: cannot be read (${error.message})`);
    throw error;
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
