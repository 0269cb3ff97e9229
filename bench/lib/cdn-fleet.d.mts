export interface Replica {
  url: string;
  pid: number;
  readyMs: number;
  output(): string;
  stop(): Promise<void>;
}
export interface Fleet {
  url: string;
  nginx: import("./nginx.mjs").Nginx;
  replicas: Replica[];
  originRequests(): number;
  originStatuses(): Record<string, number>;
  stop(): Promise<void>;
}
export function startFleet(options: { cli: string; dataArgs?: string[]; replicas?: number }): Promise<Fleet>;
export function random(seed: number): () => number;
export function zipf(n: number, exponent: number, rand: () => number): () => number;
export function shuffled<T>(items: readonly T[], rand: () => number): T[];
export interface MixResult {
  requests: number;
  statuses: Record<string, number>;
  cache: Record<string, number>;
  errors: number;
  examples: string[];
  seed: number;
  distinctTargets: number;
  ms: number;
  origin: number;
  hitRatio: number;
  originPer100k: number;
  rate304: number;
}
export function runZipfMix(options: {
  url: string;
  targets: readonly string[];
  count: number;
  concurrency?: number;
  seed: number;
  exponent?: number;
  pinnedShare?: number;
  conditionalShare?: number;
  timeLimitMs?: number;
  originRequests?: () => number;
}): Promise<MixResult>;
export interface SwitchResult {
  requests: number;
  versionedAnswers: number;
  mixed: number;
  repins: number;
  notServed: number;
  errors: number;
  versions: Record<string, number>;
  examples: string[];
  seed: number;
  switched: boolean;
}
export function runSwitch(options: {
  url: string;
  targets: readonly string[];
  /** Asked by no one until the switch is done; then each client asks one first (a sure cache miss). */
  fresh?: readonly string[];
  count: number;
  concurrency?: number;
  seed: number;
  switchAfter: number;
  doSwitch: () => Promise<unknown>;
  expected?: (version: string, target: string) => Promise<string | undefined>;
  timeLimitMs?: number;
}): Promise<SwitchResult>;
export function reloadReplicas(replicas: Replica[], options?: { gapMs?: number }): Promise<{ from: string; to: string }[]>;
