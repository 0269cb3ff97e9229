/**
 * Writes a file whole or not at all: the bytes go to a temporary file beside the target (same
 * directory, so the same file system), which is synced to disk and renamed over the target, then
 * the directory is synced. A full disk, a crash or a kill mid-write leaves the previous file as it
 * was (and no temporary one behind, save after a crash). Only a regular file is replaced: a target
 * that is a symbolic link, a FIFO, a directory or a device is refused, never followed or waited on.
 * Errors are the system's (`code` set), or a FileTargetError for a refused target.
 */
import { randomBytes } from "node:crypto";
import { lstat, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export class FileTargetError extends Error {
  override readonly name = "FileTargetError";
}

/** `mode`: the permissions of a new file (default 0o666 less the umask; a secret key's is 0o600). */
export async function writeFileAtomic(target: string, data: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const existing = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (existing !== null && !existing.isFile()) throw new FileTargetError(`it is ${kindOf(existing)}, not a regular file; only a regular file is replaced`);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  // 'wx': never an existing file (nor a link planted at that name); the target's permissions kept.
  const handle = await open(temporary, "wx", existing === null ? (options.mode ?? 0o666) : existing.mode & 0o7777);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await syncDirectory(dirname(target));
}

/** The rename is durable once the directory is synced; where a directory cannot be opened for it (some systems), the write still stands. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the data itself is synced and in place.
  }
}

function kindOf(stats: { isDirectory(): boolean; isSymbolicLink(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  return "a device";
}
