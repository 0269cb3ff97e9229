/**
 * Where a served graph comes from, as files a server can read again on reload: the dataset shipped
 * in the package (`network`, the default), a dataset file (`fungible-graph compile`), a registry
 * file in the project format, or the installed `chain-registry` package itself; `overrides`
 * layers a metadata overrides file over any of them. The CLI's graph flags map onto this one to one.
 */
import { createRequire } from "node:module";
import { contentHash, type Provenance } from "../dataset/data-version.js";
import { FungibleError } from "../errors.js";
import { loadChainRegistryWithIssues } from "../registry/load-chain-registry.js";
import type { RegistryIssue } from "../registry/issues.js";
import { applyOverrides, parseOverrides, type Overrides } from "../registry/overrides.js";
import type { Registry } from "../registry/schema.js";
import { buildRouter, withState } from "../router/build-router.js";
import { loadDataset } from "../router/dataset-router.js";
import { loadRouter } from "../router/load-router.js";
import type { AssetRouter } from "../router/router.js";
import { loadRegistryFile, readTextFile } from "./load-registry-file.js";

export interface RouterSource {
  /** Which shipped dataset (default mainnet), or which of chain-registry's lists with `chainRegistry`. */
  network?: "mainnet" | "testnet";
  /** A dataset file written by `fungible-graph compile`. */
  dataset?: string;
  /** A registry file in the project format. */
  registry?: string;
  /** Build from the installed chain-registry package (slow; for a newer one than the package shipped). */
  chainRegistry?: boolean;
  /** A metadata overrides file layered over the data. */
  overrides?: string;
  /** A state snapshot file (`fungible-graph refresh-state`) narrowing the graph (`withState`). */
  state?: string;
}

const FILE_KEYS = ["registry", "dataset", "overrides", "state"] as const;
export type SourceFileKey = (typeof FILE_KEYS)[number];

/** The files a source reads (what a watch watches), with the key that names each. */
export function sourceFiles(source: RouterSource): { key: SourceFileKey; path: string }[] {
  return FILE_KEYS.flatMap((key) => (typeof source[key] === "string" ? [{ key, path: source[key] }] : []));
}

/** `--registry a.json --overrides b.json`: the source as the serve flags spell it, for log lines. */
export function describeSource(source: RouterSource): string {
  const parts: string[] = [];
  if (source.network !== undefined) parts.push(`--network ${source.network}`);
  if (source.chainRegistry) parts.push("--chain-registry");
  for (const { key, path } of sourceFiles(source)) parts.push(`--${key} ${path}`);
  return parts.length === 0 ? "the embedded chain registry" : parts.join(" ");
}

export async function loadSource(source: RouterSource, operation = "loadSource"): Promise<AssetRouter> {
  // The snapshot is one more layer over any source: load without it, then narrow.
  if (source.state !== undefined) {
    const { state, ...rest } = source;
    return withState(await loadSource(rest, operation), await readTextFile(state, "state"));
  }
  const given = (["dataset", "registry", "chainRegistry"] as const).filter((key) => source[key] !== undefined && source[key] !== false);
  if (given.length > 1) throw new FungibleError("invalid_config", `${operation}: give one of dataset, registry, chainRegistry, not ${given.join(" and ")}`);
  if (source.network !== undefined && (given[0] === "dataset" || given[0] === "registry")) {
    throw new FungibleError("invalid_config", `${operation}: network picks a shipped dataset or chain-registry's lists; a ${given[0]} file has its own`);
  }
  const overrides = source.overrides === undefined ? undefined : await readOverrides(source.overrides);
  if (source.dataset !== undefined) return loadDataset(await readTextFile(source.dataset, "dataset"), overrides === undefined ? {} : { overrides });
  if (source.registry !== undefined) return build(await loadRegistryFile(source.registry), [], { source: "registry" }, overrides);
  const network = source.network ?? "mainnet";
  if (source.chainRegistry) {
    const { registry, issues } = await loadChainRegistryWithIssues({ network });
    const version = chainRegistryVersion();
    return build(registry, issues, { source: "chain-registry", network, ...(version ? { chain_registry_version: version } : {}) }, overrides);
  }
  return loadRouter({ network, ...(overrides === undefined ? {} : { overrides }) });
}

export async function readOverrides(path: string): Promise<Overrides> {
  const text = await readTextFile(path, "overrides");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FungibleError("invalid_overrides", `overrides: "${path}" is not valid JSON: ${(error as Error).message}`);
  }
  return parseOverrides(json);
}

/** `chain-registry`'s version as installed next to this package, for provenance. */
export function chainRegistryVersion(): string | undefined {
  try {
    return (createRequire(import.meta.url)("chain-registry/package.json") as { version?: string }).version;
  } catch {
    return undefined;
  }
}

function build(registry: Registry, issues: RegistryIssue[], provenance: Provenance, overrides: Overrides | undefined): AssetRouter {
  if (overrides === undefined) return buildRouter(registry, { provenance, issues });
  return buildRouter(applyOverrides(registry, overrides), {
    provenance: { ...provenance, overrides_hash: contentHash(JSON.stringify(overrides)) },
    issues,
  });
}
