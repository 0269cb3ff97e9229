/**
 * The one source resolver: every way to get a router from data (`loadRouter`, the Node server and
 * its reloads, every CLI command) goes through `chooseSource` (which source was given: the one
 * "give one of" rule) and `resolveSource` (that source, its layers and its provenance, built once in
 * ./provenance.ts). Runtime-neutral: what is read from files is read by the Node layer
 * (src/files/load-source.ts), which hands the contents over as one of the cases below. A new kind of
 * source is one more case of `SourceChoice` and `Source`, and one more branch of each switch.
 */
import { describeValue } from "../arguments.js";
import { FungibleError } from "../errors.js";
import type { RegistryIssue } from "../registry/issues.js";
import type { ChainRegistryOverlay } from "../registry/overlay.js";
import { applyOverrides, parseOverrides } from "../registry/overrides.js";
import { parsedRegistry, parseRegistry, type Registry, type SwapVenue } from "../registry/schema.js";
import { parseState } from "../state/format.js";
import { stateOptionsArgument } from "./state-router.js";
import { buildRouter, narrowedRouter } from "./build-router.js";
import { loadDataset } from "./dataset-router.js";
import { provenanceOf, type Layers, type Origin } from "./provenance.js";

export type { Layers } from "./provenance.js";
import type { AssetRouter } from "./router.js";

export type Network = "mainnet" | "testnet";
const NETWORKS: readonly Network[] = ["mainnet", "testnet"];

/** A source as a surface spells it: loadRouter's options, the Node server's `RouterSource` (paths), the CLI's flags. */
export interface SourceFields<D, R> {
  network?: unknown;
  dataset?: D | undefined;
  registry?: R | undefined;
  chainRegistry?: boolean | undefined;
  /** A published dataset's signed pointer (./remote-dataset.ts), with the publisher's key. */
  url?: unknown;
  publicKey?: unknown;
}

/** Which source was given, with its payload as the surface holds it (text and JSON in the library, file paths in the Node layer). */
export type SourceChoice<D, R> =
  | { kind: "network"; network: Network }
  | { kind: "dataset"; dataset: D }
  | { kind: "registry"; registry: R }
  | { kind: "chain-registry"; network: Network }
  | { kind: "url"; url: string; publicKey: unknown };

const KINDS = [
  ["dataset", "dataset"],
  ["registry", "registry"],
  ["chainRegistry", "chain-registry"],
  ["url", "url"],
] as const;

/** The one check of which source was given: at most one of dataset, registry, chain-registry; network alone or with chain-registry. */
export function chooseSource<D, R>(fields: SourceFields<D, R> & { chainRegistry?: undefined; url?: undefined }, fn: string): Exclude<SourceChoice<D, R>, { kind: "chain-registry" | "url" }>;
export function chooseSource<D, R>(fields: SourceFields<D, R> & { url?: undefined }, fn: string): Exclude<SourceChoice<D, R>, { kind: "url" }>;
export function chooseSource<D, R>(fields: SourceFields<D, R> & { chainRegistry?: undefined }, fn: string): Exclude<SourceChoice<D, R>, { kind: "chain-registry" }>;
export function chooseSource<D, R>(fields: SourceFields<D, R>, fn: string): SourceChoice<D, R>;
export function chooseSource<D, R>(fields: SourceFields<D, R>, fn: string): SourceChoice<D, R> {
  const given = KINDS.filter(([field]) => fields[field] !== undefined && fields[field] !== false).map(([, kind]) => kind);
  if (given.length > 1) throw new FungibleError("invalid_config", `${fn}: give one source, not ${given.slice(0, -1).join(", ")} and ${given.at(-1)}`);
  const kind = given[0];
  if (fields.network !== undefined && (kind === "dataset" || kind === "registry" || kind === "url")) {
    throw new FungibleError("invalid_config", `${fn}: network picks a shipped dataset or chain-registry's lists; a ${kind} has its own`);
  }
  if ((kind === "url") !== (fields.publicKey !== undefined)) {
    throw new FungibleError("invalid_config", `${fn}: a dataset url and publicKey go together: the pointer is verified with the publisher's key`);
  }
  if (kind === "url") {
    if (typeof fields.url !== "string") throw new FungibleError("invalid_config", `${fn}: url must be the pointer's URL as a string, got ${describeValue(fields.url)}`);
    return { kind, url: fields.url, publicKey: fields.publicKey };
  }
  if (kind === "dataset") return { kind, dataset: fields.dataset as D };
  if (kind === "registry") return { kind, registry: fields.registry as R };
  const network = fields.network ?? "mainnet";
  if (!(NETWORKS as readonly unknown[]).includes(network)) {
    throw new FungibleError("invalid_config", `${fn}: network must be "mainnet" or "testnet", got ${describeValue(network)}`);
  }
  return { kind: kind ?? "network", network: network as Network };
}

/** A source with its content at hand: what `resolveSource` turns into a router. */
export type Source =
  /** The dataset shipped in the package. */
  | { kind: "network"; network: Network }
  /** Dataset text or its UTF-8 bytes (`fungible-graph compile`). */
  | { kind: "dataset"; dataset: unknown }
  /** A registry in the project's format (JSON), checked by `parseRegistry` (once: one it checked already is taken as it is). */
  | { kind: "registry"; registry: unknown }
  /** The chain-registry package converted (`loadChainRegistryWithIssues`), its version and the overlay used. */
  | { kind: "chain-registry"; network: Network; registry: Registry; issues: readonly RegistryIssue[]; version: string | undefined; overlay: ChainRegistryOverlay }
  /** A published dataset fetched and verified against its signed pointer (`fetchSignedDataset`): the bytes are the signed ones. */
  | { kind: "url"; bytes: Uint8Array; dataVersion: string };

/** What is layered over a source: overrides (JSON, checked here) over any source, venues over a registry's. */
export interface SourceLayers {
  overrides?: unknown;
  /** Checked by `parseVenuesFile` where the file is read (the Node layer): the browser's core bundle leaves that parser out. */
  venues?: readonly SwapVenue[];
  /** A state snapshot (JSON value or text, `fungible-graph-state/1`), checked by `parseState`: narrows any source (`withState`). */
  state?: unknown;
  /** How the snapshot is read (`withState`'s options: its stated windows), checked with it; only with `state`. */
  stateOptions?: unknown;
}

/** The layers checked (`invalid_venues`, `invalid_overrides`): before a source is read, so a bad file fails fast. */
export function checkLayers(given: SourceLayers): Layers {
  return {
    ...(given.venues === undefined ? {} : { venues: given.venues }),
    ...(given.overrides === undefined ? {} : { overrides: parseOverrides(given.overrides) }),
    ...(given.state === undefined ? {} : { state: parseState(given.state) }),
    ...(given.stateOptions === undefined ? {} : { stateOptions: stateOptionsArgument(given.stateOptions, given.state !== undefined) }),
  };
}

/** The router of a source and its checked layers, with its provenance. */
export async function resolveSource(source: Source, layers: Layers, fn: string): Promise<AssetRouter> {
  const router = await resolveData(source, layers, fn);
  // The snapshot is the last layer, over any source: the router narrowed, its hash in data_version.
  // It was checked once by checkLayers, where it entered; not again here.
  return layers.state === undefined ? router : narrowedRouter(router, layers.state, layers.stateOptions);
}

async function resolveData(source: Source, layers: Layers, fn: string): Promise<AssetRouter> {
  switch (source.kind) {
    case "network":
    case "dataset": {
      if (layers.venues !== undefined) throw new FungibleError("invalid_config", `${fn}: venues replace a registry's swap venues; a dataset has its own compiled in`);
      // The package's own dataset is decoded as shipped (not hashed again); a caller's is checked whole.
      if (source.kind === "network") return loadDataset(await shippedDataset(source.network), { ...layers, shipped: true });
      return loadDataset(datasetText(source.dataset, fn), layers);
    }
    case "url": {
      if (layers.venues !== undefined) throw new FungibleError("invalid_config", `${fn}: venues replace a registry's swap venues; a dataset has its own compiled in`);
      const router = loadDataset(source.bytes, layers);
      // The hash matched, so these are the publisher's bytes; a pointer that names another version mislabels them.
      if (layers.overrides === undefined && router.dataVersion !== source.dataVersion) {
        throw new FungibleError("untrusted_data", `${fn}: the fetched dataset is ${router.dataVersion}, not the ${source.dataVersion} its pointer names`, [{ path: ["data_version"], message: "not as signed" }]);
      }
      return router;
    }
    case "registry":
      return build(parsedRegistry(source.registry), [], { source: "registry" }, layers);
    case "chain-registry": {
      const { network, version, overlay } = source;
      return build(source.registry, source.issues, { source: "chain-registry", network, version, overlay }, layers);
    }
  }
}

/** A registry with its layers (venues replace its own, then overrides), built, with its provenance. */
function build(registry: Registry, issues: readonly RegistryIssue[], origin: Origin, layers: Layers): AssetRouter {
  // Parsed again with the new venues: a venue on a chain the registry lacks is refused with its path.
  if (layers.venues !== undefined) registry = parseRegistry({ ...registry, swap_venues: layers.venues });
  if (layers.overrides !== undefined) registry = applyOverrides(registry, layers.overrides);
  return buildRouter(registry, { provenance: provenanceOf(origin, layers), issues });
}

function datasetText(dataset: unknown, fn: string): string | Uint8Array {
  if (typeof dataset === "string" || dataset instanceof Uint8Array) return dataset;
  throw new FungibleError("invalid_config", `${fn}: dataset must be the dataset's text or bytes, got ${describeValue(dataset)}`);
}

/**
 * The shipped datasets are separate modules (`fungible-graph/data/mainnet.js`, `.../testnet.js`)
 * imported on demand by the package's own name: Node resolves them through the package's
 * `exports`, and bundlers split them into their own chunk, so the core stays small and a browser
 * that fetches a dataset never downloads them.
 */
async function shippedDataset(network: Network): Promise<string> {
  // Literal specifiers, so bundlers see both modules; kept external by tsup (tsup.config.ts).
  const module = network === "testnet" ? await import("fungible-graph/data/testnet.js") : await import("fungible-graph/data/mainnet.js");
  return module.default;
}
