/**
 * The embedded default registry: the npm package `chain-registry` (mainnet or testnet, plus the
 * non-Cosmos asset lists) run through the adapter and `parseRegistry`. The package and the venue
 * facts are imported lazily, so importing this module costs nothing until a registry is asked for.
 * `chain-registry` is an optional peer dependency: without it, `missing_dependency` says how to
 * install it.
 *
 * The specifiers name `index.js` because the package has no `exports` map: Node's ESM resolver
 * refuses a bare directory (`chain-registry/mainnet`), while the file resolves from ESM (CJS
 * interop), from a CJS bundle (`require`) and from vitest alike.
 */
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { errorFromZod, missingDependency, safeParse } from "../errors.js";
import { convertChainRegistry } from "./chain-registry.js";
import type { ChainRegistryNetwork } from "./chain-registry-chains.js";
import { ChainRegistryDataSchema, type ChainRegistryData } from "./chain-registry-input.js";
import type { RegistryIssue } from "./issues.js";
import { ChainRegistryOverlaySchema, defaultOverlay, type ChainRegistryOverlay } from "./overlay.js";
import { parseRegistry, SwapVenueSchema, type Registry, type SwapVenue } from "./schema.js";

export interface LoadChainRegistryOptions {
  /** The package's mainnet (default) or testnet lists. */
  network?: ChainRegistryNetwork;
  /** Chain ids and capability flags the package lacks; default `defaultOverlay()` (src/registry/data/overlay.json). */
  overlay?: ChainRegistryOverlay;
  /**
   * Swap venues of the registry. Default: on mainnet the embedded `defaultSwapVenues()` (dated,
   * cited snapshots), on testnet none. Given, they replace the default; a venue on a chain the
   * registry lacks fails `parseRegistry` with its path.
   */
  venues?: readonly SwapVenue[];
}

/** The options, or (as earlier releases took) the overlay alone; `undefined` for the defaults. */
const LoadOptionsSchema = z._default(
  z.union([
    ChainRegistryOverlaySchema,
    z.strictObject({
      network: z.optional(z.enum(["mainnet", "testnet"])),
      overlay: z.optional(ChainRegistryOverlaySchema),
      venues: z.optional(z.readonly(z.array(SwapVenueSchema))),
    }),
  ]),
  {},
);

/** One export, whether the module arrives as ESM named exports or only as a CJS `default`. */
function exported(module: unknown, name: string): unknown {
  const own = (value: unknown, key: string): unknown =>
    typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;
  return own(module, name) ?? own(own(module, "default"), name);
}

/** The raw package data the adapter reads, checked against the slice of its shape we rely on. */
export async function loadChainRegistryData(network: ChainRegistryNetwork = "mainnet"): Promise<ChainRegistryData> {
  // An optional peer dependency: the shipped datasets need it only at build time.
  const [lists, nonCosmos] = await Promise.all([
    network === "testnet" ? import("chain-registry/testnet/index.js") : import("chain-registry/mainnet/index.js"),
    import("chain-registry/noncosmos/index.js"),
  ]).catch((error: unknown) => {
    throw missingDependency("loadChainRegistry", "chain-registry", error);
  });
  const result = safeParse(ChainRegistryDataSchema, {
    chains: exported(lists, "chains"),
    assetLists: exported(lists, "assetLists"),
    ibcData: exported(lists, "ibcData"),
    nonCosmosAssetLists: exported(nonCosmos, "assetLists"),
  });
  if (result.success) return result.data;
  throw errorFromZod(
    "invalid_registry",
    `loadChainRegistry: the chain-registry package's ${network} data is not in the expected shape`,
    result.error,
  );
}

async function defaultVenues(network: ChainRegistryNetwork): Promise<readonly SwapVenue[]> {
  if (network === "testnet") return [];
  return (await import("./swap-venues-data.js")).defaultSwapVenues();
}

/** Earlier releases took the overlay itself as the only argument; it still works. */
function optionsOf(given: LoadChainRegistryOptions | ChainRegistryOverlay, fn: string): LoadChainRegistryOptions {
  const site = { fn, arg: "options", code: "invalid_config", expected: "an object {network, overlay, venues} or an overlay" } as const;
  const options = parseArgument(LoadOptionsSchema, given, site);
  return "chainIds" in options && "capabilities" in options ? { overlay: options } : options;
}

/** The embedded registry with what the adapter had to leave out or could not route. */
export async function loadChainRegistryWithIssues(
  given: LoadChainRegistryOptions | ChainRegistryOverlay = {},
): Promise<{ registry: Registry; issues: RegistryIssue[] }> {
  const options = optionsOf(given, "loadChainRegistryWithIssues");
  const network = options.network ?? "mainnet";
  const [data, venues] = await Promise.all([
    loadChainRegistryData(network),
    options.venues ?? defaultVenues(network),
  ]);
  const { registry, issues } = convertChainRegistry(data, options.overlay ?? defaultOverlay(), { network });
  // The default venues follow the package: one on a chain this release lacks is dropped, while
  // venues the caller gives must all fit (parseRegistry names the one that does not).
  const chainIds = new Set(registry.chains.map((chain) => chain.chain_id));
  const kept = options.venues ?? venues.filter((venue) => chainIds.has(venue.chain_id));
  return { registry: parseRegistry({ ...registry, swap_venues: kept }), issues };
}

/** The embedded default registry (docs/behaviour.md §1); `{ network: "testnet" }` for the testnets. */
export async function loadChainRegistry(options: LoadChainRegistryOptions | ChainRegistryOverlay = {}): Promise<Registry> {
  return (await loadChainRegistryWithIssues(options)).registry;
}
