/**
 * The public shape of a built engine. `buildAssetGraph(registry)` returns an `AssetGraph`;
 * queries take and return the wire format of the interface spec.
 */
import type Graph from "graphology";
import type { AssetRef, Registry } from "../registry/schema.js";
import type { Route } from "../wire/route.js";
import type { Provenance } from "./data-version.js";
import type {
  AssetsBetweenChainsRequest,
  AssetsBetweenChainsResponse,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  SwapOptions,
} from "../wire/schema.js";

export interface AssetGraph {
  /** The underlying graphology graph (chain and asset nodes, hop edges), for analysts. Read-only by convention. */
  readonly graph: Graph;
  /** The registry the engine was built from. */
  readonly registry: Registry;
  /** Content hash of the data behind every answer (`sha256:...`): equal versions answer alike. */
  readonly dataVersion: string;
  /** Where the data came from. */
  readonly provenance: Provenance;
  assetsFromSource(request: AssetsFromSourceRequest): AssetsFromSourceResponse;
  assetsBetweenChains(request: AssetsBetweenChainsRequest): AssetsBetweenChainsResponse;
  /** The chosen route between two assets, or `null` when none exists. Unknown assets throw. */
  route(from: AssetRef, to: AssetRef, options?: SwapOptions): Route | null;
  /** Every chain id of the graph, sorted. */
  chainIds(): string[];
}
