/**
 * The one router type. `buildRouter`, `loadRouter` and `compileDataset`'s way back all make an
 * `AssetRouter`, and every function that takes one (`explain`, `graphologyOf`, `compileDataset`,
 * the Skip discovery functions, `createFetchHandler`, `LiveRouter`, the Node server) reads only the
 * members declared here. Queries take and return the wire format of docs/behaviour.md §6-§8.
 *
 * Identity survives copies of the library: a router carries its core under
 * `Symbol.for("fungible-graph.router")` (`ROUTER_BRAND`), the one brand that every function checks
 * where a router enters (a look-alike without it is refused there, `invalid_config`). A router
 * made by the CommonJS build is accepted by the ESM build's functions, since `Symbol.for` names one
 * symbol in the whole process. A wrapper (metrics, a cache) is a router too when it passes the
 * brand's value on unchanged: see docs/library.md, "Wrapping a router".
 */
import type { AssetRef, Registry } from "../registry/schema.js";
import type { Route } from "../wire/route.js";
import type { AssetSummary, ChainSummary, RegistryNote } from "../wire/explain.js";
import type { Provenance } from "../dataset/data-version.js";
import type {
  AssetsBetweenChainsRequest,
  AssetsBetweenChainsResponse,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  SwapOptions,
} from "../wire/schema.js";

/** The key of a router's core: `Symbol.for("fungible-graph.router")`, the same symbol in every copy of the library. */
export const ROUTER_BRAND: unique symbol = Symbol.for("fungible-graph.router");

/**
 * What the library's own functions read from a router besides its public members: its model and
 * route tables. Opaque to callers: a wrapper passes it on as it is and never builds one.
 */
export interface RouterCore {
  /** The layout of the core; a router from a copy of the library with another layout is refused by name. */
  readonly format: number;
}

export interface AssetRouter {
  /** The brand and the core in one member: what `explain`, `compileDataset`... read. A wrapper copies it from the router it wraps. */
  readonly [ROUTER_BRAND]: RouterCore;
  /** The registry the router was built from (after overrides). */
  readonly registry: Registry;
  /** Content hash of the data behind every answer (`sha256:...`): equal versions answer alike. */
  readonly dataVersion: string;
  /** Where the data came from. */
  readonly provenance: Provenance;
  /** Facts of the registry import that `explain` cites (unrouted bridges, unresolved origins); a dataset stores them. */
  readonly notes: readonly RegistryNote[];
  /** Every asset the source can become, by chain (POST /v2/fungible/assets_from_source). */
  assetsFromSource(request: AssetsFromSourceRequest): AssetsFromSourceResponse;
  /** What each asset of one chain becomes on another (POST /v2/fungible/assets_between_chains). */
  assetsBetweenChains(request: AssetsBetweenChainsRequest): AssetsBetweenChainsResponse;
  /** The chosen route between two assets, or `null` when none exists. Unknown assets throw. */
  route(from: AssetRef, to: AssetRef, options?: SwapOptions): Route | null;
  /** Every chain id of the graph, sorted. */
  chainIds(): string[];
  /** Every chain, sorted by chain id, with its capability flags and asset count. */
  chains(): readonly ChainSummary[];
  /** The assets of one chain in canonical order; an unknown chain throws `unknown_chain` (with close matches). */
  assetsOnChain(chainId: string): readonly AssetSummary[];
}
