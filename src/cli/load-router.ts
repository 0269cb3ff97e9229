/**
 * Where a command's graph comes from: the dataset shipped in the package (the default, mainnet or
 * --network testnet: starts in milliseconds), a dataset file (`fungible-graph compile`), a
 * registry file in the project format, or the installed `chain-registry` package itself (slow:
 * for a newer chain-registry than the one the package was built with). --overrides layers a
 * metadata overrides file over any of them.
 */
import { createRequire } from "node:module";
import { buildRouter } from "../router/build-router.js";
import { contentHash, type Provenance } from "../dataset/data-version.js";
import { loadDataset } from "../dataset/dataset.js";
import { loadRouter } from "../router/load-router.js";
import type { AssetRouter } from "../router/router.js";
import { loadChainRegistryWithIssues } from "../registry/load-chain-registry.js";
import { applyOverrides, parseOverrides, type Overrides } from "../registry/overrides.js";
import type { Registry } from "../registry/schema.js";
import type { RegistryIssue } from "../registry/issues.js";
import { loadRegistryFile, readTextFile } from "../node/load-registry-file.js";
import { FungibleError } from "../errors.js";
import { UsageError } from "./cli-error.js";
import type { OptionSpecs } from "./command.js";

export type Network = "mainnet" | "testnet";
const NETWORKS: readonly Network[] = ["mainnet", "testnet"];

export const REGISTRY_OPTION = {
  registry: { type: "string", arg: "FILE", help: "registry in the project format (default: embedded chain registry)" },
} as const satisfies OptionSpecs;

/** Where a query command's graph comes from. */
export const ROUTER_OPTIONS = {
  network: { type: "string", arg: "NAME", help: "mainnet (default) or testnet: the dataset shipped in the package" },
  dataset: { type: "string", arg: "FILE", help: "dataset written by `fungible-graph compile`" },
  registry: { type: "string", arg: "FILE", help: "registry in the project format" },
  "chain-registry": { type: "boolean", help: "build from the installed chain-registry package (slow; for a newer one)" },
  overrides: { type: "string", arg: "FILE", help: "metadata overrides file layered over the data" },
} as const satisfies OptionSpecs;

export interface RouterSource {
  network?: string | undefined;
  dataset?: string | undefined;
  registry?: string | undefined;
  "chain-registry"?: boolean | undefined;
  overrides?: string | undefined;
}

export function parseNetwork(command: string, text: string | undefined): Network {
  if (text === undefined) return "mainnet";
  if (!(NETWORKS as readonly string[]).includes(text)) {
    throw new UsageError(`${command}: --network must be mainnet or testnet, got "${text}"`, command);
  }
  return text as Network;
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

/** The installed chain-registry's lists of `network`, with what the adapter left out (for `explain`). */
async function chainRegistrySource(network: Network): Promise<{ registry: Registry; issues: RegistryIssue[]; provenance: Provenance }> {
  const { registry, issues } = await loadChainRegistryWithIssues({ network });
  const version = chainRegistryVersion();
  return { registry, issues, provenance: { source: "chain-registry", network, ...(version ? { chain_registry_version: version } : {}) } };
}

export async function routerOfCommand(command: string, source: RouterSource): Promise<AssetRouter> {
  const given = (["dataset", "registry", "chain-registry"] as const).filter((name) => source[name] !== undefined && source[name] !== false);
  if (given.length > 1) throw new UsageError(`${command}: give one of --${given.join(", --")}, not several`, command);
  if (source.network !== undefined && (given[0] === "dataset" || given[0] === "registry")) {
    throw new UsageError(`${command}: --network picks a shipped dataset or chain-registry's lists; a --${given[0]} file has its own`, command);
  }
  const network = parseNetwork(command, source.network);
  const overrides = source.overrides === undefined ? undefined : await readOverrides(source.overrides);
  if (source.dataset !== undefined) {
    return loadDataset(await readTextFile(source.dataset, "dataset"), overrides === undefined ? {} : { overrides });
  }
  if (source.registry !== undefined) {
    return build(await loadRegistryFile(source.registry), [], { source: "registry" }, overrides);
  }
  if (source["chain-registry"]) {
    const { registry, issues, provenance } = await chainRegistrySource(network);
    return build(registry, issues, provenance, overrides);
  }
  return loadRouter({ network, ...(overrides === undefined ? {} : { overrides }) });
}

function build(registry: Registry, issues: RegistryIssue[], provenance: Provenance, overrides: Overrides | undefined): AssetRouter {
  if (overrides === undefined) return buildRouter(registry, { provenance, issues });
  return buildRouter(applyOverrides(registry, overrides), {
    provenance: { ...provenance, overrides_hash: contentHash(JSON.stringify(overrides)) },
    issues,
  });
}
