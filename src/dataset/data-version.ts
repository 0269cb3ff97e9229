/**
 * Which data produced an answer: a content hash of everything the router reads, plus where that
 * data came from. Two graphs with the same `data_version` answer every query alike.
 */
import * as z from "zod";
import type { ModelFacts } from "../model/model.js";
import type { Registry } from "../registry/schema.js";
import type { RegistryNote } from "../wire/explain.js";
import { sha256Hex } from "../sha256.js";

export const ProvenanceSchema = z
  .object({
    /** How the graph was made: from the chain-registry package, a registry file, or a compiled dataset. */
    source: z.enum(["chain-registry", "registry", "dataset"]),
    network: z.enum(["mainnet", "testnet"]).optional(),
    chain_registry_version: z.string().optional(),
    overlay_hash: z.string().optional(),
    overrides_hash: z.string().optional(),
    venues_hash: z.string().optional(),
    compiled_at: z.string().optional(),
  })
  .readonly();
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** `sha256:` + the first 32 hex digits of SHA-256 of `text`: short enough for a header, wide enough never to collide. */
export function contentHash(text: string): string {
  return `sha256:${sha256Hex(text).slice(0, 32)}`;
}

/**
 * `data_version` of a registry, the notes `explain` cites and the model facts routes are built
 * from: the hash of their values, one JSON array per record with its fields in a fixed order
 * (absent: null), so it depends on nothing but the content: not on key order, defaults spelled
 * out or left out, nor on how a dataset stores it. The facts are a function of the registry, but a
 * dataset stores them and a loader trusts them, so they are hashed too: a dataset whose model was
 * edited no longer matches its data_version. A built router and its dataset, loaded or compiled
 * again, have the same one.
 */
export function dataVersionOf(registry: Registry, notes: readonly RegistryNote[], facts: ModelFacts): string {
  return contentHash(JSON.stringify(canonicalContent(registry, notes, facts)));
}

function canonicalContent(registry: Registry, notes: readonly RegistryNote[], facts: ModelFacts): unknown[] {
  const o = <T>(value: T | undefined) => (value === undefined ? null : value);
  return [
    registry.chains.map((c) => [c.chain_id, o(c.chain_name), o(c.pretty_name), c.chain_type, c.pfm_enabled, c.supports_memo, ...describedChain(c)]),
    registry.assets.map((a) => [
      a.chain_id, a.denom, a.trace, a.origin_chain_id, a.origin_denom, a.is_cw20, a.is_evm, o(a.symbol), o(a.name),
      o(a.logo_uri), o(a.decimals), o(a.description), o(a.coingecko_id), o(a.recommended_symbol),
      ...(a.token_contract === undefined ? [] : [a.token_contract]),
    ]),
    registry.ibc_channels.map(({ chain_1: a, chain_2: b, status, preferred }) => [
      a.chain_id, a.channel_id, a.port_id, b.chain_id, b.channel_id, b.port_id, status, preferred,
    ]),
    registry.bridge_links.map((l) => [l.bridge, l.from.chain_id, l.from.denom, l.to.chain_id, l.to.denom, l.bidirectional]),
    registry.swap_venues.map((v) => [v.name, v.chain_id, v.denoms]),
    notes.map((n) => [n.code, o(n.provider), o(n.chain_id), o(n.denom), o(n.counterparty_chain_id), o(n.counterparty_denom)]),
    [facts.predecessor, facts.arrival, facts.derived_end, facts.derived_origin, facts.unrouted, facts.shadowing],
  ];
}

/**
 * The chain fields added after the first release, hashed only where a chain has one: data that
 * uses none of them keeps the data_version it had (and a dataset written before them still loads).
 * No fee assets and an empty list are alike, as a dataset stores them.
 */
function describedChain(chain: Registry["chains"][number]): unknown[] {
  const fees = (chain.fee_assets ?? []).map((f) => [f.denom, f.gas_price?.low ?? null, f.gas_price?.average ?? null, f.gas_price?.high ?? null]);
  const testnet = chain.is_testnet === true;
  if (chain.bech32_prefix === undefined && chain.logo_uri === undefined && fees.length === 0 && !testnet) return [];
  return [{ bech32_prefix: chain.bech32_prefix ?? null, logo_uri: chain.logo_uri ?? null, fee_assets: fees, is_testnet: testnet }];
}
