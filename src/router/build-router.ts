/**
 * From a parsed registry to a ready `AssetRouter`: the model, its route index (tables computed on
 * first use), and the object users query. Loading a dataset (dataset-router.ts) reaches the same object through `routerOf`.
 */
import { FungibleError } from "../errors.js";
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
import type { AssetRouter } from "./router.js";
import { dataVersionOf, type Provenance } from "../dataset/data-version.js";
import { routeIndexOf } from "../query/route-tables.js";

export interface BuildOptions {
  /** Where the registry came from; default `{ source: "registry" }`. */
  provenance?: Provenance;
  /** What the adapter left out or could not route (`loadChainRegistryWithIssues`): `explain` cites them. */
  issues?: readonly RegistryIssue[];
}

/** Builds the router from a registry returned by `parseRegistry` or `loadChainRegistry`. */
export function buildRouter(registry: Registry, options: BuildOptions = {}): AssetRouter {
  [registry, options] = buildRouterArguments(registry, options);
  const notes = [...(registry.notes ?? []), ...notesOfIssues(options.issues ?? [])];
  return routerOf(registry, routeIndexOf(buildModel(registry)), options.provenance ?? { source: "registry" }, undefined, notes);
}

/** The router of a built or loaded graph: what a dataset stores part of. */
export function routeIndexOfRouter(router: AssetRouter, operation = "routeIndexOfRouter"): RouteIndex {
  const routeIndex = routeIndexes.get(router);
  if (routeIndex === undefined) {
    throw new FungibleError("invalid_config", `${operation}: not a router made by buildRouter, loadDataset or loadRouter`);
  }
  return routeIndex;
}

/** A router around a route index built here or from a dataset. */
export function routerOf(
  registry: Registry,
  routeIndex: RouteIndex,
  provenance: Provenance,
  dataVersion?: string,
  notes: readonly RegistryNote[] = registry.notes ?? [],
): AssetRouter {
  const router = new QueryRouter(registry, routeIndex, provenance, dataVersion, notes);
  routeIndexes.set(router, routeIndex);
  return router;
}

const routeIndexes = new WeakMap<AssetRouter, RouteIndex>();

class QueryRouter implements AssetRouter {
  private version: string | undefined;

  constructor(
    readonly registry: Registry,
    private readonly routeIndex: RouteIndex,
    readonly provenance: Provenance,
    dataVersion: string | undefined,
    /** Registry notes `explain` cites (unrouted bridges, unresolved origins). */
    readonly notes: readonly RegistryNote[],
  ) {
    this.version = dataVersion;
  }

  /** Hashed on first use from the registry, notes and model facts, unless the loader already knew it. */
  get dataVersion(): string {
    this.version ??= dataVersionOf(this.registry, this.notes, this.routeIndex.model.facts);
    return this.version;
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
