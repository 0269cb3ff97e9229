/**
 * `refreshState`: a state snapshot filled from each chain's own REST endpoints: the operator's
 * endpoints file first, then those chain-registry lists. Chains are read `concurrency` at a time
 * (each host `perHost` requests at a time, lcd-fetch.ts; both bounds are p-limit's); a chain that
 * cannot be read is reported and stays unknown, never fatal. Runtime-neutral (only `fetch`): a
 * Worker on a schedule can refresh state too; the file is written by src/files/write-state-file.ts.
 */
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { FungibleError } from "../errors.js";
import { loadChainRegistryData } from "../registry/load-chain-registry.js";
import { httpUrl, restEndpointsOf } from "../registry/chain-registry-rest.js";
import type { Registry } from "../registry/schema.js";
import { parseState, STATE_FORMAT, STATE_LIMITS, unreadChain, type ChainState, type StateSnapshot } from "../state/format.js";
import { keepKnownFacts } from "../state/merge.js";
import { eurekaClientsByChain, eurekaLinks } from "../state/eureka-links.js";
import pLimit from "p-limit";
import { lcdGetter, type LcdFetchOptions } from "./lcd-fetch.js";
import { readChainState, unreadEnd, unreadEurekaClient, type ChainEnd } from "./read-chain-state.js";

export interface RefreshStateOptions extends LcdFetchOptions {
  /** The registry whose channel ends are read (a router's `registry`). */
  registry: Registry;
  /** The operator's endpoints, `{"<chain_id>": ["<REST base URL>", ...]}`, tried before the registry's. */
  endpoints?: Record<string, readonly string[]>;
  /** The registry's endpoints by chain id; default chain-registry's `apis.rest` (the installed package, `network`). */
  registryEndpoints?: Record<string, readonly string[]>;
  /** Which chain-registry lists give the default endpoints; default mainnet. */
  network?: "mainnet" | "testnet";
  /** Only these chains; default every chain with a channel end, or an IBC v2 client an Eureka link names, in the registry. */
  chains?: readonly string[];
  /** Chains read at once; default 8. */
  concurrency?: number;
  /** The clock (tests); default the system's. */
  now?: () => Date;
  /** Called after each chain, for a progress line. */
  onProgress?: (done: number, total: number, chainId: string) => void;
  /**
   * The previous snapshot (the file being replaced): a fact not read now keeps its previous value,
   * date and source; chains not refreshed now are carried over as they were.
   */
  previous?: StateSnapshot;
}

export interface ChainRefresh {
  chain_id: string;
  /** Channel ends the registry lists on the chain, and how many were read as something other than unknown. */
  ends: number;
  read: number;
  /** Endpoints tried, in order. */
  endpoints: readonly string[];
  /** What was refused or failed (an unreachable endpoint, another chain id, a body over the limit...). */
  errors: readonly string[];
  /** Facts read now; kept from the previous snapshot (not read now); refused because dated in the future. */
  learned: number;
  kept: number;
  refused: number;
}

export interface RefreshResult {
  snapshot: StateSnapshot;
  chains: readonly ChainRefresh[];
  /** Chains of which nothing was read now (their previous facts, if any, kept). */
  unread: readonly string[];
  /** Facts read now, over every chain: 0 means the refresh learned nothing. */
  learned: number;
}

const fn = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", "must be a function");
const positive = z.optional(z.number().check(z.int(), z.positive()));
const urlLists = z.custom<Record<string, readonly string[]>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((urls) => Array.isArray(urls) && urls.every((url) => typeof url === "string")),
  "must be an object {chain_id: [URL, ...]}",
);
/** A channel end as `endsByChain` reads it (a parsed registry's are so). */
const ChannelEndFields = z.looseObject({ chain_id: z.string(), port_id: z.string(), channel_id: z.string() });
const RefreshOptionsSchema = z.looseObject({
  registry: z.looseObject({
    chains: z.array(z.looseObject({ chain_id: z.string() })),
    ibc_channels: z.array(z.looseObject({ chain_1: ChannelEndFields, chain_2: ChannelEndFields })),
    assets: z.optional(z.array(z.looseObject({ chain_id: z.string(), denom: z.string(), trace: z.string() }))),
    bridge_links: z.optional(z.array(z.looseObject({ bridge: z.string(), from: z.looseObject({ chain_id: z.string(), denom: z.string() }), to: z.looseObject({ chain_id: z.string(), denom: z.string() }) }))),
  }),
  endpoints: z.optional(urlLists),
  registryEndpoints: z.optional(urlLists),
  network: z.optional(z.enum(["mainnet", "testnet"])),
  chains: z.optional(z.array(z.string())),
  concurrency: positive,
  timeoutMs: positive,
  maxBodyBytes: positive,
  retries: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10))),
  backoffMs: z.optional(z.number().check(z.gte(0))),
  perHost: positive,
  fetch: z.optional(fn),
  now: z.optional(fn),
  onProgress: z.optional(fn),
  previous: z.optional(z.looseObject({ chains: z.record(z.string(), z.unknown()) })),
});

export async function refreshState(options: RefreshStateOptions): Promise<RefreshResult> {
  parseArgument(RefreshOptionsSchema, options, { fn: "refreshState", arg: "options", code: "invalid_config", expected: "an object {registry, endpoints?, chains?, ...}" });
  const now = options.now ?? (() => new Date());
  const ends = endsByChain(options.registry);
  // A registry given as a plain object may leave out what a parsed one defaults.
  const clients = eurekaClientsByChain(eurekaLinks({ assets: options.registry.assets ?? [], bridge_links: options.registry.bridge_links ?? [] }));
  for (const chainId of clients.keys()) if (!ends.has(chainId)) ends.set(chainId, []);
  const known = new Set(options.registry.chains.map((chain) => chain.chain_id));
  for (const id of options.chains ?? []) {
    if (!known.has(id)) throw new FungibleError("unknown_chain", `refreshState: chain "${id}" is not in the registry`);
  }
  const chainIds = (options.chains ?? [...ends.keys()]).filter((id) => ends.has(id)).sort();
  const registryEndpoints = options.registryEndpoints ?? (chainIds.length === 0 ? {} : restEndpointsOf(await loadChainRegistryData(options.network ?? "mainnet")));
  const get = lcdGetter(options);
  const limit = pLimit(Math.max(1, options.concurrency ?? 8));
  const chains = Object.create(null) as Record<string, ChainState>;
  // Chains of the previous snapshot this refresh does not read are carried over as they were.
  const previous = options.previous?.chains ?? {};
  for (const id of Object.keys(previous)) if (!chainIds.includes(id)) chains[id] = previous[id]!;
  const report: ChainRefresh[] = [];
  let done = 0;
  await Promise.all(
    chainIds.map((chainId) =>
      limit(async () => {
        const endpoints = endpointsFor(chainId, options.endpoints, registryEndpoints);
        const chainEnds = ends.get(chainId)!;
        // Bounded as a snapshot holds them: a registry naming more clients on one chain gets the first ones read.
        const chainClients = (clients.get(chainId) ?? []).slice(0, STATE_LIMITS.clientsPerChain);
        const fresh: ChainState =
          endpoints.length === 0
            ? { ...unreadChain(["no REST endpoint known for this chain"]), ends: chainEnds.map(unreadEnd), eureka_clients: chainClients.map(unreadEurekaClient) }
            : await readChainState(chainId, chainEnds, endpoints, get, now, chainClients);
        const merged = keepKnownFacts(fresh, Object.hasOwn(previous, chainId) ? previous[chainId] : undefined, now().getTime());
        const errors = merged.refused > 0 ? [...fresh.errors, `${merged.refused} facts dated in the future refused`].slice(0, 100) : fresh.errors;
        chains[chainId] = { ...merged.chain, errors };
        report.push({
          chain_id: chainId,
          ends: chainEnds.length,
          read: fresh.ends.filter((end) => end.state.read_at !== null).length,
          endpoints,
          errors,
          learned: merged.learned,
          kept: merged.kept,
          refused: merged.refused,
        });
        options.onProgress?.(++done, chainIds.length, chainId);
      }),
    ),
  );
  report.sort((a, b) => (a.chain_id < b.chain_id ? -1 : a.chain_id > b.chain_id ? 1 : 0));
  // Parsed as any snapshot is: what was written is what a loader will accept.
  const snapshot = parseState({ format: STATE_FORMAT, created_at: now().toISOString(), chains: sortedKeys(chains) });
  return { snapshot, chains: report, unread: report.filter((chain) => chain.learned === 0).map((chain) => chain.chain_id), learned: report.reduce((sum, chain) => sum + chain.learned, 0) };
}

/** The operator's endpoints, then the registry's, without repeats; junk URLs dropped. */
function endpointsFor(chainId: string, own: Record<string, readonly string[]> | undefined, registry: Record<string, readonly string[]>): string[] {
  const urls: string[] = [];
  const ownList = own !== undefined && Object.hasOwn(own, chainId) ? own[chainId]! : [];
  const registryList = Object.hasOwn(registry, chainId) ? registry[chainId]! : [];
  for (const address of [...ownList, ...registryList]) {
    const url = typeof address === "string" ? httpUrl(address) : null;
    if (url !== null && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/** The channel ends the registry lists on each chain. */
function endsByChain(registry: Registry): Map<string, ChainEnd[]> {
  const byChain = new Map<string, ChainEnd[]>();
  const seen = new Set<string>();
  for (const channel of registry.ibc_channels) {
    for (const end of [channel.chain_1, channel.chain_2]) {
      const key = `${end.chain_id}\u0000${end.port_id}\u0000${end.channel_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let list = byChain.get(end.chain_id);
      if (list === undefined) byChain.set(end.chain_id, (list = []));
      list.push({ port_id: end.port_id, channel_id: end.channel_id });
    }
  }
  return byChain;
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  const sorted = Object.create(null) as Record<string, T>;
  for (const key of Object.keys(record).sort()) sorted[key] = record[key]!;
  return sorted;
}

/**
 * The endpoints file: `{"<chain_id>": ["<REST base URL>", ...]}`. Junk throws `invalid_config`
 * naming the file's problem.
 */
export function parseEndpoints(text: string): Record<string, string[]> {
  const where = "parseEndpoints";
  if (typeof text !== "string") throw new FungibleError("invalid_config", `parseEndpoints: expected the file's text, got ${text === null ? "null" : typeof text}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FungibleError("invalid_config", `${where}: not JSON (${(error as Error).message})`);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new FungibleError("invalid_config", `${where}: expected an object {"<chain_id>": ["<REST base URL>", ...]}`);
  }
  const endpoints = Object.create(null) as Record<string, string[]>;
  for (const [chainId, urls] of Object.entries(json)) {
    if (!Array.isArray(urls) || urls.length > 50) throw new FungibleError("invalid_config", `${where}: "${chainId}" must map to a list of at most 50 URLs`);
    const parsed = urls.map((url) => (typeof url === "string" ? httpUrl(url) : null));
    const bad = parsed.findIndex((url) => url === null);
    if (bad >= 0) throw new FungibleError("invalid_config", `${where}: "${chainId}"[${bad}] is not an http(s) URL`);
    endpoints[chainId] = parsed as string[];
  }
  return endpoints;
}
