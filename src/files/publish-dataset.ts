/**
 * Publishing a dataset to a directory a static server (or a CDN's origin) serves: the dataset as
 * immutable files named by its `data_version` (plain JSON, and gzip and brotli beside it for
 * servers that send precompressed files), then the signed pointer `latest.json` naming them
 * (src/dataset/pointer.ts). Files are written atomically and the pointer last, so a reader never
 * sees a pointer before its file. A version file already there is never rewritten: it is reused
 * when it holds that version, and refused when it does not (immutable names, immutable content).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { FungibleError } from "../errors.js";
import { POINTER_MAX_BYTES, signPointer, type Pointer } from "../dataset/pointer.js";
import { loadDataset } from "../router/dataset-router.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export const POINTER_FILE = "latest.json";

export interface PublishResult {
  pointer: Pointer;
  /** Paths written (a reused version file is not among them). */
  written: string[];
  /** Whether the version files were already in the directory (published before). */
  reused: boolean;
}

/**
 * Publishes `dataset` (its text, as `compileDataset` writes it) to `dir`, signed with `secretKey`.
 * The sequence is the later of the previous pointer's + 1 and the publish time in seconds: it
 * grows across publishes from this directory, and from another one started later.
 */
export async function publishDataset(dir: string, dataset: string, secretKey: Uint8Array, now = new Date()): Promise<PublishResult> {
  const dataVersion = loadDataset(dataset).dataVersion;
  const base = dataVersion.replace(":", "-");
  const files = { json: `${base}.json`, gzip: `${base}.json.gz`, br: `${base}.json.br` };
  const existing = await readIfPresent(join(dir, files.json));
  let bytes: Buffer;
  if (existing !== null) {
    // Published before (maybe compiled at another time): those bytes stay, as caches already hold them.
    if (loadDatasetVersion(existing, files.json) !== dataVersion) {
      throw new FungibleError("invalid_dataset", `publish: ${join(dir, files.json)} exists and is not ${dataVersion}; version files are immutable, not replaced`);
    }
    bytes = existing;
  } else bytes = Buffer.from(dataset, "utf8");
  const written: string[] = [];
  const write = async (name: string, data: string | Uint8Array) => {
    await writeFileAtomic(join(dir, name), data);
    written.push(join(dir, name));
  };
  if (existing === null) await write(files.json, bytes);
  // The compressed files are derived: (re)written when missing, so a half-finished publish completes.
  if ((await readIfPresent(join(dir, files.gzip))) === null) await write(files.gzip, await promisify(gzip)(bytes, { level: 9 }));
  if ((await readIfPresent(join(dir, files.br))) === null) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
    await write(files.br, await promisify(brotliCompress)(bytes, { params }));
  }
  const previous = await previousSequence(join(dir, POINTER_FILE));
  const pointer = await signPointer(
    {
      format: "fungible-graph-pointer/1",
      data_version: dataVersion,
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      files,
      published_at: now.toISOString(),
      sequence: Math.max(previous + 1, Math.floor(now.getTime() / 1000)),
    },
    secretKey,
  );
  await write(POINTER_FILE, `${JSON.stringify(pointer, null, 2)}\n`);
  return { pointer, written, reused: existing !== null };
}

function loadDatasetVersion(bytes: Buffer, name: string): string {
  try {
    return loadDataset(bytes).dataVersion;
  } catch (error) {
    throw new FungibleError("invalid_dataset", `publish: ${name} is already in the directory and is not a dataset (${(error as Error).message.split("\n")[0]}); version files are immutable, not replaced`);
  }
}

/** The sequence of the pointer already in the directory (-1: none, or one that cannot be read as a pointer). */
async function previousSequence(path: string): Promise<number> {
  const text = await readIfPresent(path);
  if (text === null || text.length > POINTER_MAX_BYTES) return -1;
  try {
    const sequence = (JSON.parse(text.toString("utf8")) as { sequence?: unknown }).sequence;
    return Number.isSafeInteger(sequence) && (sequence as number) >= 0 ? (sequence as number) : -1;
  } catch {
    return -1;
  }
}

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
