/**
 * Which data produced an answer: a content hash of everything the router reads, plus where that
 * data came from. Two graphs with the same `data_version` answer every query alike.
 */
import * as z from "zod/mini";
import type { ModelFacts } from "../model/model.js";
import type { Registry } from "../registry/schema.js";
import type { RegistryNote } from "../wire/explain.js";
import { sha256Hex } from "../sha256.js";

export const ProvenanceSchema = z.readonly(
  z.object({
    /** How the graph was made: from the chain-registry package, a registry file, or a compiled dataset. */
    source: z.enum(["chain-registry", "registry", "dataset"]),
    network: z.optional(z.enum(["mainnet", "testnet"])),
    chain_registry_version: z.optional(z.string()),
    overlay_hash: z.optional(z.string()),
    overrides_hash: z.optional(z.string()),
    venues_hash: z.optional(z.string()),
    compiled_at: z.optional(z.string()),
    /** The state snapshot applied (docs/behaviour.md "Live network state"): its content hash, when it was made, its oldest reading. */
    state_hash: z.optional(z.string()),
    state_created_at: z.optional(z.string()),
    state_oldest_read_at: z.optional(z.string()),
  }),
);
/** Where a router's data came from: `router.provenance`, a dataset's `provenance`, `/health`'s. Written in one place (src/router/provenance.ts). */
export interface Provenance {
  /** How the data was made: from the chain-registry package, a registry (file or object), or read from a dataset that does not say. */
  readonly source: "chain-registry" | "registry" | "dataset";
  /** Which network's lists, for chain-registry data and the shipped datasets. */
  readonly network?: "mainnet" | "testnet";
  /** The version of the chain-registry package the data was converted from, where it could be read. */
  readonly chain_registry_version?: string;
  /** Content hash of the overlay (src/registry/data/overlay.json) used to convert chain-registry data. */
  readonly overlay_hash?: string;
  /** Content hash of the metadata overrides layered over the data. */
  readonly overrides_hash?: string;
  /** Content hash of the swap venues that replaced the source's own. */
  readonly venues_hash?: string;
  /** When the dataset was compiled (ISO 8601), only when the compiler was given a time. */
  readonly compiled_at?: string;
  /** Content hash of the state snapshot applied (docs/behaviour.md "Live network state"). */
  readonly state_hash?: string;
  /** When that snapshot was made (ISO 8601). */
  readonly state_created_at?: string;
  /** Its oldest reading (ISO 8601): how stale the freshest picture may be. */
  readonly state_oldest_read_at?: string;
}

// The interface is what hovers and errors show; the schema checks data. Either changing alone fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type ProvenanceAgreesWithSchema = Assert<Same<Provenance, z.infer<typeof ProvenanceSchema>>>;

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
    registry.chains.map((c) => [c.chain_id, o(c.chain_name), o(c.pretty_name), c.chain_type, c.pfm_enabled, c.supports_memo, ...laterFlags(c), ...describedChain(c)]),
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
    notes.map((n) => [
      n.code, o(n.provider), o(n.chain_id), o(n.denom), o(n.counterparty_chain_id), o(n.counterparty_denom),
      // Only state notes have it: every other note hashes as before.
      ...(n.state === undefined ? [] : [[n.state.port, n.state.channel, n.state.fact, n.state.value, n.state.read_at, n.state.source, n.state.expires_at]]),
    ]),
    // Added later, hashed only where a registry names its hubs: data that does not keeps its version.
    ...(registry.bridge_hubs === undefined ? [] : [{ bridge_hubs: registry.bridge_hubs.map((h) => [h.bridge, h.chain_id]) }]),
    // Only where the registry carries its own (the chain-registry adapter writes them): the rules decide which hops exist.
    ...(registry.transfer_rules === undefined ? [] : [{ transfer_rules: registry.transfer_rules }]),
    // Only where a snapshot or an operator wrote refusals: they decide which hops exist, one direction at a time.
    ...(registry.transfer_refusals === undefined ? [] : [{ transfer_refusals: registry.transfer_refusals }]),
    [facts.predecessor, facts.arrival, facts.derived_end, facts.derived_origin, facts.unrouted, facts.shadowing],
  ];
}

/**
 * Flags added after the first release, written only where they say more than a dataset from
 * before them reads (no hooks, no autopilot, forwarding after a bridge as supports_memo), so
 * such a dataset keeps its data_version.
 */
function laterFlags(chain: Registry["chains"][number]): unknown[] {
  if (!chain.ibc_hooks && !chain.autopilot && chain.forwards_after_bridge === chain.supports_memo) return [];
  return [{ ibc_hooks: chain.ibc_hooks, autopilot: chain.autopilot, forwards_after_bridge: chain.forwards_after_bridge }];
}

/**
 * The chain fields added after the first release, hashed only where a chain has one: data that
 * uses none of them keeps the data_version it had (and a dataset written before them still loads).
 * No fee assets and an empty list are alike, as a dataset stores them. `explorer_tx_page`, added
 * later still, is a key only where a chain has one: a chain without it hashes as before it existed.
 */
function describedChain(chain: Registry["chains"][number]): unknown[] {
  const fees = (chain.fee_assets ?? []).map((f) => [f.denom, f.gas_price?.low ?? null, f.gas_price?.average ?? null, f.gas_price?.high ?? null]);
  const testnet = chain.is_testnet === true;
  const explorer = chain.explorer_tx_page === undefined ? {} : { explorer_tx_page: chain.explorer_tx_page };
  if (chain.bech32_prefix === undefined && chain.logo_uri === undefined && fees.length === 0 && !testnet && chain.explorer_tx_page === undefined) return [];
  return [{ bech32_prefix: chain.bech32_prefix ?? null, logo_uri: chain.logo_uri ?? null, fee_assets: fees, is_testnet: testnet, ...explorer }];
}
