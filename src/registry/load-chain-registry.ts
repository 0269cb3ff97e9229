/**
 * The embedded default registry: the npm package `chain-registry` (mainnet + non-Cosmos asset
 * lists) run through the adapter and `parseRegistry`. The package is imported lazily, so importing
 * this module costs nothing until a registry is asked for.
 *
 * The specifiers name `index.js` because the package has no `exports` map: Node's ESM resolver
 * refuses a bare directory (`chain-registry/mainnet`), while the file resolves from ESM (CJS
 * interop), from a CJS bundle (`require`) and from vitest alike.
 */
import { errorFromZod } from "../errors.js";
import { fromChainRegistry } from "./chain-registry.js";
import { ChainRegistryDataSchema, type ChainRegistryData } from "./chain-registry-input.js";
import type { RegistryIssue } from "./issues.js";
import { DEFAULT_OVERLAY, type ChainRegistryOverlay } from "./overlay.js";
import { parseRegistry, type Registry } from "./schema.js";

/** One export, whether the module arrives as ESM named exports or only as a CJS `default`. */
function exported(module: unknown, name: string): unknown {
  const own = (value: unknown, key: string): unknown =>
    typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;
  return own(module, name) ?? own(own(module, "default"), name);
}

/** The raw package data the adapter reads, checked against the slice of its shape we rely on. */
export async function loadChainRegistryData(): Promise<ChainRegistryData> {
  const [mainnet, nonCosmos] = await Promise.all([
    import("chain-registry/mainnet/index.js"),
    import("chain-registry/noncosmos/index.js"),
  ]);
  const result = ChainRegistryDataSchema.safeParse({
    chains: exported(mainnet, "chains"),
    assetLists: exported(mainnet, "assetLists"),
    ibcData: exported(mainnet, "ibcData"),
    nonCosmosAssetLists: exported(nonCosmos, "assetLists"),
  });
  if (result.success) return result.data;
  throw errorFromZod("invalid_registry", "loadChainRegistry: the chain-registry package is not in the expected shape", result.error);
}

/** The embedded registry with what the adapter had to leave out or could not route. */
export async function loadChainRegistryWithIssues(
  overlay: ChainRegistryOverlay = DEFAULT_OVERLAY,
): Promise<{ registry: Registry; issues: RegistryIssue[] }> {
  const { registry, issues } = fromChainRegistry(await loadChainRegistryData(), overlay);
  return { registry: parseRegistry(registry), issues };
}

/** The embedded default registry (SEMANTICS section 7). */
export async function loadChainRegistry(overlay: ChainRegistryOverlay = DEFAULT_OVERLAY): Promise<Registry> {
  return (await loadChainRegistryWithIssues(overlay)).registry;
}
