/**
 * `loadRouter`: the one way to get a ready router, from one of three sources:
 * - `network`: the dataset shipped in the package (compiled from `chain-registry` when the package
 *   was built), mainnet by default. The shipped datasets are separate modules
 *   (`fungible-graph/data/mainnet.js`, `.../testnet.js`) imported on demand by the package's own
 *   name: Node resolves them through the package's `exports`, and bundlers split them into their
 *   own chunk, so the core stays small and a browser that fetches a dataset never downloads them.
 * - `dataset`: dataset text (or its UTF-8 bytes) written by `fungible-graph compile`.
 * - `registry`: a registry in the project's format (checked by `parseRegistry`), built here.
 * `chain-registry` is never imported here (that is `fungible-graph/chain-registry`).
 */
import { FungibleError } from "../errors.js";
import { loadDataset } from "./dataset-router.js";
import { parseOverrides } from "../registry/overrides.js";
import { applyOverrides } from "../registry/overrides.js";
import { parseRegistry } from "../registry/schema.js";
import { contentHash } from "../dataset/data-version.js";
import { loadRouterOptions } from "./arguments.js";
import { buildRouter, withState } from "./build-router.js";
import type { AssetRouter } from "./router.js";

export interface LoadRouterOptions {
  /** Which shipped dataset; default mainnet when neither `dataset` nor `registry` is given. */
  network?: "mainnet" | "testnet";
  /** Dataset text (or its UTF-8 bytes) written by `fungible-graph compile`, e.g. fetched by a browser. */
  dataset?: string | Uint8Array;
  /** A registry in the project's format (the JSON of a registry file), validated by `parseRegistry`. */
  registry?: unknown;
  /** Metadata overrides (the JSON of an overrides file, validated): layered over the data and part of `data_version`. */
  overrides?: unknown;
  /**
   * A state snapshot (`fungible-graph-state/1`, its JSON value or text): the router loaded from the
   * source above is narrowed by it (`withState`, src/router/state-router.ts).
   */
  state?: unknown;
}

const SOURCES = ["network", "dataset", "registry"] as const;

export async function loadRouter(options: LoadRouterOptions = {}): Promise<AssetRouter> {
  options = loadRouterOptions(options);
  // One more source layered over any of the three: load without it, then narrow.
  if (options.state !== undefined) {
    const { state, ...source } = options;
    return withState(await loadRouter(source), state);
  }
  const given = SOURCES.filter((source) => options[source] !== undefined);
  if (given.length > 1) {
    throw new FungibleError("invalid_config", `loadRouter: give one of ${SOURCES.join(", ")}, not ${given.join(" and ")}`);
  }
  const overrides = options.overrides === undefined ? undefined : parseOverrides(options.overrides);
  if (options.registry !== undefined) {
    const registry = parseRegistry(options.registry);
    if (overrides === undefined) return buildRouter(registry);
    return buildRouter(applyOverrides(registry, overrides), { provenance: { source: "registry", overrides_hash: contentHash(JSON.stringify(overrides)) } });
  }
  let dataset = options.dataset;
  if (dataset === undefined) {
    const network = options.network ?? "mainnet";
    if (network !== "mainnet" && network !== "testnet") {
      throw new FungibleError("invalid_config", `loadRouter: network must be "mainnet" or "testnet", got ${describe(network)}`);
    }
    dataset = await shippedDataset(network);
  } else if (typeof dataset !== "string" && !(dataset instanceof Uint8Array)) {
    throw new FungibleError("invalid_config", `loadRouter: dataset must be the dataset's text or bytes, got ${describe(dataset)}`);
  }
  return loadDataset(dataset, overrides === undefined ? {} : { overrides });
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}

async function shippedDataset(network: "mainnet" | "testnet"): Promise<string> {
  // Literal specifiers, so bundlers see both modules; kept external by tsup (tsup.config.ts).
  const module = network === "testnet" ? await import("fungible-graph/data/testnet.js") : await import("fungible-graph/data/mainnet.js");
  return module.default;
}
