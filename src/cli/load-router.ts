/**
 * Where a command's graph comes from: the dataset shipped in the package (the default, mainnet or
 * --network testnet: starts in milliseconds), a dataset file (`fungible-graph compile`), a
 * registry file in the project format, or the installed `chain-registry` package itself (slow:
 * for a newer chain-registry than the one the package was built with). --overrides layers a
 * metadata overrides file over any of them.
 */
import type { AssetRouter } from "../router/router.js";
import { loadSource, type RouterSource as NodeRouterSource } from "../node/load-source.js";
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
  state: { type: "string", arg: "FILE", help: "state snapshot (`refresh-state`): no route over a dead channel or expired client" },
} as const satisfies OptionSpecs;

export interface RouterSource {
  network?: string | undefined;
  dataset?: string | undefined;
  registry?: string | undefined;
  "chain-registry"?: boolean | undefined;
  overrides?: string | undefined;
  state?: string | undefined;
}

export function parseNetwork(command: string, text: string | undefined): Network {
  if (text === undefined) return "mainnet";
  if (!(NETWORKS as readonly string[]).includes(text)) {
    throw new UsageError(`${command}: --network must be mainnet or testnet, got "${text}"`, command);
  }
  return text as Network;
}

// The loading itself is the Node layer's (a server reloads the same source): the CLI checks the flags.
export { chainRegistryVersion, readOverrides } from "../node/load-source.js";

export async function routerOfCommand(command: string, source: RouterSource): Promise<AssetRouter> {
  return loadSource(sourceOfFlags(command, source));
}

/** The graph flags checked (a conflict is a usage error) and turned into the Node layer's source. */
export function sourceOfFlags(command: string, source: RouterSource): NodeRouterSource {
  const given = (["dataset", "registry", "chain-registry"] as const).filter((name) => source[name] !== undefined && source[name] !== false);
  if (given.length > 1) throw new UsageError(`${command}: give one of --${given.join(", --")}, not several`, command);
  if (source.network !== undefined && (given[0] === "dataset" || given[0] === "registry")) {
    throw new UsageError(`${command}: --network picks a shipped dataset or chain-registry's lists; a --${given[0]} file has its own`, command);
  }
  const network = parseNetwork(command, source.network);
  return {
    ...(source.network === undefined ? {} : { network }),
    ...(source.dataset === undefined ? {} : { dataset: source.dataset }),
    ...(source.registry === undefined ? {} : { registry: source.registry }),
    ...(source["chain-registry"] ? { chainRegistry: true } : {}),
    ...(source.overrides === undefined ? {} : { overrides: source.overrides }),
    ...(source.state === undefined ? {} : { state: source.state }),
  };
}
