/**
 * A state snapshot written to its file whole or not at all (the one atomic writer,
 * ./write-file-atomic.ts), and the previous snapshot read back from it: a refresh keeps the facts
 * it could not read anew (src/remote/refresh-state.ts `previous`).
 */
import { FungibleError, isFungibleError } from "../errors.js";
import { parseState, type StateSnapshot } from "../state/format.js";
import { readTextFile } from "./load-registry-file.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export async function writeStateFile(path: string, snapshot: StateSnapshot): Promise<void> {
  try {
    await writeFileAtomic(path, `${JSON.stringify(snapshot, null, 2)}\n`);
  } catch (error) {
    throw new FungibleError("file_unwritable", `refresh-state: cannot write "${path}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** The snapshot at `path`; null when there is no file there. A file that is not a snapshot throws `invalid_state` naming it. */
export async function readPreviousState(path: string): Promise<StateSnapshot | null> {
  let text: string;
  try {
    text = await readTextFile(path, "previous state");
  } catch (error) {
    if (isFungibleError(error) && error.code === "file_unreadable" && /ENOENT|does not exist|no such file/i.test(error.message)) return null;
    throw error;
  }
  try {
    return parseState(text);
  } catch (error) {
    throw isFungibleError(error) ? new FungibleError(error.code, `previous state "${path}": ${error.message}`) : error;
  }
}
