/**
 * The access log: one JSON line per answered request, off unless asked for. Lines are batched
 * and written at most every 100 ms (or at 64 KiB), because a write per request is a system call
 * per request (stdout on a pipe is synchronous on Linux) and that showed in the throughput.
 */
import { terminalJson } from "../wire/safe-text.js";

const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 100;

export interface LineSink {
  write(line: string): void;
  /** Writes whatever is buffered now (before exit). */
  flush(): void;
}

/** A buffered sink over `write` (default: process.stdout). */
export function bufferedSink(write: (text: string) => void = (text) => process.stdout.write(text)): LineSink {
  let buffer = "";
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (buffer === "") return;
    const text = buffer;
    buffer = "";
    write(text);
  };
  return {
    write(line) {
      buffer += `${line}\n`;
      if (buffer.length >= FLUSH_BYTES) flush();
      else if (!timer) {
        timer = setTimeout(flush, FLUSH_MS);
        timer.unref();
      }
    },
    flush,
  };
}

/**
 * `{"t":...,"method":...,"path":...,"status":...,"ms":...}`: the path without its query string.
 * JSON escapes C0 controls; `terminalJson` also escapes C1, bidi and invisible characters a raw
 * request target may carry, so a log viewer on a terminal shows them as text.
 */
export function accessLine(method: string, url: string, status: number, ms: number): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return `{"t":"${isoNow()}","method":${JSON.stringify(method)},"path":${terminalJson(JSON.stringify(path))},"status":${status},"ms":${Math.round(ms * 100) / 100}}`;
}

let lastMs = Number.NaN;
let lastIso = "";
/** The time as ISO 8601, formatted once per millisecond: under load many lines share one (toISOString was a third of a line's cost). */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
