/**
 * The Node layer of the one source resolver (src/router/source.ts): where a served graph comes
 * from, as files a server reads again on reload. The dataset shipped in the package (`network`,
 * the default), a dataset file (`fungible-graph compile`), a registry file in the project format,
 * or the installed `chain-registry` package itself; `overrides` (any source) and `venues` (a
 * registry or chain-registry) layer a file over it. This module only reads: which source was
 * given, its layers and its provenance are the core's. The CLI's graph flags map onto this one to one.
 */
import * as z from "zod/mini";
import { FungibleError, type FungibleErrorCode } from "../errors.js";
import { parseVenuesFile } from "../registry/swap-venues.js";
import type { AssetRouter } from "../router/router.js";
import { checkLayers, chooseSource, resolveSource, type Source, type SourceChoice } from "../router/source.js";
import type { RefusedPointer, RemoteMark, RemoteResult } from "../router/remote-dataset.js";
import { loadRegistryFile, readRegularFile, readTextFile } from "./load-registry-file.js";

/** Where a served graph comes from, as files and URLs (the schema is the one description: startServer checks it): at most one of `dataset`, `registry`, `chainRegistry` (none: the shipped dataset). */
export const RouterSourceSchema = z.strictObject({
  /** Which shipped dataset (default mainnet), or which of chain-registry's lists with `chainRegistry`. */
  network: z.optional(z.enum(["mainnet", "testnet"])),
  /** A dataset file written by `fungible-graph compile`. */
  dataset: z.optional(z.string()),
  /** A registry file in the project format. */
  registry: z.optional(z.string()),
  /** Build from the installed chain-registry package (slow; for a newer one than the package shipped). */
  chainRegistry: z.optional(z.boolean()),
  /** A metadata overrides file layered over the data. */
  overrides: z.optional(z.string()),
  /** A swap venues file replacing the venues of a registry or chain-registry source. */
  venues: z.optional(z.string()),
  /** A state snapshot file (`fungible-graph refresh-state`) narrowing the graph (`withState`). */
  state: z.optional(z.string()),
  /** How the snapshot is read: its stated windows (`withState`'s options); only with `state`. */
  stateOptions: z.optional(z.strictObject({ maxBlockAgeSeconds: z.optional(z.number().check(z.positive())), expiryWarningSeconds: z.optional(z.number().check(z.positive())) })),
  /** A published dataset's signed pointer URL (`fungible-graph publish`), verified with `publicKey`. */
  url: z.optional(z.string()),
  /** The publisher's Ed25519 public key (base64 or hex), with `url`. */
  publicKey: z.optional(z.string()),
});
export type RouterSource = z.infer<typeof RouterSourceSchema>;

const FILE_KEYS = ["registry", "dataset", "overrides", "venues", "state"] as const;
export type SourceFileKey = (typeof FILE_KEYS)[number];

/** The files a source reads (what a watch watches), with the key that names each. */
export function sourceFiles(source: RouterSource): { key: SourceFileKey; path: string }[] {
  return FILE_KEYS.flatMap((key) => (typeof source[key] === "string" ? [{ key, path: source[key] }] : []));
}

/** `--registry a.json --overrides b.json`: the source as the serve flags spell it, for log lines. */
export function describeSource(source: RouterSource): string {
  const parts: string[] = [];
  if (source.network !== undefined) parts.push(`--network ${source.network}`);
  if (source.chainRegistry) parts.push("--chain-registry");
  if (source.url !== undefined) parts.push(`--dataset-url ${source.url}`);
  for (const { key, path } of sourceFiles(source)) parts.push(`--${key} ${path}`);
  return parts.length === 0 ? "the embedded chain registry" : parts.join(" ");
}

/**
 * The router of a source: its files read here, everything else done by the core's resolver. A url
 * source is fetched and verified here unless `fetched` brings it (a server polling its pointer
 * fetches first, to learn whether anything changed).
 */
export async function loadSource(source: RouterSource, fn = "loadSource", fetched?: FetchedDataset): Promise<AssetRouter> {
  const choice = chooseSource(source, fn);
  const overrides = source.overrides === undefined ? undefined : await readJson(source.overrides, "overrides", "invalid_overrides");
  const venues = source.venues === undefined ? undefined : parseVenuesFile(await readJson(source.venues, "venues", "invalid_venues"));
  const state = source.state === undefined ? undefined : await readJson(source.state, "state", "invalid_state");
  const layers = checkLayers({ overrides, venues, state, ...(source.stateOptions === undefined ? {} : { stateOptions: source.stateOptions }) });
  return resolveSource(await contentOf(choice, fetched ?? null, fn), layers, fn);
}

/** A published dataset, fetched and verified. */
export type FetchedDataset = Extract<RemoteResult, { kind: "fetched" }>;

/**
 * The source's pointer and file, verified (src/router/remote-dataset.ts, loaded on demand: the
 * other sources need none of it); with `since`, a pointer that did not move is "unchanged".
 */
export async function fetchSource(source: RouterSource, fn: string, since?: RemoteMark, refused?: RefusedPointer): Promise<RemoteResult> {
  const { fetchSignedDataset } = await import("../router/remote-dataset.js");
  return fetchSignedDataset({ url: source.url ?? "", publicKey: source.publicKey, since, refused, fn });
}

/** The chosen source with its content: the files read, the chain-registry package converted. */
async function contentOf(choice: SourceChoice<string, string>, fetched: FetchedDataset | null, fn: string): Promise<Source> {
  switch (choice.kind) {
    case "url": {
      const result = fetched ?? (await fetchSource({ url: choice.url, publicKey: choice.publicKey as string }, fn));
      if (result.kind !== "fetched") throw new FungibleError("internal", `${fn}: nothing fetched`);
      return { kind: "url", bytes: result.bytes, dataVersion: result.mark.dataVersion };
    }
    case "network":
      return choice;
    case "dataset":
      return { kind: "dataset", dataset: await readRegularFile(choice.dataset, "dataset") };
    case "registry":
      return { kind: "registry", registry: await loadRegistryFile(choice.registry) };
    case "chain-registry":
      return (await import("./chain-registry-source.js")).chainRegistrySource(choice.network);
  }
}

/** A JSON file's value; text that is not JSON is `code` (invalid_overrides, invalid_venues), naming the file. */
async function readJson(path: string, what: string, code: FungibleErrorCode): Promise<unknown> {
  const text = await readTextFile(path, what);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FungibleError(code, `${what}: "${path}" is not valid JSON: ${(error as Error).message}`);
  }
}
