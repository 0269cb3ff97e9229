/**
 * The REST (LCD) endpoints chain-registry lists per chain (`apis.rest[].address`), by chain id:
 * where `refreshState` reads the chains' own state. Read from the package at refresh time, not
 * kept in the registry or the dataset, so the answers and the shipped data do not depend on them.
 */
import type { ChainRegistryData } from "./chain-registry-input.js";

/** At most this many endpoints per chain: the rest of a long list adds time, not trust. */
const MAX_PER_CHAIN = 8;

export function restEndpointsOf(data: Pick<ChainRegistryData, "chains">): Record<string, string[]> {
  const byChain = Object.create(null) as Record<string, string[]>;
  for (const chain of data.chains) {
    if (typeof chain.chainId !== "string" || chain.chainId === "") continue;
    const rest = (chain as { apis?: { rest?: unknown } }).apis?.rest;
    if (!Array.isArray(rest)) continue;
    const urls: string[] = [];
    for (const entry of rest) {
      const address = (entry as { address?: unknown } | null)?.address;
      const url = typeof address === "string" ? httpUrl(address) : null;
      if (url !== null && !urls.includes(url)) urls.push(url);
      if (urls.length >= MAX_PER_CHAIN) break;
    }
    if (urls.length > 0) byChain[chain.chainId] = urls;
  }
  return byChain;
}

/** An http(s) URL without its trailing slashes and default port (the registry writes both ways), or null. */
export function httpUrl(address: string): string | null {
  try {
    const url = new URL(address.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.href.replace(/\/+$/, "");
  } catch {
    return null;
  }
}
