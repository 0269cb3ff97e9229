/**
 * From a parsed registry to a ready `AssetGraph`: the model, every asset's route tables, and the
 * object users query. Loading a dataset reaches the same object through `graphOfEngine`.
 */
import type Graph from "graphology";
import { FungibleError } from "../errors.js";
import { buildModel } from "../model/build-model.js";
import { assetsBetweenChains } from "../query/assets-between-chains.js";
import { assetsFromSource } from "../query/assets-from-source.js";
import type { Engine } from "../query/engine.js";
import { findRoute } from "../query/route.js";
import { assetSummaries, chainSummaries } from "../explain/discovery.js";
import { notesOfIssues } from "../explain/notes.js";
import type { RegistryIssue } from "../registry/issues.js";
import type { AssetSummary, ChainSummary, ExplainRequest, ExplainResponse, RegistryNote } from "../wire/explain.js";
import type { AssetRef, Registry } from "../registry/schema.js";
import type { Route } from "../wire/route.js";
import type {
  AssetsBetweenChainsRequest,
  AssetsBetweenChainsResponse,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  SwapOptions,
} from "../wire/schema.js";
import type { AssetGraph } from "./asset-graph.js";
import type { Provenance } from "./data-version.js";
import { dataVersionOf } from "./dataset-format.js";
import { engineOfModel } from "./route-tables.js";

export interface BuildOptions {
  /** Where the registry came from; default `{ source: "registry" }`. */
  provenance?: Provenance;
  /** What the adapter left out or could not route (`loadChainRegistryWithIssues`): `explain` cites them. */
  issues?: readonly RegistryIssue[];
}

/** Builds the engine from a registry returned by `parseRegistry` or `loadChainRegistry`. */
export function buildAssetGraph(registry: Registry, options: BuildOptions = {}): AssetGraph {
  const notes = [...(registry.notes ?? []), ...notesOfIssues(options.issues ?? [])];
  return graphOfEngine(registry, engineOfModel(buildModel(registry)), options.provenance ?? { source: "registry" }, undefined, notes);
}

/** The engine of a built or loaded graph: what a dataset stores part of. */
export function engineOfGraph(graph: AssetGraph, operation = "engineOfGraph"): Engine {
  const engine = engines.get(graph);
  if (engine === undefined) {
    throw new FungibleError("invalid_config", `${operation}: not a graph made by buildAssetGraph, loadDataset or loadAssetGraph`);
  }
  return engine;
}

/** A graph around an engine built here or restored from a dataset. */
export function graphOfEngine(
  registry: Registry,
  engine: Engine,
  provenance: Provenance,
  dataVersion?: string,
  notes: readonly RegistryNote[] = registry.notes ?? [],
): AssetGraph {
  const graph = new FungibleAssetGraph(registry, engine, provenance, dataVersion, notes);
  engines.set(graph, engine);
  return graph;
}

const engines = new WeakMap<AssetGraph, Engine>();

class FungibleAssetGraph implements AssetGraph {
  private view: Promise<Graph> | undefined;
  private version: string | undefined;

  constructor(
    readonly registry: Registry,
    private readonly engine: Engine,
    readonly provenance: Provenance,
    dataVersion: string | undefined,
    /** Registry notes `explain` cites (unrouted bridges, unresolved origins). */
    readonly notes: readonly RegistryNote[],
  ) {
    this.version = dataVersion;
  }

  /** Hashed on first use from the registry, the only input of the engine, unless the loader already knew it. */
  get dataVersion(): string {
    this.version ??= dataVersionOf(this.registry, this.notes);
    return this.version;
  }

  // Dynamic imports: graphology and explain stay out of the core's bundle until first used.
  graphology(): Promise<Graph> {
    this.view ??= import("../model/graphology-view.js").then(({ graphologyView }) => graphologyView(this.engine.model));
    return this.view;
  }

  assetsFromSource(request: AssetsFromSourceRequest): AssetsFromSourceResponse {
    return assetsFromSource(this.engine, request);
  }

  assetsBetweenChains(request: AssetsBetweenChainsRequest): AssetsBetweenChainsResponse {
    return assetsBetweenChains(this.engine, request);
  }

  route(from: AssetRef, to: AssetRef, options?: SwapOptions): Route | null {
    return findRoute(this.engine, from, to, options);
  }

  chainIds(): string[] {
    return this.engine.model.chains.map((chain) => chain.chain_id);
  }

  async explain(request: ExplainRequest): Promise<ExplainResponse> {
    const { explain } = await import("../explain/explain.js");
    return explain({ engine: this.engine, registry: this.registry, notes: this.notes }, request);
  }

  chains(): readonly ChainSummary[] {
    return chainSummaries(this.engine);
  }

  assetsOnChain(chainId: string): readonly AssetSummary[] {
    return assetSummaries(this.engine, chainId);
  }
}
