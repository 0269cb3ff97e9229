/**
 * The graph a service answers from, swappable while it serves. A request reads `current` once and
 * answers from that graph alone, so a swap never mixes two data versions in one answer. Building
 * and checking the next graph is the caller's job (off the request path); this only holds it.
 */
import type { AssetGraph } from "../engine/asset-graph.js";
import type { HealthBody, LastReload } from "./health.js";

export type ReloadResult = { ok: true } | { ok: false; error: string };

export interface LiveGraphOptions {
  /** The clock for `loaded_at` and `last_reload.at` (tests pin it); default `new Date()`. */
  now?: () => Date;
}

export class LiveGraph {
  #graph: AssetGraph;
  #loadedAt: string;
  #lastReload: LastReload | null = null;
  #chains: number;
  readonly #now: () => Date;

  constructor(graph: AssetGraph, options: LiveGraphOptions = {}) {
    this.#now = options.now ?? (() => new Date());
    this.#graph = graph;
    this.#chains = graph.chainIds().length;
    this.#loadedAt = this.#now().toISOString();
  }

  get current(): AssetGraph {
    return this.#graph;
  }

  /** Serves `next` from now on; a graph with the data version already served changes nothing. */
  swap(next: AssetGraph): "swapped" | "unchanged" {
    if (next.dataVersion === this.#graph.dataVersion) return "unchanged";
    this.#graph = next;
    this.#chains = next.chainIds().length;
    this.#loadedAt = this.#now().toISOString();
    return "swapped";
  }

  /** Notes how the last reload ended, for `/health`; a failed one leaves the served graph as it was. */
  recordReload(result: ReloadResult): void {
    this.#lastReload = { ok: result.ok, error: result.ok ? null : result.error, at: this.#now().toISOString() };
  }

  health(): HealthBody {
    const graph = this.#graph;
    return {
      status: "ok",
      chains: this.#chains,
      data_version: graph.dataVersion,
      provenance: graph.provenance,
      loaded_at: this.#loadedAt,
      last_reload: this.#lastReload,
    };
  }
}
