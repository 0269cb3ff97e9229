/**
 * A router to and from a dataset: decode -> `buildModel(registry, facts)` -> route index ->
 * router, and back. The dataset itself is serialisation only (dataset/dataset.ts).
 */
import { buildModel } from "../model/build-model.js";
import { routeIndexOf } from "../query/route-tables.js";
import { decodeDataset, encodeDataset, type DecodeOptions } from "../dataset/dataset.js";
import { applyOverrides, type Overrides } from "../registry/overrides.js";
import { routerOf } from "./build-router.js";
import { routeIndexOfRouter } from "./core.js";
import { compiledProvenance, provenanceOf } from "./provenance.js";
import type { AssetRouter } from "./router.js";
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";

const DatasetOptionsSchema = z.optional(z.object({ compiledAt: z.optional(z.string()) }));

export interface DatasetOptions {
  /** When it was compiled (ISO 8601), written as `provenance.compiled_at`; none by default, so a build is reproducible. */
  compiledAt?: string;
}

/** The dataset of a built or loaded router, as JSON text; the router's provenance is kept. */
export function compileDataset(router: AssetRouter, options: DatasetOptions = {}): string {
  options = parseArgument(DatasetOptionsSchema, options, { fn: "compileDataset", arg: "options", code: "invalid_config", expected: "an object {compiledAt?: string} or undefined" }) ?? {};
  const { model } = routeIndexOfRouter(router, "compileDataset");
  const provenance = compiledProvenance(router.provenance, options.compiledAt);
  return encodeDataset({ registry: router.registry, facts: model.facts, notes: router.notes, provenance });
}

export interface LoadDatasetOptions extends DecodeOptions {
  /** Metadata overrides layered over the dataset: the router's `data_version` then covers them. */
  overrides?: Overrides;
}

/**
 * A ready router from dataset text or its UTF-8 bytes, its content checked against its
 * `data_version` (`decodeDataset`; the package's own with `shipped`): a dataset that is not intact
 * throws `invalid_dataset`.
 */
export function loadDataset(data: string | Uint8Array, options: LoadDatasetOptions = {}): AssetRouter {
  const dataset = decodeDataset(data, { shipped: options.shipped === true });
  let { registry } = dataset;
  let dataVersion: string | undefined = dataset.data_version;
  if (options.overrides !== undefined) {
    // Metadata only: the model facts (traces, channels, keys) still hold.
    registry = applyOverrides(registry, options.overrides);
    dataVersion = undefined; // hashed from the overridden registry on first use, as a built router does
  }
  const provenance = provenanceOf({ source: "dataset", provenance: dataset.provenance }, options);
  const routeIndex = routeIndexOf(buildModel(registry, dataset.facts));
  return routerOf(registry, routeIndex, provenance, dataVersion, dataset.notes);
}
