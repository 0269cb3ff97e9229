/**
 * The data `serve` answers from: loaded through loadGraph (the same flags as every command), then
 * checked before it is served, at start and on every reload. A registry file that `validate` calls
 * fatal is refused as validate refuses it; a new graph must answer a few known questions (assets
 * the graph being served had) without failing. Runs in a worker thread on reload (serve-worker-thread.ts).
 */
import { compileDataset, loadDataset } from "../engine/dataset.js";
import type { AssetGraph } from "../engine/asset-graph.js";
import { FungibleError, isFungibleError } from "../errors.js";
import { validateRegistry } from "../registry/validate.js";
import { UsageError } from "./cli-error.js";
import { loadGraph } from "./load-graph.js";

/** The graph flags as given (`--registry`, `--dataset`, `--chain-registry`...), passed as is to loadGraph. */
export type SourceValues = Record<string, string | boolean | undefined>;

/** A known question: an asset of the graph being served, asked again of the new one. */
export interface Probe {
  chain_id: string;
  denom: string;
}

/** What a reload (or a cluster start) prepared off the request path. */
export type Prepared =
  | { kind: "ready"; dataVersion: string; dataset: string; probes: Probe[]; ms: number }
  | { kind: "unchanged"; dataVersion: string; ms: number }
  | { kind: "refused"; error: string; usage: boolean };

export interface PrepareInput {
  command: string;
  source: SourceValues;
  /** The data version being served (null at start): an equal one is a no-op. */
  currentVersion: string | null;
  probes: Probe[];
}

const FILE_FLAGS = ["registry", "dataset", "overrides"] as const;
const PROBES = 5;

/** The files a source reads (what --watch watches). */
export function sourceFiles(source: SourceValues): string[] {
  return FILE_FLAGS.map((flag) => source[flag]).filter((file): file is string => typeof file === "string");
}

/** `--registry a.json --overrides b.json`: the source as an operator typed it, for log lines. */
export function describeSource(source: SourceValues): string {
  const parts = Object.entries(source)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([flag, value]) => (value === true ? `--${flag}` : `--${flag} ${value}`));
  return parts.length === 0 ? "the embedded chain registry" : parts.join(" ");
}

/** loadGraph, then the checks; throws what loadGraph throws, or `invalid_registry` for a refused graph. */
export async function loadServedGraph(command: string, source: SourceValues, probes: readonly Probe[] = []): Promise<AssetGraph> {
  const graph = await loadGraph(command, source as Parameters<typeof loadGraph>[1]);
  checkGraph(command, source, graph, probes);
  return graph;
}

export function checkGraph(command: string, source: SourceValues, graph: AssetGraph, probes: readonly Probe[]): void {
  if (source.registry !== undefined) {
    const fatal = validateRegistry(graph.registry).filter((issue) => issue.severity === "fatal");
    if (fatal.length > 0) {
      const first = fatal[0]!;
      throw new FungibleError(
        "invalid_registry",
        `${command}: "${source.registry}" has ${fatal.length} fatal issue${fatal.length === 1 ? "" : "s"} (see \`fungible-graph validate --registry ${source.registry}\`); first: ${first.where}: ${first.message}`,
      );
    }
  }
  if (graph.chainIds().length === 0) throw new FungibleError("invalid_registry", `${command}: the data has no chain`);
  const listed = new Set(graph.registry.assets.map((asset) => `${asset.chain_id}\u0000${asset.denom}`));
  for (const probe of [...probes, ...probesOf(graph)]) {
    if (!listed.has(`${probe.chain_id}\u0000${probe.denom}`)) continue; // dropped by the new data: not a fault
    try {
      graph.assetsFromSource({ source_asset_denom: probe.denom, source_asset_chain_id: probe.chain_id });
    } catch (error) {
      const why = isFungibleError(error) ? error.message : String(error);
      throw new FungibleError("invalid_registry", `${command}: the new data fails a known query (assets_from_source ${probe.denom} on ${probe.chain_id}): ${why}`);
    }
  }
}

/** A few native assets spread over the registry (deterministic). */
export function probesOf(graph: AssetGraph): Probe[] {
  const natives = graph.registry.assets.filter((asset) => asset.trace === "");
  const step = Math.max(1, Math.floor(natives.length / PROBES));
  const probes: Probe[] = [];
  for (let i = 0; i < natives.length && probes.length < PROBES; i += step) {
    probes.push({ chain_id: natives[i]!.chain_id, denom: natives[i]!.denom });
  }
  return probes;
}

/** Load, check and compile the source (in a worker thread): what the serving thread needs to swap quickly. */
export async function prepareDataset(input: PrepareInput): Promise<Prepared> {
  const started = performance.now();
  try {
    const graph = await loadServedGraph(input.command, input.source, input.probes);
    const ms = performance.now() - started;
    if (graph.dataVersion === input.currentVersion) return { kind: "unchanged", dataVersion: graph.dataVersion, ms };
    const dataset = compileDataset(graph);
    checkRoundTrip(input.command, graph, dataset);
    return { kind: "ready", dataVersion: graph.dataVersion, dataset, probes: probesOf(graph), ms: performance.now() - started };
  } catch (error) {
    return { kind: "refused", error: describeFailure(error), usage: error instanceof UsageError };
  }
}

/** The serving side will load this dataset: it must load here, to the same data, with the same answers. */
function checkRoundTrip(command: string, graph: AssetGraph, dataset: string): void {
  let loaded: AssetGraph;
  try {
    loaded = loadDataset(dataset);
  } catch (error) {
    throw new FungibleError("invalid_registry", `${command}: the compiled dataset does not load back (${describeFailure(error)})`);
  }
  if (loaded.dataVersion !== graph.dataVersion) {
    throw new FungibleError("invalid_registry", `${command}: the compiled dataset loads as ${loaded.dataVersion}, not ${graph.dataVersion}`);
  }
  for (const probe of probesOf(graph)) {
    const request = { source_asset_denom: probe.denom, source_asset_chain_id: probe.chain_id };
    if (JSON.stringify(loaded.assetsFromSource(request)) !== JSON.stringify(graph.assetsFromSource(request))) {
      throw new FungibleError("invalid_registry", `${command}: the compiled dataset answers assets_from_source ${probe.denom} on ${probe.chain_id} differently`);
    }
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
