/**
 * The data a server answers from: loaded from its source (../files/load-source.ts), then checked before
 * it is served, at start and on every reload. A registry file that `validate` calls
 * fatal is refused as validate refuses it; a new graph must answer known questions (assets the
 * graph being served had, and a few of its own) with answers that pass the response schemas (see
 * checkGraph). That a compiled dataset loads back to the graph it was compiled from is the tests'
 * job (test/router/dataset.test.ts, test/oracle/oracle.test.ts), not every reload's. Runs in a
 * worker thread on reload (./reload-thread.ts).
 */
import { createHash } from "node:crypto";
import { basename } from "node:path";
import { compileDataset } from "../router/dataset-router.js";
import type { AssetRouter } from "../router/router.js";
import { FungibleError, isFungibleError, parse } from "../errors.js";
import { publicationOf, type ServedFile, type ServedProvenance } from "../http/health.js";
import { validateRegistry } from "../registry/validate.js";
import { AssetsBetweenChainsResponseSchema, AssetsFromSourceResponseSchema } from "../wire/schema.js";
import { assetsBetweenChainsJson, assetsFromSourceJson } from "../wire/serialize.js";
import { readRegularFile } from "../files/load-registry-file.js";
import type { RefusedPointer, RemoteMark } from "../router/remote-dataset.js";
import { fetchSource, loadSource, sourceFiles, type FetchedDataset, type RouterSource } from "../files/load-source.js";

/** A known question: an asset of the graph being served, asked again of the new one. */
export interface Probe {
  chain_id: string;
  denom: string;
}

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

const PROBES = 5;

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
  // The shipped dataset was checked when the package was built and its bytes on load (its hash):
  // asking it the known questions again would only slow every start (a quarter of it, measured).
  if (!isShippedDataset(source)) checkGraph(command, source, router, probes);
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

export function checkGraph(command: string, source: RouterSource, router: AssetRouter, probes: readonly Probe[]): void {
  if (source.registry !== undefined) {
    const fatal = validateRegistry(router.registry).filter((issue) => issue.severity === "fatal");
    if (fatal.length > 0) {
      const first = fatal[0]!;
      throw new FungibleError(
        "invalid_registry",
        `${command}: "${source.registry}" has ${fatal.length} fatal issue${fatal.length === 1 ? "" : "s"} (see \`fungible-graph validate --registry ${source.registry}\`); first: ${first.where}: ${first.message}`,
      );
    }
  }
  if (router.chainIds().length === 0) throw new FungibleError("invalid_registry", `${command}: the data has no chain`);
  const listed = new Set(router.registry.assets.map((asset) => `${asset.chain_id}\u0000${asset.denom}`));
  for (const probe of [...probes, ...probesOf(router)]) {
    if (!listed.has(`${probe.chain_id}\u0000${probe.denom}`)) continue; // dropped by the new data: not a fault
    for (const question of questionsOf(router, probe)) {
      try {
        question.check(question.ask(router));
      } catch (error) {
        const why = isFungibleError(error) ? error.message : error instanceof Error ? error.message : String(error);
        throw new FungibleError("invalid_registry", `${command}: the new data fails a known query (${question.name}): ${why.slice(0, 300)}`);
      }
    }
  }
}

/** A known question: how to ask it of a graph (the answer's wire JSON) and what the answer must satisfy. */
interface Question {
  name: string;
  ask(router: AssetRouter): string;
  check(json: string): void;
}

/**
 * The questions asked of a probe asset: assets_from_source for it (the answer must pass
 * AssetsFromSourceResponseSchema, and every asset must sit on the chain it is listed under), and
 * assets_between_chains from its chain to each of the first three chains it reaches (the answer
 * must pass AssetsBetweenChainsResponseSchema, every pair leaving the source chain for that chain).
 */
function questionsOf(router: AssetRouter, probe: Probe): Question[] {
  return [fromSourceQuestion(probe), ...betweenQuestions(router, probe)];
}

function fromSourceQuestion(probe: Probe): Question {
  return {
    name: `assets_from_source ${probe.denom} on ${probe.chain_id}`,
    ask: (g) => assetsFromSourceJson(g.assetsFromSource({ source_asset_denom: probe.denom, source_asset_chain_id: probe.chain_id })),
    check: (json) => {
      const answer = parse(AssetsFromSourceResponseSchema, JSON.parse(json));
      for (const [chain, { assets }] of Object.entries(answer.dest_assets)) {
        const stray = assets.find((asset) => asset.chain_id !== chain);
        if (stray) throw new Error(`an asset of chain ${stray.chain_id} is listed under ${chain}`);
      }
    },
  };
}

function betweenQuestions(router: AssetRouter, probe: Probe): Question[] {
  let reached: string[] = [];
  try {
    reached = Object.keys(router.assetsFromSource({ source_asset_denom: probe.denom, source_asset_chain_id: probe.chain_id }).dest_assets);
  } catch {
    // The from_source question reports it.
  }
  return reached
    .filter((chain) => chain !== probe.chain_id)
    .slice(0, 3)
    .map(
      (dest): Question => ({
        name: `assets_between_chains ${probe.chain_id} -> ${dest}`,
        ask: (g) => assetsBetweenChainsJson(g.assetsBetweenChains({ source_chain_id: probe.chain_id, dest_chain_id: dest })),
        check: (json) => {
          const answer = parse(AssetsBetweenChainsResponseSchema, JSON.parse(json));
          const stray = answer.assets_between_chains.find((pair) => pair.asset_on_source.chain_id !== probe.chain_id || pair.asset_on_dest.chain_id !== dest);
          if (stray) throw new Error(`a pair from ${stray.asset_on_source.chain_id} to ${stray.asset_on_dest.chain_id}`);
        },
      }),
    );
}

/** A few native assets spread over the registry (deterministic). */
export function probesOf(router: AssetRouter): Probe[] {
  const natives = router.registry.assets.filter((asset) => asset.trace === "");
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
