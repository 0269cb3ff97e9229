/**
 * The public shape of a built router. `buildRouter(registry)` returns an `AssetRouter`;
 * queries take and return the wire format of docs/behaviour.md §6-§8 (src/wire/schema.ts).
 * Analyses live in their own entries, functions of a router: `explain(router, request)`
 * (`fungible-graph/explain`) and `graphologyOf(router)` (`fungible-graph/graphology`), so the
 * object carries no packaging concern (no method that loads a chunk on demand).
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

export interface AssetRouter {
  /** The registry the router was built from. */
  readonly registry: Registry;
  /** Content hash of the data behind every answer (`sha256:...`): equal versions answer alike. */
  readonly dataVersion: string;
  /** Where the data came from. */
  readonly provenance: Provenance;
  /** Facts of the registry import that `explain` cites (unrouted bridges, unresolved origins); a dataset stores them. */
  readonly notes: readonly RegistryNote[];
  assetsFromSource(request: AssetsFromSourceRequest): AssetsFromSourceResponse;
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
