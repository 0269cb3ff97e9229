/**
 * The `chain-registry` source of ./load-source.ts: the installed package converted with the default
 * overlay, and its version for provenance. Its own module, imported only by a start from
 * chain-registry: the converter and the overlay are code and data no other source reads.
 */
import { createRequire } from "node:module";
import { loadChainRegistryWithIssues } from "../registry/load-chain-registry.js";
import { defaultOverlay } from "../registry/overlay.js";
import type { Network, Source } from "../router/source.js";

export async function chainRegistrySource(network: Network): Promise<Source> {
  const overlay = defaultOverlay();
  const { registry, issues } = await loadChainRegistryWithIssues({ network, overlay });
  return { kind: "chain-registry", network, registry, issues, version: chainRegistryVersion(), overlay };
}

/** `chain-registry`'s version as installed next to this package, for provenance. */
function chainRegistryVersion(): string | undefined {
  try {
    return (createRequire(import.meta.url)("chain-registry/package.json") as { version?: string }).version;
  } catch {
    return undefined;
  }
}
