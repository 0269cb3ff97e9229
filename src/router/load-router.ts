/**
 * `loadRouter`: a ready router from one of three sources, through the one source resolver
 * (./source.ts) that the Node server and the CLI use too:
 * - `network`: the dataset shipped in the package (compiled from `chain-registry` when the package
 *   was built), mainnet by default;
 * - `dataset`: dataset text (or its UTF-8 bytes) written by `fungible-graph compile`;
 * - `registry`: a registry in the project's format (checked by `parseRegistry`), built here;
 * - `url` with `publicKey`: a published dataset (`fungible-graph publish`), its signed pointer
 *   fetched and verified, then its file (./remote-dataset.ts, imported only when asked for: the
 *   signature code stays out of the core a query needs).
 * `chain-registry` is never imported here (that is `fungible-graph/chain-registry`, and the CLI's
 * `--chain-registry`, whose Node layer reads the package and its version).
 */
import { FungibleError } from "../errors.js";
import { loadRouterOptions } from "./arguments.js";
import type { AssetRouter } from "./router.js";
import type { StateApplyOptions } from "../state/apply.js";
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
  /**
   * How `state` is read (`withState`'s options): `maxBlockAgeSeconds` (a chain whose latest block is
   * older is halted; default 600), `expiryWarningSeconds` (a client expiring within it is avoided;
   * default 86,400), `maxFactAgeSeconds` (default 86,400). Only with `state`.
   */
  stateOptions?: StateApplyOptions;
  /** The URL of a published dataset's signed pointer (`fungible-graph publish`; docs/operations.md "Publishing datasets"). */
  url?: string;
  /** The publisher's Ed25519 public key (`fungible-graph keygen` prints it): 32 bytes, or their base64 or hex. With `url` only. */
  publicKey?: string | Uint8Array;
  /** With `url`: refuse a pointer whose sequence is below this one (what you served before: no downgrade). */
  minSequence?: number;
  /** With `url`: time for the pointer and the file together, in ms (default 30,000). */
  timeoutMs?: number;
}

const FN = "loadRouter";

export async function loadRouter(options: LoadRouterOptions = {}): Promise<AssetRouter> {
  options = loadRouterOptions(options);
  const choice = chooseSource({ network: options.network, dataset: options.dataset, registry: options.registry, url: options.url, publicKey: options.publicKey }, FN);
  const layers = checkLayers({ overrides: options.overrides, state: options.state, ...(options.stateOptions === undefined ? {} : { stateOptions: options.stateOptions }) });
  if (choice.kind !== "url") {
    if (options.minSequence !== undefined || options.timeoutMs !== undefined) throw new FungibleError("invalid_config", `${FN}: minSequence and timeoutMs go with url`);
    return resolveSource(choice, layers, FN);
  }
  const { fetchSignedDataset } = await import("./remote-dataset.js");
  const fetched = await fetchSignedDataset({ url: choice.url, publicKey: choice.publicKey, minSequence: options.minSequence, timeoutMs: options.timeoutMs, fn: FN });
  // "unchanged" needs `since` (what a server serves), which loadRouter never gives.
  if (fetched.kind !== "fetched") throw new FungibleError("internal", `${FN}: nothing fetched`);
  return resolveSource({ kind: "url", bytes: fetched.bytes, dataVersion: fetched.mark.dataVersion }, layers, FN);
}
