/**
 * Snapshots for fast replica start-up: the registry plus the derived vouchers (whose SHA-256
 * denoms are the costly part of a build), as JSON text. Restoring skips loading the chain
 * registry package and hashing; the route tables are rebuilt, which is cheaper than storing them.
 */
import { z } from "zod";
import { FungibleError } from "../errors.js";
import { parseRegistry } from "../registry/schema.js";
import { buildAssetGraphWithDerived, derivedVouchersOfGraph } from "./build-asset-graph.js";
import type { AssetGraph } from "./types.js";

const SNAPSHOT_FORMAT = "fungible-graph-snapshot/1";

const SnapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  registry: z.unknown(),
  derived: z.array(z.tuple([z.string(), z.string(), z.string(), z.string(), z.string()])),
});

export function snapshotAssetGraph(graph: AssetGraph): string {
  return JSON.stringify({ format: SNAPSHOT_FORMAT, registry: graph.registry, derived: derivedVouchersOfGraph(graph) });
}

/** Throws `FungibleError("invalid_registry")` for text that is not a snapshot of this format. */
export function restoreAssetGraph(text: string): AssetGraph {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FungibleError("invalid_registry", `restoreAssetGraph: the snapshot is not JSON (${(error as Error).message})`);
  }
  const result = SnapshotSchema.safeParse(json);
  if (!result.success) {
    throw new FungibleError("invalid_registry", `restoreAssetGraph: not a ${SNAPSHOT_FORMAT} snapshot\n${z.prettifyError(result.error)}`);
  }
  return buildAssetGraphWithDerived(parseRegistry(result.data.registry), result.data.derived);
}
