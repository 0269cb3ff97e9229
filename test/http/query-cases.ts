/**
 * One table of (request, expected) cases, run against every surface (STYLE.md #6): the library
 * call, the HTTP handler and the built CLI. Each surface must give the same answer: the same
 * body on success, the same error kind otherwise. All cases use fixtures/http-registry.json.
 */
import type { FungibleErrorCode } from "../../src/index.js";
import {
  ASTRO_CW20,
  ATOM_ON_NEUTRON_VIA_OSMOSIS,
  ATOM_ON_OSMOSIS,
  AXL_USDC_ON_OSMOSIS,
  USDC_ON_ETHEREUM,
} from "./fixture.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

export type Operation = "assetsFromSource" | "assetsBetweenChains";

interface Success {
  status: 200;
  /** Per destination chain (assets_from_source) or per pair (between): the denoms expected, in order. */
  expect: Record<string, string[]> | [string, string, number, string[]][];
}

interface Failure {
  status: 400 | 404;
  code: FungibleErrorCode;
  /** A piece of the message: it must say who and what. */
  says: string;
}

export type QueryCase = { name: string; op: Operation; request: unknown } & (Success | Failure);

const ASTRO_ON_OSMOSIS = oracleIbcDenom("transfer/channel-341", ASTRO_CW20);
/** OSMO as a derived voucher: it arrives over the receiving chain's end of the channel. */
const osmoVia = (trace: string) => oracleIbcDenom(trace, "uosmo");
const atom = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" };
const atomOnOsmosis = { source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: "osmosis-1" };
const hubToOsmosis = { source_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" };

export const QUERY_CASES: QueryCase[] = [
  // assets_from_source: results and filters
  {
    name: "ATOM from the Hub: one transaction reaches Osmosis and the two test chains",
    op: "assetsFromSource",
    request: atom,
    status: 200,
    expect: { ["__proto__"]: [ATOM_ON_OSMOSIS], constructor: [ATOM_ON_OSMOSIS], "osmosis-1": [ATOM_ON_OSMOSIS] },
  },
  {
    name: "allow_multi_tx adds the voucher listed on Neutron via Osmosis (2 transactions)",
    op: "assetsFromSource",
    request: { ...atom, allow_multi_tx: true },
    status: 200,
    expect: {
      ["__proto__"]: [ATOM_ON_OSMOSIS],
      constructor: [ATOM_ON_OSMOSIS],
      "neutron-1": [ATOM_ON_NEUTRON_VIA_OSMOSIS],
      "osmosis-1": [ATOM_ON_OSMOSIS],
    },
  },
  {
    name: "DIRECT keeps one-hop assets only, even with allow_multi_tx",
    op: "assetsFromSource",
    request: { ...atom, allow_multi_tx: true, recommendation_reason: "DIRECT" },
    status: 200,
    expect: { ["__proto__"]: [ATOM_ON_OSMOSIS], constructor: [ATOM_ON_OSMOSIS], "osmosis-1": [ATOM_ON_OSMOSIS] },
  },
  {
    name: "BASE_TOKEN from a voucher gives its origin",
    op: "assetsFromSource",
    request: { ...atomOnOsmosis, recommendation_reason: "BASE_TOKEN" },
    status: 200,
    expect: { "cosmoshub-4": ["uatom"] },
  },
  {
    name: "native_only leaves no chain when every reachable asset is a voucher",
    op: "assetsFromSource",
    request: { ...atom, native_only: true },
    status: 200,
    expect: {},
  },
  {
    name: "native_only from a voucher keeps the origin",
    op: "assetsFromSource",
    request: { ...atomOnOsmosis, native_only: true },
    status: 200,
    expect: { "cosmoshub-4": ["uatom"] },
  },
  {
    name: "a CW20 destination is left out by default",
    op: "assetsFromSource",
    request: { source_asset_denom: ASTRO_ON_OSMOSIS, source_asset_chain_id: "osmosis-1" },
    status: 200,
    expect: {},
  },
  {
    name: "include_cw20_assets brings the CW20 back",
    op: "assetsFromSource",
    request: { source_asset_denom: ASTRO_ON_OSMOSIS, source_asset_chain_id: "osmosis-1", include_cw20_assets: true },
    status: 200,
    expect: { "phoenix-1": [ASTRO_CW20] },
  },
  {
    name: "a chain id that is an object key works as a source",
    op: "assetsFromSource",
    request: { source_asset_denom: "uproto", source_asset_chain_id: "__proto__" },
    status: 200,
    expect: { "cosmoshub-4": [oracleIbcDenom("transfer/channel-9001", "uproto")] },
  },
  {
    name: "group_by chain_id and null fields are the defaults; unknown fields are ignored",
    op: "assetsFromSource",
    request: { ...atom, group_by: "chain_id", allow_multi_tx: null, recommendation_reason: null, client_id: "skip-api-docs" },
    status: 200,
    expect: { ["__proto__"]: [ATOM_ON_OSMOSIS], constructor: [ATOM_ON_OSMOSIS], "osmosis-1": [ATOM_ON_OSMOSIS] },
  },
  {
    name: "include_swaps lets OSMO swap into ATOM on Osmosis and go home",
    op: "assetsFromSource",
    request: { source_asset_denom: "uosmo", source_asset_chain_id: "osmosis-1", include_swaps: true, swap_venues: [{ name: "osmosis-poolmanager", chain_id: "osmosis-1", logo_uri: "x" }] },
    status: 200,
    expect: {
      ["__proto__"]: [ATOM_ON_OSMOSIS],
      // Swapped into axlUSDC, back to axelar-dojo-1 and over AXELAR: one Axelar transfer, one transaction.
      "1": [USDC_ON_ETHEREUM],
      "axelar-dojo-1": ["uusdc", osmoVia("transfer/channel-3")],
      constructor: [ATOM_ON_OSMOSIS],
      "cosmoshub-4": ["uatom", osmoVia("transfer/channel-141")],
      "neutron-1": [ATOM_ON_NEUTRON_VIA_OSMOSIS, osmoVia("transfer/channel-10")],
      "osmosis-1": [ATOM_ON_OSMOSIS, AXL_USDC_ON_OSMOSIS],
      "phoenix-1": [osmoVia("transfer/channel-1")],
    },
  },
  // assets_from_source: errors
  { name: "unknown chain", op: "assetsFromSource", request: { ...atom, source_asset_chain_id: "nowhere-9" }, status: 404, code: "unknown_chain", says: '"nowhere-9"' },
  { name: "unknown denom", op: "assetsFromSource", request: { ...atom, source_asset_denom: "ufake" }, status: 404, code: "unknown_asset", says: '"ufake"' },
  { name: "missing denom", op: "assetsFromSource", request: { source_asset_chain_id: "cosmoshub-4" }, status: 400, code: "invalid_request", says: "source_asset_denom" },
  { name: "empty chain id", op: "assetsFromSource", request: { ...atom, source_asset_chain_id: "" }, status: 400, code: "invalid_request", says: "source_asset_chain_id" },
  { name: "flag of the wrong type", op: "assetsFromSource", request: { ...atom, allow_multi_tx: "yes" }, status: 400, code: "invalid_request", says: "allow_multi_tx" },
  { name: "bad recommendation_reason", op: "assetsFromSource", request: { ...atom, recommendation_reason: "CHEAPEST" }, status: 400, code: "invalid_request", says: "recommendation_reason" },
  { name: "unsupported group_by", op: "assetsFromSource", request: { ...atom, group_by: "denom" }, status: 400, code: "invalid_request", says: "group_by" },
  { name: "swap venue without chain_id", op: "assetsFromSource", request: { ...atom, include_swaps: true, swap_venues: [{ name: "x" }] }, status: 400, code: "invalid_request", says: "swap_venues" },
  { name: "swap_venues is ignored, unchecked, without include_swaps", op: "assetsFromSource", request: { ...atom, swap_venues: [{ name: "x" }] }, status: 200, expect: { ["__proto__"]: [ATOM_ON_OSMOSIS], constructor: [ATOM_ON_OSMOSIS], "osmosis-1": [ATOM_ON_OSMOSIS] } },
  { name: "a body that is a list", op: "assetsFromSource", request: [atom], status: 400, code: "invalid_request", says: "JSON object" },
  { name: "a body that is null", op: "assetsFromSource", request: null, status: 400, code: "invalid_request", says: "JSON object" },
  // assets_between_chains
  {
    name: "Hub to Osmosis: ATOM over IBC in one transaction",
    op: "assetsBetweenChains",
    request: hubToOsmosis,
    status: 200,
    expect: [["uatom", ATOM_ON_OSMOSIS, 1, ["IBC"]]],
  },
  {
    name: "assets without metadata are left out by default",
    op: "assetsBetweenChains",
    request: { source_chain_id: "cosmoshub-4", dest_chain_id: "__proto__" },
    status: 200,
    expect: [],
  },
  {
    name: "include_no_metadata_assets: derived vouchers on the source chain are sources too",
    op: "assetsBetweenChains",
    request: { source_chain_id: "cosmoshub-4", dest_chain_id: "__proto__", include_no_metadata_assets: true },
    status: 200,
    // PROTO's derived voucher on the Hub (transfer/channel-9001/uproto, hash computed with node:crypto) goes home in one IBC hop.
    expect: [
      ["uatom", ATOM_ON_OSMOSIS, 1, ["IBC"]],
      ["ibc/ECCA327E2409C5D0EA15BADD6C5DDA4992D6A65C9D76559AA9EE89DE69DD8B8F", "uproto", 1, ["IBC"]],
    ],
  },
  {
    name: "without include_no_metadata_assets no derived voucher is a source",
    op: "assetsBetweenChains",
    request: { source_chain_id: "cosmoshub-4", dest_chain_id: "__proto__", include_no_metadata_assets: false },
    status: 200,
    expect: [],
  },
  {
    name: "EVM assets are left out by default",
    op: "assetsBetweenChains",
    request: { source_chain_id: "1", dest_chain_id: "osmosis-1", allow_multi_tx: true },
    status: 200,
    expect: [],
  },
  {
    name: "Ethereum USDC reaches Osmosis in one Axelar transfer (AXELAR, then its IBC delivery)",
    op: "assetsBetweenChains",
    request: { source_chain_id: "1", dest_chain_id: "osmosis-1", include_evm_assets: true },
    status: 200,
    expect: [[USDC_ON_ETHEREUM, AXL_USDC_ON_OSMOSIS, 1, ["AXELAR"]]],
  },
  {
    name: "allow_multi_tx keeps the one-transaction Axelar pair over Noble USDC's two",
    op: "assetsBetweenChains",
    request: { source_chain_id: "1", dest_chain_id: "osmosis-1", include_evm_assets: true, allow_multi_tx: true },
    status: 200,
    expect: [[USDC_ON_ETHEREUM, AXL_USDC_ON_OSMOSIS, 1, ["AXELAR"]]],
  },
  { name: "same source and destination", op: "assetsBetweenChains", request: { source_chain_id: "osmosis-1", dest_chain_id: "osmosis-1" }, status: 400, code: "invalid_request", says: "differ" },
  { name: "missing destination", op: "assetsBetweenChains", request: { source_chain_id: "osmosis-1" }, status: 400, code: "invalid_request", says: "dest_chain_id" },
  { name: "unknown destination", op: "assetsBetweenChains", request: { ...hubToOsmosis, dest_chain_id: "nowhere-9" }, status: 404, code: "unknown_chain", says: '"nowhere-9"' },
  { name: "between: flag of the wrong type", op: "assetsBetweenChains", request: { ...hubToOsmosis, include_cw20_assets: 1 }, status: 400, code: "invalid_request", says: "include_cw20_assets" },
];

/** The denoms of a response in the shape `expect` uses, to compare with one toEqual. */
export function summarize(op: Operation, body: unknown): Success["expect"] {
  if (op === "assetsFromSource") {
    const groups = (body as { dest_assets: Record<string, { assets: { denom: string }[] }> }).dest_assets;
    const out: Record<string, string[]> = {};
    for (const chainId of Object.keys(groups)) {
      Object.defineProperty(out, chainId, { value: groups[chainId]!.assets.map((a) => a.denom), enumerable: true });
    }
    return out;
  }
  const pairs = (body as { assets_between_chains: { asset_on_source: { denom: string }; asset_on_dest: { denom: string }; txs_required: number; bridges: string[] }[] }).assets_between_chains;
  return pairs.map((p): [string, string, number, string[]] => [p.asset_on_source.denom, p.asset_on_dest.denom, p.txs_required, p.bridges]);
}

/** The expected table, with chain ids such as `__proto__` kept as own keys. */
export function expected(test: Success): Success["expect"] {
  if (Array.isArray(test.expect)) return test.expect;
  const out: Record<string, string[]> = {};
  for (const chainId of Object.keys(test.expect)) {
    Object.defineProperty(out, chainId, { value: test.expect[chainId], enumerable: true });
  }
  return out;
}
