/**
 * Calls back once, after a quiet period, when any of some files changes. Watches each file's
 * DIRECTORY (node:fs.watch) and filters by name, because editors and deploy tools replace a file
 * by writing a temporary one and renaming it over the original: a watch on the file itself would
 * follow the old inode and go silent. A poll of the files' size and mtime (fs.watchFile) backs it
 * up where directory events are unreliable (network file systems, some containers). A change is
 * judged by content: a file put back with its old size and mtime (`cp -p`, a restore) is a change
 * when its bytes differ from those last reported, and a touch that changes nothing is none.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync, watch, watchFile, unwatchFile, type FSWatcher, type Stats } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileLimit } from "../files/load-registry-file.js";

export interface WatchOptions {
  /** Quiet period after the last event before calling back (default 300 ms). */
  debounceMs?: number;
  /** Poll interval of the fallback (default 2000 ms). */
  pollMs?: number;
}

export interface FileWatch {
  close(): void;
}

export function watchFiles(files: readonly string[], onChange: (changed: string[]) => void, options: WatchOptions = {}): FileWatch {
  const debounceMs = options.debounceMs ?? 300;
  const pollMs = options.pollMs ?? 2000;
  const paths = [...new Set(files.map((file) => resolve(file)))];
  const changed = new Set<string>();
  // What each file looked like when last reported: the two sources (events, poll) see one change once.
  const seen = new Map(paths.map((path) => [path, signature(path)]));
  let timer: NodeJS.Timeout | undefined;
  const touched = (path: string) => {
    changed.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const list = [...changed].filter((path) => {
        const now = signature(path);
        if (now === seen.get(path)) return false;
        seen.set(path, now);
        return true;
      });
      changed.clear();
      if (list.length > 0) onChange(list);
    }, debounceMs);
  };

  const watchers: FSWatcher[] = [];
  const byDir = new Map<string, Set<string>>();
  for (const path of paths) {
    const names = byDir.get(dirname(path)) ?? new Set<string>();
    names.add(basename(path));
    byDir.set(dirname(path), names);
  }
  for (const [dir, names] of byDir) {
    try {
      const watcher = watch(dir, { persistent: false }, (_event, name) => {
        // Some platforms give no name: then any event in the directory may be ours.
        if (name === null) for (const n of names) touched(resolve(dir, n));
        else if (names.has(name.toString())) touched(resolve(dir, name.toString()));
      });
      watcher.on("error", () => watcher.close()); // the directory went away: the poll remains
      watchers.push(watcher);
    } catch {
      // No directory watch here (missing directory, no inotify): the poll covers it.
    }
  }
  const listeners = paths.map((path) => {
    const listener = (current: Stats, previous: Stats) => {
      if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size || current.ino !== previous.ino) touched(path);
    };
    watchFile(path, { persistent: false, interval: pollMs }, listener);
    return [path, listener] as const;
  });

  return {
    close() {
      if (timer) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      for (const [path, listener] of listeners) unwatchFile(path, listener);
    },
  };
}

/**
 * The file's content hash ("missing" when it cannot be read as a regular file). Read only after an
 * event or a poll saw the file move, and bounded: a file past the loaders' limit is judged by
 * size, mtime and inode (the loader refuses it anyway).
 */
function signature(path: string): string {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return "missing";
    if (stats.size > fileLimit()) return `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
    return createHash("sha256").update(readFileSync(path)).digest("hex");
  } catch {
    return "missing";
  }
}
