/**
 * From a parsed registry to a ready `AssetRouter`: the model, its route index (tables computed on
 * first use), and the object users query. Loading a dataset (dataset-router.ts) reaches the same object through `routerOf`.
 * The route index travels inside the router, under its brand (core.ts): no table on the side.
 */
import { buildModel } from "../model/build-model.js";
import { assetsBetweenChains } from "../query/assets-between-chains.js";
import { assetsFromSource } from "../query/assets-from-source.js";
import type { RouteIndex } from "../query/route-index.js";
import { findRoute } from "../query/route.js";
import { assetSummaries, chainSummaries } from "../explain/discovery.js";
import { notesOfIssues } from "../explain/notes.js";
import type { RegistryIssue } from "../registry/issues.js";
import type { AssetSummary, ChainSummary, RegistryNote } from "../wire/explain.js";
import type { AssetRef, Registry } from "../registry/schema.js";
import type { Route } from "../wire/route.js";
import type {
  AssetsBetweenChainsRequest,
  AssetsBetweenChainsResponse,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  SwapOptions,
} from "../wire/schema.js";
import { buildRouterArguments } from "./arguments.js";
import { ROUTER_BRAND, type AssetRouter, type RouterCore } from "./router.js";
import { coreOf } from "./core.js";
import { dataVersionOf, type Provenance } from "../dataset/data-version.js";
import { routeIndexOf } from "../query/route-tables.js";
import { narrowByState, stateArguments, type RouterState } from "./state-router.js";
import type { StateApplyOptions } from "../state/apply.js";
import { parseState, type StateSnapshot } from "../state/format.js";

export interface BuildOptions {
  /** Where the registry came from; default `{ source: "registry" }`. */
  provenance?: Provenance;
  /** What the adapter left out or could not route (`loadChainRegistryWithIssues`): `explain` cites them. */
  issues?: readonly RegistryIssue[];
  /** A state snapshot (docs/behaviour.md "Live network state"): the router is narrowed by it (`withState`). */
  state?: unknown;
}

/** Builds the router from a registry returned by `parseRegistry` or `loadChainRegistry`. */
export function buildRouter(registry: Registry, options: BuildOptions = {}): AssetRouter {
  [registry, options] = buildRouterArguments(registry, options);
  if (options.state !== undefined) {
    const { state, ...rest } = options;
    // Checked before the build, so a bad snapshot fails fast; then applied without a second check.
    const snapshot = parseState(state);
    return narrowedRouter(buildRouter(registry, rest), snapshot);
  }
  const notes = [...(registry.notes ?? []), ...notesOfIssues(options.issues ?? [])];
  return routerOf(registry, routeIndexOf(buildModel(registry)), options.provenance ?? { source: "registry" }, undefined, notes);
}

/**
 * `router` narrowed by a state snapshot (its JSON value or text; junk throws `invalid_state`):
 * the model is built again from the narrowed registry (the cost of a build from a registry).
 */
export function withState(router: AssetRouter, state: unknown, options: StateApplyOptions = {}): AssetRouter {
  return narrowedRouter(...stateArguments(router, state, options));
}

/** `router` narrowed by a snapshot already checked where it entered (`withState`, a source's layers). */
export function narrowedRouter(router: AssetRouter, snapshot: StateSnapshot, options: StateApplyOptions = {}): AssetRouter {
  const narrowed = narrowByState(router, snapshot, options);
  return routerOf(narrowed.registry, routeIndexOf(buildModel(narrowed.registry)), narrowed.provenance, undefined, narrowed.notes, narrowed.state);
}

/** A router around a route index built here or from a dataset. */
export function routerOf(
  registry: Registry,
  routeIndex: RouteIndex,
  provenance: Provenance,
  dataVersion?: string,
  notes: readonly RegistryNote[] = registry.notes ?? [],
  state?: RouterState,
): AssetRouter {
  return new QueryRouter(deepFrozen(registry), routeIndex, provenance, dataVersion, deepFrozen(notes), state);
}

/**
 * `value` with every array and record in it frozen (a parsed registry is plain JSON data: no
 * cycles, no class instances), so no caller can change the data behind a router's answers and
 * its `dataVersion` after the router is built. Cheap: one `Object.freeze` per record.
 */
function deepFrozen<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  // for...in, not Object.values: no array made per record (a start froze the registry in 7-14 ms, now 2 ms).
  for (const key in value) deepFrozen(value[key]);
  return Object.freeze(value);
}

class QueryRouter implements AssetRouter {
  /** The brand and core: a declared member, so a wrapper or another copy of the library reads it too. */
  readonly [ROUTER_BRAND]: RouterCore;
  /** Content hash of the registry, notes and model facts, fixed when the router is built (the loader may already know it). */
  readonly dataVersion: string;

  constructor(
    readonly registry: Registry,
    private readonly routeIndex: RouteIndex,
    readonly provenance: Provenance,
    dataVersion: string | undefined,
    /** Registry notes `explain` cites (unrouted bridges, unresolved origins). */
    readonly notes: readonly RegistryNote[],
    state: RouterState | undefined,
  ) {
    this.dataVersion = dataVersion ?? dataVersionOf(registry, notes, routeIndex.model.facts);
    this[ROUTER_BRAND] = coreOf(routeIndex, this, state);
    // Fixed too: assigning one throws in strict mode. The instance itself stays open, so a test can
    // still spy on a method.
    for (const name of ["registry", "provenance", "notes", "dataVersion"] as const) Object.defineProperty(this, name, { writable: false, configurable: false });
  }

  assetsFromSource(request: AssetsFromSourceRequest): AssetsFromSourceResponse {
    return assetsFromSource(this.routeIndex, request);
  }

  assetsBetweenChains(request: AssetsBetweenChainsRequest): AssetsBetweenChainsResponse {
    return assetsBetweenChains(this.routeIndex, request);
  }

  route(from: AssetRef, to: AssetRef, options?: SwapOptions): Route | null {
    return findRoute(this.routeIndex, from, to, options);
  }

  chainIds(): string[] {
    return this.routeIndex.model.chains.map((chain) => chain.chain_id);
  }


  chains(): readonly ChainSummary[] {
    return chainSummaries(this.routeIndex);
  }

  assetsOnChain(chainId: string): readonly AssetSummary[] {
    return assetSummaries(this.routeIndex, chainId);
  }
}
