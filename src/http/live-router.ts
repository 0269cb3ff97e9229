/**
 * The graph a service answers from, swappable while it serves. A request reads `current` once and
 * answers from that graph alone, so a swap never mixes two data versions in one answer. Building
 * and checking the next graph is the caller's job (off the request path); this only holds it.
 */
import type { AssetRouter } from "../router/router.js";
import * as z from "zod/mini";
import { optionsArgument, parseArgument } from "../arguments.js";
import { servedRouter } from "../router/core.js";
import { LastReloadSchema, type HealthBody, type LastReload, type ServedProvenance } from "./health.js";

const ReloadResultSchema = z.discriminatedUnion("ok", [z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: z.string() })]);
export type ReloadResult = z.infer<typeof ReloadResultSchema>;

export interface LiveRouterOptions {
  /** The clock for `loaded_at` and `last_reload.at` (tests pin it); default `new Date()`. */
  now?: () => Date;
  /** What /health reports as `provenance` (default the graph's own). */
  provenance?: ServedProvenance;
  /** `loaded_at` to report (default now): a process replacing another serves data loaded earlier. */
  loadedAt?: string;
  /** `last_reload` to report until the next one (default null), for the same reason. */
  lastReload?: LastReload | null;
}

/** LiveRouter's brand: a live router made by another copy of the library (CommonJS beside ESM) is recognised too. */
const LIVE_ROUTER_BRAND = Symbol.for("fungible-graph.live-router");

export class LiveRouter {
  readonly [LIVE_ROUTER_BRAND] = true;
  #router: AssetRouter;
  #loadedAt: string;
  #lastReload: LastReload | null = null;
  /** When the reload under way started; null when none is. */
  #reloadSince: string | null = null;
  #chains: number;
  #provenance: ServedProvenance;
  readonly #now: () => Date;

  constructor(router: AssetRouter, optionsArg: LiveRouterOptions = {}) {
    servedRouter(router, "LiveRouter");
    const options = optionsArgument(optionsArg, "LiveRouter");
    this.#now = options.now ?? (() => new Date());
    this.#router = router;
    this.#chains = router.chainIds().length;
    this.#provenance = options.provenance ?? router.provenance;
    this.#loadedAt = options.loadedAt ?? this.#now().toISOString();
    this.#lastReload = options.lastReload ?? null;
  }

  get current(): AssetRouter {
    return this.#router;
  }

  /**
   * Serves `next` from now on (reporting `provenance`, default its own, and `loadedAt`, default
   * now: a cluster's workers report the primary's); the data version already served changes nothing.
   */
  swap(next: AssetRouter, provenance?: ServedProvenance, loadedAt?: string): "swapped" | "unchanged" {
    servedRouter(next, "LiveRouter.swap", "next");
    provenance ??= next.provenance;
    if (loadedAt !== undefined) loadedAt = parseArgument(z.iso.datetime(), loadedAt, { fn: "LiveRouter.swap", arg: "loadedAt" });
    if (next.dataVersion === this.#router.dataVersion) return "unchanged";
    this.#router = next;
    this.#provenance = provenance;
    this.#chains = next.chainIds().length;
    this.#loadedAt = loadedAt ?? this.#now().toISOString();
    return "swapped";
  }

  /** Notes how the last reload ended, for `/health`; a failed one leaves the served graph as it was. */
  recordReload(resultArg: ReloadResult): void {
    const result = parseArgument(ReloadResultSchema, resultArg, { fn: "LiveRouter.recordReload", arg: "result", expected: "{ ok: true } or { ok: false, error }" });
    this.#lastReload = { ok: result.ok, error: result.ok ? null : result.error, at: this.#now().toISOString() };
    this.#reloadSince = null;
    this.#reloads[result.ok ? "ok" : "refused"]++;
  }

  /** Reloads this process saw end, since it started (GET /metrics): swapped or unchanged ("ok"), or refused. */
  get reloads(): { ok: number; refused: number } {
    return { ...this.#reloads };
  }
  #reloads = { ok: 0, refused: 0 };

  /** A reload started at `since` (ISO, default now): /health reports it running until its outcome is recorded. */
  reloadStarted(since?: string): void {
    this.#reloadSince = since === undefined ? this.#now().toISOString() : parseArgument(z.iso.datetime(), since, { fn: "LiveRouter.reloadStarted", arg: "since" });
  }

  /** Reports a reload recorded elsewhere, as is (a cluster's workers all show the primary's record). */
  setLastReload(recordArg: LastReload): void {
    const record = parseArgument(LastReloadSchema, recordArg, { fn: "LiveRouter.setLastReload", arg: "record" });
    // A cluster worker is told each reload once; a record it was started with happened before it.
    if (this.#lastReload?.at !== record.at) this.#reloads[record.ok ? "ok" : "refused"]++;
    this.#lastReload = record;
    this.#reloadSince = null;
  }

  get lastReload(): LastReload | null {
    return this.#lastReload;
  }

  get loadedAt(): string {
    return this.#loadedAt;
  }

  health(): HealthBody {
    const router = this.#router;
    return {
      status: "ok",
      chains: this.#chains,
      data_version: router.dataVersion,
      provenance: this.#provenance,
      loaded_at: this.#loadedAt,
      last_reload: this.#lastReload,
      reload: this.#reloadSince === null ? { state: "idle", since: null } : { state: "running", since: this.#reloadSince },
      ...stateAge(this.#provenance.state_created_at, this.#now()),
    };
  }
}

/** How old the state snapshot is, when one is applied: an operator's first question about live state. */
function stateAge(createdAt: string | undefined, now: Date): { state_age_seconds?: number } {
  if (createdAt === undefined) return {};
  const ms = now.getTime() - Date.parse(createdAt);
  return Number.isFinite(ms) ? { state_age_seconds: Math.max(0, Math.floor(ms / 1000)) } : {};
}

/** A LiveRouter of any copy of the library (by its brand); false (not a TypeError) for a revoked Proxy. */
export function isLiveRouter(value: unknown): value is LiveRouter {
  try {
    return typeof value === "object" && value !== null && (value as { [LIVE_ROUTER_BRAND]?: unknown })[LIVE_ROUTER_BRAND] === true;
  } catch {
    return false;
  }
}
