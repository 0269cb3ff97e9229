/**
 * The data a server answers from: loaded from its source (../files/load-source.ts), then checked before
 * it is served, at start and on every reload, by the core's acceptance check
 * (../router/known-questions.ts). That a compiled dataset loads back to the graph it was compiled from is the tests'
 * job (test/router/dataset.test.ts, test/oracle/oracle.test.ts), not every reload's. Runs in a
 * worker thread on reload (./reload-thread.ts).
 */
import { createHash } from "node:crypto";
import { basename } from "node:path";
import { compileDataset } from "../router/dataset-router.js";
import type { AssetRouter } from "../router/router.js";
import { FungibleError } from "../errors.js";
import { checkGraph, probesOf, type Probe } from "../router/known-questions.js";

export { probesOf, type Probe };
import { publicationOf, type ServedFile, type ServedProvenance } from "../http/health.js";
import { readRegularFile } from "../files/load-registry-file.js";
import type { RefusedPointer, RemoteMark } from "../router/remote-dataset.js";
import { fetchSource, loadSource, sourceFiles, type FetchedDataset, type RouterSource } from "../files/load-source.js";

/** What a reload (or a cluster start) prepared off the request path. */
export type Prepared =
  | { kind: "ready"; dataVersion: string; dataset: string; probes: Probe[]; provenance: ServedProvenance; ms: number; remote?: RemoteMark }
  | { kind: "unchanged"; dataVersion: string; ms: number; remote?: RemoteMark }
  | { kind: "refused"; error: string; refused?: RefusedPointer };

export interface PrepareInput {
  command: string;
  source: RouterSource;
  /** The data version being served (null at start): an equal one is a no-op. */
  currentVersion: string | null;
  probes: Probe[];
  /** A url source: the pointer being served (no older one is taken; its ETag is revalidated). */
  remote?: RemoteMark | undefined;
  /** A url source: a pointer whose file was refused (not fetched again while the pointer names it). */
  refused?: RefusedPointer | undefined;
}

/** A graph to serve, and what /health says of where it came from. */
export interface ServedGraph {
  router: AssetRouter;
  provenance: ServedProvenance;
  /** A url source: the verified pointer the data came from. */
  remote?: RemoteMark;
}

/**
 * loadSource, then the checks; throws what loadSource throws, or `invalid_registry` for a refused
 * graph. The files are hashed before and after the load: a file replaced meanwhile is refused
 * (the next change reloads it), so the hash /health reports is the one of the bytes served.
 */
export async function loadServedGraph(command: string, source: RouterSource, probes: readonly Probe[] = [], fetched?: FetchedDataset): Promise<ServedGraph> {
  if (source.url !== undefined && fetched === undefined) {
    const result = await fetchSource(source, command);
    if (result.kind === "fetched") fetched = result;
  }
  const before = await fileFacts(source);
  const router = await loadSource(source, command, fetched);
  const after = await fileFacts(source);
  const changed = after.find((file, i) => file.hash !== before[i]?.hash);
  if (changed) throw new FungibleError("invalid_registry", `${command}: ${changed.name} changed while it was being read; not served (the next reload reads it again)`);
  // The shipped dataset was checked when the package was built (and is decoded as the package's own,
  // src/router/source.ts): asking it the known questions again would only slow every start (a quarter of it, measured).
  if (!isShippedDataset(source)) checkGraph(command, source.registry, router, probes);
  return { router, provenance: servedProvenance(router, after, fetched), ...(fetched ? { remote: fetched.mark } : {}) };
}

/** The dataset the package ships, untouched: no file of the caller's, no overrides, not built from chain-registry. */
function isShippedDataset(source: RouterSource): boolean {
  return source.chainRegistry !== true && source.url === undefined && sourceFiles(source).length === 0;
}

/** Base name and content hash of every file of the source, in flag order. */
async function fileFacts(source: RouterSource): Promise<ServedFile[]> {
  const files: ServedFile[] = [];
  for (const { key: flag, path: file } of sourceFiles(source)) {
    let hash: string;
    try {
      hash = `sha256:${createHash("sha256").update(await readRegularFile(file, flag)).digest("hex").slice(0, 32)}`;
    } catch {
      continue; // unreadable: loadSource says why, in its own words
    }
    files.push({ flag, name: basename(file), hash });
  }
  return files;
}

/** The graph's provenance as loaded (never the dataset serve compiles for itself), with the files or the publication. */
function servedProvenance(router: AssetRouter, files: readonly ServedFile[], fetched: FetchedDataset | undefined): ServedProvenance {
  return { ...router.provenance, files, ...(fetched ? { publication: publicationOf(fetched.pointer) } : {}) };
}

/** Load, check and compile the source (in a worker thread): what the serving thread needs to swap quickly. */
export async function prepareDataset(input: PrepareInput): Promise<Prepared> {
  const started = performance.now();
  try {
    let fetched: FetchedDataset | undefined;
    if (input.source.url !== undefined) {
      // The pointer first: a 304 or the same sequence costs one small request, no load.
      const result = await fetchSource(input.source, input.command, input.remote, input.refused);
      if (result.kind === "unchanged") return { kind: "unchanged", dataVersion: input.currentVersion ?? result.mark.dataVersion, ms: performance.now() - started, remote: result.mark };
      fetched = result;
    }
    const { router, provenance, remote } = await loadServedGraph(input.command, input.source, input.probes, fetched);
    const ms = performance.now() - started;
    if (router.dataVersion === input.currentVersion) return { kind: "unchanged", dataVersion: router.dataVersion, ms, ...(remote ? { remote } : {}) };
    // A dataset keeps its own compile time; for other sources it is serve's, and /health does not show it.
    const dataset = compileDataset(router, router.provenance.compiled_at ? { compiledAt: router.provenance.compiled_at } : {});
    return { kind: "ready", dataVersion: router.dataVersion, dataset, probes: probesOf(router), provenance, ms: performance.now() - started, ...(remote ? { remote } : {}) };
  } catch (error) {
    const refused = input.source.url === undefined ? undefined : (await import("../router/remote-dataset.js")).refusedPointerOf(error);
    return { kind: "refused", error: describeFailure(error), ...(refused ? { refused } : {}) };
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
