/**
 * The public shape of a built engine. `buildAssetGraph(registry)` returns an `AssetGraph`;
 * queries take and return the wire format of the interface spec.
 */
import type Graph from "graphology";
import type { AssetRef, BridgeType, Registry } from "../registry/schema.js";
import type {
  AssetsBetweenChainsRequest,
  AssetsBetweenChainsResponse,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  WireAsset,
} from "../wire/schema.js";

export type HopKind = "ibc" | "bridge" | "swap";

/** One step of a route. */
export interface RouteHop {
  kind: HopKind;
  /** "IBC" for an IBC hop, the bridge type for a bridge hop, null for a swap. */
  bridge: BridgeType | null;
  from: WireAsset;
  to: WireAsset;
  /** For IBC hops: the sending chain's port and channel. */
  port: string | null;
  channel: string | null;
  /** For swaps: the venue name. */
  venue: string | null;
  /** True where a new transaction must be signed before this step (always true for the first). */
  starts_tx: boolean;
}

export interface Route {
  from: WireAsset;
  to: WireAsset;
  txs_required: number;
  bridges: BridgeType[];
  hops: RouteHop[];
}

export interface SwapOptions {
  include_swaps?: boolean | null;
  swap_venues?: { name: string; chain_id: string }[] | null;
}

export interface AssetGraph {
  /** The underlying graphology graph (chain and asset nodes, hop edges), for analysts. Read-only by convention. */
  readonly graph: Graph;
  /** The registry the engine was built from. */
  readonly registry: Registry;
  assetsFromSource(request: AssetsFromSourceRequest): AssetsFromSourceResponse;
  assetsBetweenChains(request: AssetsBetweenChainsRequest): AssetsBetweenChainsResponse;
  /** The chosen route between two assets, or `null` when none exists. Unknown assets throw. */
  route(from: AssetRef, to: AssetRef, options?: SwapOptions): Route | null;
  /** Every chain id of the graph, sorted. */
  chainIds(): string[];
}
