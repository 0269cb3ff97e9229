/**
 * Browser code of the explorer page: what it knows of chains and assets, for people. Chains from
 * /fungible-graph/v1/chains; a chain's assets from /fungible-graph/v1/assets (origins included)
 * with their symbols and names from /v2/fungible/assets, each chain asked once. An asset with no symbol on the
 * wire (a derived voucher) is shown by its origin's symbol, marked "(derived)"; the JSON answers
 * keep saying what the contract says.
 */
import type { AssetSummary, ChainSummary } from "../../wire/explain.js";
import type { PickOption } from "./page-combobox.js";
import { api, query } from "./page-dom.js";

export interface PageAsset extends AssetSummary {
  name?: string | undefined;
}

/** Enough of an asset to name it: the wire's assets and the page's alike. */
export interface Nameable {
  chain_id: string;
  denom: string;
  symbol?: string | undefined;
  origin_chain_id: string;
  origin_denom: string;
}

export interface ShownName {
  text: string;
  derived: boolean;
  /** Why the name reads so, for a tooltip. */
  why: string;
}

const chainById = new Map<string, ChainSummary>();

export async function loadChains(): Promise<readonly ChainSummary[]> {
  const { chains } = await api<{ chains: readonly ChainSummary[] }>("/fungible-graph/v1/chains");
  for (const chain of chains) chainById.set(chain.chain_id, chain);
  return chains;
}

export const isKnownChain = (chainId: string) => chainById.has(chainId);

/** A chain's name for people ("Osmosis"), its id when the registry has none. */
export function chainName(chainId: string): string {
  const chain = chainById.get(chainId);
  return chain?.pretty_name || chain?.chain_name || chainId;
}

/** Up to two letters of a chain's name, for its badge. */
export function monogram(chainId: string): string {
  const words = chainName(chainId).split(/[\s_-]+/).filter((word) => /^\p{L}/u.test(word));
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? chainId).slice(0, 2);
  return letters.toUpperCase();
}

/** A long denom or hash cut in the middle ("ibc/2739…5EB2"); short ones as they are. */
export function shorten(text: string, room = 18): string {
  const points = [...text];
  return points.length > room ? points.slice(0, room - 6).join("") + "\u2026" + points.slice(-5).join("") : text;
}

const assetCache = new Map<string, Promise<readonly PageAsset[]>>();

interface WireAssets {
  chain_to_assets_map: Record<string, { assets: readonly { denom: string; symbol?: string; name?: string }[] } | undefined>;
}

/** What /v2/fungible/assets says of each asset of a chain (its symbol and name), by denom. */
type WireFacts = ReadonlyMap<string, { symbol?: string | undefined; name?: string | undefined }>;
const wireCache = new Map<string, Promise<WireFacts>>();
/** Chains asked in one /v2/fungible/assets request: a bounded URL, and one request, not one per chain. */
const CHAINS_PER_REQUEST = 40;

/** The wire's facts of these chains' assets, each chain asked once, many chains per request; empty where it fails. */
function wireFacts(chainIds: readonly string[]): Promise<WireFacts[]> {
  const missing = [...new Set(chainIds)].filter((chainId) => !wireCache.has(chainId));
  for (let at = 0; at < missing.length; at += CHAINS_PER_REQUEST) {
    const chunk = missing.slice(at, at + CHAINS_PER_REQUEST);
    const search = new URLSearchParams(query({ include_no_metadata_assets: true, include_cw20_assets: true, include_evm_assets: true }));
    for (const chainId of chunk) search.append("chain_ids", chainId);
    const answer = api<WireAssets>("/v2/fungible/assets?" + search.toString());
    for (const chainId of chunk) {
      const facts: Promise<WireFacts> = answer.then(
        (wire) => new Map((wire.chain_to_assets_map[chainId]?.assets ?? []).map((asset) => [asset.denom, { symbol: asset.symbol, name: asset.name }])),
        () => {
          // Asked again next time: a name is a courtesy, not worth an error.
          wireCache.delete(chainId);
          return new Map();
        },
      );
      wireCache.set(chainId, facts);
    }
  }
  return Promise.all(chainIds.map((chainId) => wireCache.get(chainId)!));
}

/** A chain's assets, asked once, with their names from /v2/fungible/assets (search works without). */
export function assetsOf(chainId: string): Promise<readonly PageAsset[]> {
  let pending = assetCache.get(chainId);
  if (!pending) {
    const names = wireFacts([chainId]);
    pending = api<{ assets: readonly AssetSummary[] }>("/fungible-graph/v1/assets?" + query({ chain_id: chainId })).then(async ({ assets }) => {
      const [facts] = await names;
      return assets.map((asset) => ({ ...asset, name: facts?.get(asset.denom)?.name }));
    });
    pending.catch(() => assetCache.delete(chainId));
    assetCache.set(chainId, pending);
  }
  return pending;
}

/**
 * Names for these assets: the symbol on the wire, else the origin's symbol marked derived (the
 * origin chains' assets asked in one request), else the shortened denom. Never fails: a name is a
 * courtesy.
 */
export async function namesFor(assets: readonly Nameable[]): Promise<(asset: Nameable) => ShownName> {
  const origins = [...new Set(assets.filter((asset) => !asset.symbol && isKnownChain(asset.origin_chain_id)).map((asset) => asset.origin_chain_id))];
  const facts = new Map((await wireFacts(origins)).map((known, index) => [origins[index]!, known]));
  return (asset) => {
    if (asset.symbol) return { text: asset.symbol, derived: false, why: asset.symbol + " on " + chainName(asset.chain_id) };
    const origin = facts.get(asset.origin_chain_id)?.get(asset.origin_denom)?.symbol;
    if (origin) return { text: origin + " (derived)", derived: true, why: "No symbol on the wire: named by its origin, " + origin + " (" + asset.origin_denom + ") on " + chainName(asset.origin_chain_id) };
    return { text: shorten(asset.denom), derived: false, why: asset.denom };
  };
}

export function chainOptions(chains: readonly ChainSummary[]): PickOption[] {
  return chains.map((chain) => {
    const name = chainName(chain.chain_id);
    return {
      value: chain.chain_id,
      label: name,
      detail: name === chain.chain_id ? chain.chain_type : chain.chain_id,
      badge: monogram(chain.chain_id),
      search: [chain.chain_id, chain.chain_name ?? "", chain.pretty_name ?? "", chain.chain_type].join(" ").toLowerCase(),
    };
  });
}

/**
 * A chain's assets as picker options, found by symbol (derived too), name, denom and chain.
 * `origins` false answers from the chain's own list; true also asks each origin chain's list,
 * to name derived vouchers (slower on a chain with vouchers from dozens of chains).
 */
export async function assetOptions(chainId: string, origins: boolean): Promise<PickOption[]> {
  const assets = await assetsOf(chainId);
  const name = origins ? await namesFor(assets) : await namesFor([]);
  return assets.map((asset) => {
    const shown = name(asset);
    return {
      value: asset.denom,
      label: shown.text,
      detail: [asset.name && asset.name !== shown.text ? asset.name : "", shown.text === shorten(asset.denom) ? "" : shorten(asset.denom, 24)].filter(Boolean).join(" \u00b7 "),
      badge: "",
      search: [shown.text, asset.name ?? "", asset.denom, asset.origin_denom, chainId, chainName(chainId)].join(" ").toLowerCase(),
    };
  });
}
