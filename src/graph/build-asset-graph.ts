/**
 * From a parsed registry to a ready engine: canonical assets, hop edges, and every asset's best
 * routes computed once, so each query costs about the size of its answer.
 */
import type Graph from "graphology";
import type { AssetRef, Registry } from "../registry/schema.js";
import type {
  AssetsBetweenChainsRequest,
  AssetsBetweenChainsResponse,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
} from "../wire/schema.js";
import { assetsBetweenChains } from "../query/assets-between-chains.js";
import { assetsFromSource } from "../query/assets-from-source.js";
import { Arrival, SearchScratch, searchBestRoutes, sourceLabel } from "../query/best-routes.js";
import { BridgeSets } from "../query/bridge-sets.js";
import type { Engine } from "../query/engine.js";
import { ownView, reachableSet, type ReachableView } from "../query/reachable-set.js";
import { findRoute } from "../query/route.js";
import { canonicalAssets, compareStrings, type DerivedVoucher } from "./canonical-assets.js";
import { graphologyView } from "./graphology-view.js";
import { hopAdjacency } from "./hops.js";
import type { EngineModel, HopEdge } from "./model.js";
import type { AssetGraph, Route, SwapOptions } from "./types.js";

/** Builds the engine from a registry returned by `parseRegistry` or `loadChainRegistry`. */
export function buildAssetGraph(registry: Registry): AssetGraph {
  return buildFromModel(registry, buildModel(registry));
}

/** The engine of a built graph: what a snapshot stores. */
export function engineOfGraph(graph: AssetGraph): Engine {
  const engine = engines.get(graph);
  if (engine === undefined) throw new TypeError("engineOfGraph: not an engine built by buildAssetGraph");
  return engine;
}

/** A graph around an engine restored from a snapshot. */
export function graphOfEngine(registry: Registry, engine: Engine): AssetGraph {
  const graph = new FungibleAssetGraph(registry, engine);
  engines.set(graph, engine);
  return graph;
}

const engines = new WeakMap<AssetGraph, Engine>();

function buildFromModel(registry: Registry, model: EngineModel): AssetGraph {
  const bridgeSets = new BridgeSets();
  return graphOfEngine(registry, { model, bridgeSets, reachable: reachableViews(model, bridgeSets) });
}

/** Every asset's reachable view; single-hop assets share the search from the far end of their hop. */
function reachableViews(model: EngineModel, bridgeSets: BridgeSets): ReachableView[] {
  const scratch = new SearchScratch(model.assets.length);
  const shared = new Map<string, ReachableView>();
  return model.assets.map((asset): ReachableView => {
    const hops = model.hops[asset.index]!;
    if (hops.length !== 1) {
      return ownView(reachableSet(model, searchBestRoutes(model, sourceLabel(asset.index), bridgeSets, null, scratch)));
    }
    const hop = hops[0]!;
    const via = { asset: hop.to, txs: 1, hops: 1, bridges: bridgeSets.extend(BridgeSets.EMPTY, hop.bridge) };
    const key = `${hop.to}|${hop.kind}|${hop.bridge}`;
    let far = shared.get(key);
    if (far === undefined) {
      const start = { ...via, parent: null, edge: null, startsTx: false, arrival: arrivalBy(hop) };
      far = ownView(reachableSet(model, searchBestRoutes(model, start, bridgeSets, null, scratch)));
      shared.set(key, far);
    }
    return { ...far, exclude: asset.index, via };
  });
}

function arrivalBy(hop: HopEdge): Arrival {
  return hop.kind === "ibc" ? Arrival.Ibc : Arrival.Bridge;
}

export function buildModel(registry: Registry, derived?: readonly DerivedVoucher[]): EngineModel {
  const chains = [...registry.chains].sort((a, b) => compareStrings(a.chain_id, b.chain_id));
  const chainIndexById = new Map(chains.map((chain, i) => [chain.chain_id, i]));
  const { assets, assetIndexByKey } = canonicalAssets(registry, chainIndexById, derived);
  const assetsByChain: number[][] = chains.map(() => []);
  for (const asset of assets) assetsByChain[asset.chainIndex]!.push(asset.index);
  return {
    chains,
    chainIndexById,
    assets,
    assetIndexByKey,
    assetsByChain,
    hops: hopAdjacency(registry, assets, assetIndexByKey),
    swapVenues: registry.swap_venues,
  };
}

class FungibleAssetGraph implements AssetGraph {
  private view: Graph | undefined;

  constructor(
    readonly registry: Registry,
    private readonly engine: Engine,
  ) {}

  /** Built on first use: queries never need it, analysts often do. */
  get graph(): Graph {
    this.view ??= graphologyView(this.engine.model);
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
}
