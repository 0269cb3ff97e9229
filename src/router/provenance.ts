/**
 * The one place a router's provenance is written: where its data came from (a dataset's own
 * provenance, a registry, or the chain-registry package with its version and overlay), then the
 * content hash of each layer put over it (replacement swap venues, metadata overrides).
 */
import type { StateSnapshot } from "../state/format.js";
import type { StateApplyOptions } from "../state/apply.js";
import { contentHash, type Provenance } from "../dataset/data-version.js";
import type { Overrides } from "../registry/overrides.js";
import type { ChainRegistryOverlay } from "../registry/overlay.js";
import type { SwapVenue } from "../registry/schema.js";

/** Where the data came from, before any layer. */
export type Origin =
  | { source: "dataset"; provenance: Provenance }
  | { source: "registry" }
  | { source: "chain-registry"; network: "mainnet" | "testnet"; version: string | undefined; overlay: ChainRegistryOverlay };

/** What a source's data is layered with. */
export interface Layers {
  /** Swap venues replacing the source's own (a registry or chain-registry source). */
  venues?: readonly SwapVenue[];
  /** Metadata overrides layered over the data. */
  overrides?: Overrides;
  /** A state snapshot narrowing the router (its provenance fields are written by `withState`). */
  state?: StateSnapshot;
  /** How the snapshot is read: its stated windows (`withState`'s options). */
  stateOptions?: StateApplyOptions;
}

export function provenanceOf(origin: Origin, layers: Layers = {}): Provenance {
  const base: Provenance =
    origin.source === "dataset" ? origin.provenance
    : origin.source === "registry" ? { source: "registry" }
    : {
        source: "chain-registry",
        network: origin.network,
        ...(origin.version === undefined ? {} : { chain_registry_version: origin.version }),
        overlay_hash: hashOf(origin.overlay),
      };
  return {
    ...base,
    ...(layers.venues === undefined ? {} : { venues_hash: hashOf(layers.venues) }),
    ...(layers.overrides === undefined ? {} : { overrides_hash: hashOf(layers.overrides) }),
  };
}

/** The provenance a dataset records: the router's, with when it was compiled when that is given (none by default: reproducible). */
export function compiledProvenance(provenance: Provenance, compiledAt: string | undefined): Provenance {
  return compiledAt === undefined ? provenance : { ...provenance, compiled_at: compiledAt };
}

const hashOf = (value: unknown): string => contentHash(JSON.stringify(value));
