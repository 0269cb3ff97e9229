/**
 * Where a command's graph comes from: a snapshot file (fastest start), a registry file in the
 * project format, or the embedded Cosmos chain registry (the default).
 */
import { readFile } from "node:fs/promises";
import { FungibleError } from "../errors.js";
import { buildAssetGraph } from "../graph/build-asset-graph.js";
import { restoreAssetGraph } from "../graph/snapshot.js";
import { loadChainRegistry } from "../registry/load-chain-registry.js";
import type { AssetGraph } from "../graph/types.js";
import type { Registry } from "../registry/schema.js";
import { loadRegistryFile } from "../node/load-registry-file.js";
import { UsageError } from "./cli-error.js";

export const REGISTRY_OPTION = { registry: { type: "string" } } as const;
export const SNAPSHOT_OPTION = { snapshot: { type: "string" } } as const;

export interface GraphSource {
  registry?: string | undefined;
  snapshot?: string | undefined;
}

export async function loadRegistry(registryFile: string | undefined): Promise<Registry> {
  return registryFile === undefined ? loadChainRegistry() : loadRegistryFile(registryFile);
}

export async function loadGraph(command: string, source: GraphSource): Promise<AssetGraph> {
  if (source.registry !== undefined && source.snapshot !== undefined) {
    throw new UsageError(`${command}: give --registry or --snapshot, not both`, command);
  }
  if (source.snapshot !== undefined) return restoreAssetGraph(await readSnapshot(source.snapshot));
  return buildAssetGraph(await loadRegistry(source.registry));
}

async function readSnapshot(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new FungibleError(reason === "ENOENT" ? "not_found" : "invalid_registry", `cannot read snapshot "${path}" (${reason})`);
  }
}
