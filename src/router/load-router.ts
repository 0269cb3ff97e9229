/**
 * `loadRouter`: a ready router from one of three sources, through the one source resolver
 * (./source.ts) that the Node server and the CLI use too:
 * - `network`: the dataset shipped in the package (compiled from `chain-registry` when the package
 *   was built), mainnet by default;
 * - `dataset`: dataset text (or its UTF-8 bytes) written by `fungible-graph compile`;
 * - `registry`: a registry in the project's format (checked by `parseRegistry`), built here.
 * `chain-registry` is never imported here (that is `fungible-graph/chain-registry`, and the CLI's
 * `--chain-registry`, whose Node layer reads the package and its version).
 */
import { loadRouterOptions } from "./arguments.js";
import type { AssetRouter } from "./router.js";
import { checkLayers, chooseSource, resolveSource } from "./source.js";

/** Where `loadRouter` takes its data from: at most one of `network`, `dataset`, `registry`; `overrides` over any. */
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

const FN = "loadRouter";

export async function loadRouter(options: LoadRouterOptions = {}): Promise<AssetRouter> {
  options = loadRouterOptions(options);
  const choice = chooseSource({ network: options.network, dataset: options.dataset, registry: options.registry }, FN);
  return resolveSource(choice, checkLayers({ overrides: options.overrides, state: options.state }), FN);
}
