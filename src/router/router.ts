/**
 * The public shape of a built router. `buildRouter(registry)` returns an `AssetRouter`;
 * queries take and return the wire format of docs/behaviour.md §6-§8 (src/wire/schema.ts).
 */
// The class as a member of the module, not its default import: under `moduleResolution: node16`
// an ESM consumer's default import of graphology (a CommonJS package) is the whole module (TS2709).
import type * as graphology from "graphology";
import type { AssetRef, Registry } from "../registry/schema.js";
import type { Route } from "../wire/route.js";
import type { AssetSummary, ChainSummary, ExplainRequest, ExplainResponse, RegistryNote } from "../wire/explain.js";
import type { Provenance } from "../dataset/data-version.js";
import type {
  AssetsBetweenChainsRequest,
  AssetsBetweenChainsResponse,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  SwapOptions,
} from "../wire/schema.js";

export interface AssetRouter {
  /**
   * The graph as a graphology graph (chain and asset nodes, hop edges), for analysts; built on the
   * first call and then shared. Read-only by convention. Asynchronous because graphology is loaded
   * on first use: the queries never need it, so a browser bundle of the core leaves it out.
   */
  graphology(): Promise<graphology.default>;
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
  /**
   * Why a source asset does or does not reach a destination chain: the routes, or every reason with
   * its facts. Asynchronous because the explain module (with graphology and its shortest paths) is
   * loaded on first use, in its own chunk.
   */
  explain(request: ExplainRequest): Promise<ExplainResponse>;
  /** Every chain, sorted by chain id, with its capability flags and asset count. */
  chains(): readonly ChainSummary[];
  /** The assets of one chain in canonical order; an unknown chain throws `unknown_chain` (with close matches). */
  assetsOnChain(chainId: string): readonly AssetSummary[];
}
