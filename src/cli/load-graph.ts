/**
 * Where a command's graph comes from: a snapshot file (fastest start), a registry file in the
 * project format, or the embedded Cosmos chain registry (the default).
 */
import { buildAssetGraph } from "../engine/build-asset-graph.js";
import { restoreAssetGraph } from "../engine/snapshot.js";
import { loadChainRegistry } from "../registry/load-chain-registry.js";
import type { AssetGraph } from "../engine/asset-graph.js";
import type { Registry } from "../registry/schema.js";
import { loadRegistryFile, readTextFile } from "../node/load-registry-file.js";
import { UsageError } from "./cli-error.js";
import type { OptionSpecs } from "./command.js";

export const REGISTRY_OPTION = {
  registry: { type: "string", arg: "FILE", help: "registry in the project format (default: embedded chain registry)" },
} as const satisfies OptionSpecs;
/** Where a query command's graph comes from. */
export const GRAPH_OPTIONS = {
  ...REGISTRY_OPTION,
  snapshot: { type: "string", arg: "FILE", help: "graph snapshot written by `fungible-graph snapshot`" },
} as const satisfies OptionSpecs;

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
  if (source.snapshot !== undefined) return restoreAssetGraph(await readTextFile(source.snapshot, "snapshot"));
  return buildAssetGraph(await loadRegistry(source.registry));
}
