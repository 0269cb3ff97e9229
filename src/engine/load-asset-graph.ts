/**
 * `loadAssetGraph`: the ready graph in one call, from the dataset shipped in the package (compiled
 * from `chain-registry` when the package was built) or from dataset text a caller fetched. The
 * shipped datasets are separate modules (`fungible-graph/data/mainnet.js`, `.../testnet.js`)
 * imported on demand by the package's own name: Node resolves them through the package's
 * `exports`, and bundlers split them into their own chunk, so the core stays small and a browser
 * that fetches the JSON instead never downloads them. `chain-registry` is never imported here.
 */
import { FungibleError } from "../errors.js";
import { parseOverrides, type Overrides } from "../registry/overrides.js";
import type { AssetGraph } from "./asset-graph.js";
import { loadDataset } from "./dataset.js";

export interface LoadAssetGraphOptions {
  /** Which shipped dataset; default mainnet. Not with `data`. */
  network?: "mainnet" | "testnet";
  /** Dataset text (or its UTF-8 bytes) written by `fungible-graph compile`, e.g. fetched by a browser. */
  data?: string | Uint8Array;
  /** Metadata overrides (the JSON of an overrides file, validated): layered over the data and part of `data_version`. */
  overrides?: Overrides;
  /** Recompute the dataset's content hash and refuse it when it differs from its `data_version`. */
  verify?: boolean;
}

export async function loadAssetGraph(options: LoadAssetGraphOptions = {}): Promise<AssetGraph> {
  if (options.data !== undefined && options.network !== undefined) {
    throw new FungibleError("invalid_config", "loadAssetGraph: give `network` (a shipped dataset) or `data`, not both");
  }
  const network = options.network ?? "mainnet";
  if (network !== "mainnet" && network !== "testnet") {
    throw new FungibleError("invalid_config", `loadAssetGraph: network must be "mainnet" or "testnet", got ${JSON.stringify(network)}`);
  }
  const data = options.data ?? (await shippedDataset(network));
  return loadDataset(data, {
    ...(options.overrides === undefined ? {} : { overrides: parseOverrides(options.overrides) }),
    ...(options.verify === undefined ? {} : { verify: options.verify }),
  });
}

async function shippedDataset(network: "mainnet" | "testnet"): Promise<string> {
  // Literal specifiers, so bundlers see both modules; kept external by tsup (tsup.config.ts).
  const module = network === "testnet" ? await import("fungible-graph/data/testnet.js") : await import("fungible-graph/data/mainnet.js");
  return module.default;
}
