/**
 * Datasets: a compiled registry, versioned and compact, that loads into a ready graph in
 * milliseconds. JSON of this shape (README, "Data"):
 *
 *     { "format": "fungible-graph-dataset/1",
 *       "data_version": "sha256:...",          content hash of [registry, notes]
 *       "provenance": { "source": "chain-registry", "network": "mainnet", ... },
 *       "registry": { "strings": [...], "chains": {columns}, "assets": {columns}, ... },
 *       "notes": [...],                          registry notes `explain` cites
 *       "model": { "predecessor": [...], "arrival": [...], "derived_end": [...],
 *                  "derived_origin": [...], "unrouted": [...], "shadowing": [...] } }
 *
 * `model` holds what the router would otherwise derive on every start (`StoredModel`): each
 * listed voucher's IBC hop back, and the derived vouchers in canonical order, so loading parses no
 * trace and hashes no denom. It is a function of `registry`, so `data_version` leaves it out.
 * Route tables are not stored: each is computed on its first query (route-tables.ts).
 */
import * as z from "zod";
import { errorFromZod, FungibleError } from "../errors.js";
import { applyOverrides, type Overrides } from "../registry/overrides.js";
import { RegistryNoteSchema, type RegistryNote } from "../wire/explain.js";
import type { AssetRouter } from "../router/router.js";
import { routeIndexOfRouter, routerOf } from "../router/build-router.js";
import { contentHash, ProvenanceSchema, type Provenance } from "./data-version.js";
import { canonicalText, decodeRegistry, encodeRegistry, RegistryContentSchema } from "./format.js";
import { restoreModel, StoredModelSchema } from "../model/restore-model.js";
import { checkedModel, storedModel } from "./stored-model.js";
import { lazyRouteIndexOf } from "../query/route-tables.js";

export const DATASET_FORMAT = "fungible-graph-dataset/1";
const FORMAT_PREFIX = "fungible-graph-dataset/";

const DatasetSchema = z.object({
  format: z.literal(DATASET_FORMAT),
  data_version: z.string().regex(/^sha256:[0-9a-f]{32}$/, "expected sha256: and 32 hex digits"),
  provenance: ProvenanceSchema,
  registry: RegistryContentSchema,
  notes: z.array(RegistryNoteSchema),
  model: StoredModelSchema,
});

export interface DatasetOptions {
  /** When it was compiled (ISO 8601); default now. Fixed in tests and reproducible builds. */
  compiledAt?: string;
}

/** The dataset of a built graph, as JSON text; the graph's provenance is kept, with `compiled_at`. */
export function compileDataset(router: AssetRouter, options: DatasetOptions = {}): string {
  const registry = encodeRegistry(router.registry);
  const provenance: Provenance = { ...router.provenance, compiled_at: options.compiledAt ?? new Date().toISOString() };
  const model = storedModel(router.registry, routeIndexOfRouter(router, "compileDataset").model);
  const text = JSON.stringify({ format: DATASET_FORMAT, data_version: router.dataVersion, provenance, registry, notes: router.notes, model });
  // ASCII only (other characters as \u escapes): a JavaScript engine then holds the text, and the
  // module that ships it, at one byte per character instead of two.
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export interface LoadDatasetOptions {
  /** Metadata overrides layered over the dataset: the graph's `data_version` then covers them. */
  overrides?: Overrides;
  /** Recompute `data_version` from the content and refuse a dataset whose stored one differs. */
  verify?: boolean;
}

/**
 * A ready graph from dataset text or its UTF-8 bytes. Anything that is not a consistent dataset of
 * this format throws `FungibleError("invalid_dataset")` naming what is wrong; nothing is half-loaded.
 */
export function loadDataset(data: string | Uint8Array, options: LoadDatasetOptions = {}): AssetRouter {
  const text = typeof data === "string" ? data : new TextDecoder("utf-8", { fatal: false }).decode(data);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid(`the dataset is not JSON (${(error as Error).message})`);
  }
  const format = typeof json === "object" && json !== null ? (json as { format?: unknown }).format : undefined;
  if (typeof format !== "string" || !format.startsWith(FORMAT_PREFIX)) {
    throw invalid(`not a fungible-graph dataset (no "format": "${DATASET_FORMAT}")`);
  }
  if (format !== DATASET_FORMAT) throw invalid(`format "${format}" is not supported; this version reads "${DATASET_FORMAT}"`);
  const result = DatasetSchema.safeParse(json);
  if (!result.success) throw errorFromZod("invalid_dataset", `loadDataset: not a valid ${DATASET_FORMAT} dataset`, result.error);
  const dataset = result.data;
  const content = dataset.registry;
  const notes: RegistryNote[] = dataset.notes;
  if (options.verify && contentHash(canonicalText(content, notes)) !== dataset.data_version) {
    throw invalid(`its content does not hash to its data_version ${dataset.data_version}`);
  }
  let registry = decodeRegistry(content, invalid);
  const stored = checkedModel(registry, dataset.model, invalid);
  let provenance: Provenance = dataset.provenance;
  let dataVersion: string | undefined = dataset.data_version;
  if (options.overrides !== undefined) {
    registry = applyOverrides(registry, options.overrides);
    provenance = { ...provenance, overrides_hash: contentHash(JSON.stringify(options.overrides)) };
    dataVersion = undefined; // hashed from the overridden registry on first use, as a built router does
  }
  const routeIndex = lazyRouteIndexOf(restoreModel(registry, stored));
  return routerOf(registry, routeIndex, provenance, dataVersion, notes);
}

function invalid(why: string): FungibleError {
  return new FungibleError("invalid_dataset", `loadDataset: ${why}`);
}
