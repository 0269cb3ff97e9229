/**
 * How many serving processes `serve` starts by default: one per core, but no more than fit in
 * memory. Rule: min(cores, floor(0.75 x available memory / memory per worker)), at least 1, where
 * available memory is the smaller of the OS's free memory and what is left under a cgroup memory
 * limit (containers), when one is readable.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, freemem } from "node:os";

/**
 * Peak RSS of one worker serving the embedded mainnet graph across a reload (the old graph plus
 * the restored new one), measured with `bench/scenarios/s7-service.mjs` and rounded up.
 */
const WORKER_MEMORY_BYTES = 512 * 2 ** 20;
const BUDGET_SHARE = 0.75;

export interface WorkerCountFacts {
  cores: number;
  availableBytes: number;
  perWorkerBytes: number;
}

export interface WorkerCount extends WorkerCountFacts {
  count: number;
  /** One line for the log: the figures behind the count. */
  why: string;
}

function workerCountFor(facts: WorkerCountFacts): WorkerCount {
  const byMemory = Math.floor((facts.availableBytes * BUDGET_SHARE) / facts.perWorkerBytes);
  const count = Math.max(1, Math.min(facts.cores, byMemory));
  const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
  const why = `${count} worker${count === 1 ? "" : "s"}: ${facts.cores} cores, ${mib(facts.availableBytes)} available, ${mib(facts.perWorkerBytes)} per worker`;
  return { ...facts, count, why };
}

export function defaultWorkerCount(perWorkerBytes = WORKER_MEMORY_BYTES): WorkerCount {
  return workerCountFor({ cores: availableParallelism(), availableBytes: availableMemory(), perWorkerBytes });
}

/** Free memory, capped by the room left under a cgroup (v2 or v1) limit when there is one. */
function availableMemory(): number {
  const free = freemem();
  const room = cgroupRoom();
  return room === undefined ? free : Math.min(free, room);
}

function cgroupRoom(): number | undefined {
  const pairs: [string, string][] = [
    ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"],
    ["/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"],
  ];
  for (const [limitFile, usageFile] of pairs) {
    const limit = readNumber(limitFile);
    // "max", or v1's "no limit" (a number near 2^63), means unlimited.
    if (limit === undefined || limit > 2 ** 52) continue;
    return Math.max(0, limit - (readNumber(usageFile) ?? 0));
  }
  return undefined;
}

function readNumber(file: string): number | undefined {
  try {
    const value = Number(readFileSync(file, "utf8").trim());
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
