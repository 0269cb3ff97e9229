/**
 * Datasets: a registry, its model facts and notes, serialised compact and versioned. JSON of
 * this shape (README, "Data"):
 *
 *     { "format": "fungible-graph-dataset/1",
 *       "data_version": "sha256:...",          content hash of the registry, notes and model
 *       "provenance": { "source": "chain-registry", "network": "mainnet", ... },
 *       "registry": { "strings": [...], "chains": {columns}, "assets": {columns}, ... },
 *       "notes": [...],                          registry notes `explain` cites
 *       "model": { "predecessor": [...], "arrival": [...], "derived_end": [...],
 *                  "derived_origin": [...], "unrouted": [...], "shadowing": [...] } }
 *
 * `model` holds the `ModelFacts` `buildModel` would otherwise derive on every start, so loading
 * parses no trace and hashes no denom. It is a function of `registry`, but a loader trusts it, so
 * `data_version` covers it too and `checkFacts` checks it against the registry. Serialisation only: the router (router/dataset-router.ts) builds from what this decodes.
 */
import * as z from "zod/mini";
import { errorFromZod, FungibleError, safeParse } from "../errors.js";
import type { ModelFacts } from "../model/model.js";
import { referenceProblems, type Registry } from "../registry/schema.js";
import { RegistryNoteSchema, type RegistryNote } from "../wire/registry-note.js";
import { dataVersionOf, ProvenanceSchema, type Provenance } from "./data-version.js";
import { decodeRegistry, encodeRegistry, RegistryContentSchema } from "./format.js";
import { checkFacts, ModelFactsSchema } from "./model-facts.js";

export const DATASET_FORMAT = "fungible-graph-dataset/1";
const FORMAT_PREFIX = "fungible-graph-dataset/";

const DatasetSchema = z.object({
  format: z.literal(DATASET_FORMAT),
  data_version: z.string().check(z.regex(/^sha256:[0-9a-f]{32}$/, "expected sha256: and 32 hex digits")),
  provenance: ProvenanceSchema,
  registry: RegistryContentSchema,
  notes: z.array(RegistryNoteSchema),
  model: ModelFactsSchema,
});

/** What a dataset holds. `data_version` is `dataVersionOf(registry, notes, facts)`. */
interface Dataset {
  registry: Registry;
  facts: ModelFacts;
  notes: readonly RegistryNote[];
  provenance: Provenance;
  data_version: string;
}

/** The dataset's JSON text; `data_version` is hashed here from the content, so it cannot disagree. */
export function encodeDataset(dataset: Omit<Dataset, "data_version">): string {
  const { registry, facts, notes, provenance } = dataset;
  const text = JSON.stringify({
    format: DATASET_FORMAT,
    data_version: dataVersionOf(registry, notes, facts),
    provenance,
    registry: encodeRegistry(registry),
    notes,
    // Fixed key order: the same facts write the same text, however they were put together.
    model: {
      predecessor: facts.predecessor,
      arrival: facts.arrival,
      derived_end: facts.derived_end,
      derived_origin: facts.derived_origin,
      unrouted: facts.unrouted,
      shadowing: facts.shadowing,
    },
  });
  // ASCII only (other characters as \u escapes): a JavaScript engine then holds the text, and the
  // module that ships it, at one byte per character instead of two.
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** How a dataset is read. */
export interface DecodeOptions {
  /**
   * The dataset shipped in the package (dist/data/), written by its build like its code and as
   * trusted: decoded (its tables' columns checked as they are read), but not parsed against its
   * schema (zod makes a checked copy of its ~60,000 values), its content not hashed again, its
   * references and its model not checked against its registry: what a start would otherwise pay
   * for data the build checked.
   * The package's tests load both shipped datasets with every check and compare the two
   * (test/router/dataset-mainnet.test.ts). Never for data a caller gives.
   */
  shipped?: boolean;
}

/**
 * A dataset from its text or UTF-8 bytes, its content checked against its `data_version`.
 * Anything that is not an intact dataset of this format throws `FungibleError("invalid_dataset")`
 * naming what is wrong (for a changed content, both hashes).
 */
export function decodeDataset(data: string | Uint8Array, { shipped = false }: DecodeOptions = {}): Dataset {
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
  // The package's own: decoded only (see DecodeOptions.shipped).
  if (shipped) {
    const { registry, model, notes, provenance, data_version } = json as z.output<typeof DatasetSchema>;
    return { registry: decodeRegistry(registry, invalid), facts: model, notes, provenance, data_version };
  }
  const result = safeParse(DatasetSchema, json);
  if (!result.success) throw errorFromZod("invalid_dataset", `loadDataset: not a valid ${DATASET_FORMAT} dataset`, result.error);
  const { data_version: claimed, provenance, notes, model } = result.data;
  const registry = decodeRegistry(result.data.registry, invalid);
  const computed = dataVersionOf(registry, notes, model);
  if (computed !== claimed) {
    throw invalid(`its content hashes to ${computed}, not to its data_version ${claimed}: the dataset was changed or damaged`);
  }
  const [problem] = referenceProblems(registry);
  if (problem !== undefined) throw invalid(`registry.${problem.path.join(".")}: ${problem.message}`);
  return { registry, facts: checkFacts(registry, model, invalid), notes, provenance, data_version: claimed };
}

function invalid(why: string): FungibleError {
  return new FungibleError("invalid_dataset", `loadDataset: ${why}`);
}
