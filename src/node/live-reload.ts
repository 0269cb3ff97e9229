/**
 * Live reload for a Node server: on a signal (SIGHUP by default), on a change to the source's
 * files, or when called, the source is loaded, checked and compiled to a dataset in a worker
 * thread (./reload.ts); this thread then only loads that dataset and swaps it into the LiveRouter.
 * A refusal keeps the data being served and is reported in /health (`last_reload`).
 */
import type { LiveRouter } from "../http/live-router.js";
import { loadDataset } from "../router/dataset-router.js";
import { sourceFiles, type RouterSource } from "../files/load-source.js";
import type { RemoteMark } from "../router/remote-dataset.js";
import { Reloads } from "./reload.js";
import { probesOf, type Prepared, type PrepareInput } from "./served-graph.js";
import { watchFiles } from "./watch-files.js";
import type { ReloadOptions } from "./server-options.js";

export interface LiveReload {
  /** Reloads now (or once more after the reload under way); resolves when none is left to run. */
  reload(trigger?: string): Promise<void>;
  /** Stops listening for the signal and watching the files; abandons a reload under way. */
  close(): void;
}

export function startLiveReload(live: LiveRouter, source: RouterSource, options: ReloadOptions, log: (line: string) => void, name = "reload"): LiveReload {
  const reloads = new Reloads({
    command: name,
    source,
    dataVersion: live.current.dataVersion,
    probes: probesOf(live.current),
    log,
    ...(options.prepare ? { prepare: options.prepare } : {}),
    remote: options.remote,
    target: {
      async apply(dataset, _dataVersion, provenance) {
        const started = performance.now();
        live.swap(loadDataset(dataset), provenance);
        live.recordReload({ ok: true });
        return `swapped in ${(performance.now() - started).toFixed(1)} ms on the serving thread`;
      },
      async record(result) {
        live.recordReload(result);
      },
      started(since) {
        live.reloadStarted(since);
      },
    },
  });
  const reload = (trigger = "reload()") => reloads.request(trigger);
  const signal = options.signal === true ? "SIGHUP" : options.signal || null;
  const onSignal = () => void reload(signal!);
  if (signal) process.on(signal, onSignal);
  const files = sourceFiles(source).map((file) => file.path);
  const watch =
    options.watch && files.length > 0
      ? watchFiles(files, (changed) => void reload(`changed: ${changed.join(", ")}`), typeof options.watch === "object" ? options.watch : {})
      : null;
  // A poll while a reload runs coalesces with it (Reloads.request); the timer never keeps a stopped process up.
  const poll = options.pollMs && source.url !== undefined ? setInterval(() => void reload("poll"), options.pollMs) : null;
  poll?.unref();
  return {
    reload,
    close() {
      if (poll) clearInterval(poll);
      if (signal) process.off(signal, onSignal);
      watch?.close();
      reloads.stop();
    },
  };
}
