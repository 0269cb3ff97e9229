/**
 * The shared case table of `explain`: library, CLI, HTTP and the page each answer every case.
 * Most cases run on fixtures/explain-registry.json (built so each reason code has one clear
 * cause); a few pin real mainnet facts. `checkExplain` returns the problems of an answer (empty
 * when it matches), so every surface reports alike.
 */
import type { ExplainRequest, ExplainResponse, ReasonCode } from "../../src/entries/explain.js";
import { verdictTitle } from "../../src/explain/verdict.js";

export const EXPLAIN_FIXTURE = "fixtures/explain-registry.json";

/** Denoms of the fixture, as its IBC hashes. */
export const FIXTURE_DENOMS = {
  hubOnAlpha: "ibc/8ABB4C90BA3B7AB14E7393B8F68A9FF439DB5E502A0E708B63CC3FB6F7EDE102",
  hubOnDelta: "ibc/4611281344278908C7E34C66B6D0D4784A1187F970DCC582D32D35A258D3D967",
  cwtOnHub: "ibc/6D7D438B7F1970C752E80BAE0093696D31D5B4EB4D4DE34C2385D8B5C2EEE8D2",
  mysteryOnBeta: "ibc/C209EA8584BA1B506234F78074E1FC98EA55ACD045E601035B3F96EFA2F0C80B",
} as const;

export const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";

export type PictureFormat = "mermaid" | "dot" | "svg";

export interface ExplainCase {
  name: string;
  router: "fixture" | "mainnet";
  request: ExplainRequest;
  reachable: boolean;
  /** The verdict the answer leads with, in `verdictTitle`'s words ("reachable if include_evm_assets is true"). */
  verdict?: string;
  /** Reason codes of the answer, in order. */
  codes: readonly ReasonCode[];
  /** Facts the first route must show: destination denom, hop labels (`IBC transfer/channel-0`, `AXELAR`), txs. */
  route?: { dest_denom: string; vias: readonly string[]; txs_required: number };
  /** How many routes a reachable answer has (MOST_LIQUID keeps one). */
  route_count?: number;
  /** Fields one reason (by code) must carry, compared as JSON subsets. */
  facts?: { code: ReasonCode; has: Record<string, unknown> }[];
  /** Picture formats to draw; each must name the chains (`pictureChains`) and show these labels. */
  pictures?: readonly PictureFormat[];
  /** Hop labels (`IBC transfer/channel-0`, `INACTIVE transfer/channel-2`) or reason codes every picture of the case shows. */
  picture_labels?: readonly string[];
}

const hub = (extra: Partial<ExplainRequest> & { dest_chain_id: string }): ExplainRequest => ({
  source_asset_chain_id: "hub-1",
  source_asset_denom: "uhub",
  ...extra,
});

export const EXPLAIN_CASES: readonly ExplainCase[] = [
  {
    name: "reachable over IBC",
    router: "fixture",
    request: hub({ dest_chain_id: "alpha-1" }),
    reachable: true,
    codes: [],
    route: { dest_denom: FIXTURE_DENOMS.hubOnAlpha, vias: ["IBC transfer/channel-0"], txs_required: 1 },
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["IBC transfer/channel-0"],
  },
  {
    name: "reachable over a bridge (EVM assets count with include_evm_assets)",
    router: "fixture",
    request: hub({ dest_chain_id: "8453", include_evm_assets: true }),
    reachable: true,
    codes: [],
    route: { dest_denom: "0x1111111111111111111111111111111111111111", vias: ["AXELAR"], txs_required: 1 },
    pictures: ["mermaid", "dot"],
    picture_labels: ["AXELAR"],
  },
  {
    name: "unknown chain by its chain_name",
    router: "fixture",
    request: { source_asset_chain_id: "hub", source_asset_denom: "uhub", dest_chain_id: "alpha-1" },
    reachable: false,
    codes: ["unknown_chain"],
    facts: [{ code: "unknown_chain", has: { chain_id: "hub", side: "source", suggestions: ["hub-1"] } }],
    pictures: ["mermaid", "dot"],
    picture_labels: ["unknown_chain"],
  },
  {
    name: "unknown destination chain by its chain_name",
    router: "fixture",
    request: hub({ dest_chain_id: "alpha" }),
    reachable: false,
    codes: ["unknown_chain"],
    facts: [{ code: "unknown_chain", has: { chain_id: "alpha", side: "dest", suggestions: ["alpha-1"] } }],
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["unknown_chain"],
  },
  {
    name: "unknown asset given by its symbol",
    router: "fixture",
    request: { source_asset_chain_id: "alpha-1", source_asset_denom: "HUB", dest_chain_id: "hub-1" },
    reachable: false,
    codes: ["unknown_asset"],
    facts: [{ code: "unknown_asset", has: { chain_id: "alpha-1", suggestions: [{ denom: FIXTURE_DENOMS.hubOnAlpha, symbol: "HUB" }] } }],
  },
  {
    name: "an ibc/ denom in lower case is the same asset",
    router: "fixture",
    request: { source_asset_chain_id: "alpha-1", source_asset_denom: FIXTURE_DENOMS.hubOnAlpha.toLowerCase(), dest_chain_id: "hub-1" },
    reachable: true,
    codes: [],
    route: { dest_denom: "uhub", vias: ["IBC transfer/channel-0"], txs_required: 1 },
  },
  {
    name: "same chain",
    router: "fixture",
    request: hub({ dest_chain_id: "hub-1" }),
    reachable: false,
    codes: ["same_chain"],
  },
  {
    name: "no path: chains not connected, and the registry's bridge is not routed",
    router: "fixture",
    request: hub({ dest_chain_id: "island-1" }),
    reachable: false,
    codes: ["no_path", "bridge_not_routed"],
    facts: [
      { code: "no_path", has: { chain_path: null } },
      { code: "bridge_not_routed", has: { provider: "Wormhole", chain_id: "island-1", denom: "uwhhub" } },
    ],
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["no_path", "bridge_not_routed"],
  },
  {
    name: "only path over an INACTIVE channel",
    router: "fixture",
    request: hub({ dest_chain_id: "gamma-1" }),
    reachable: false,
    codes: ["inactive_channel"],
    facts: [
      {
        code: "inactive_channel",
        has: { chain_id: "hub-1", port: "transfer", channel: "channel-2", counterparty_chain_id: "gamma-1", status: "INACTIVE", path: ["hub-1", "gamma-1"] },
      },
    ],
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["INACTIVE transfer/channel-2"],
  },
  {
    name: "only path over a channel of UNKNOWN status: no voucher is derived over it",
    router: "fixture",
    request: hub({ dest_chain_id: "epsilon-1" }),
    reachable: false,
    codes: ["inactive_channel"],
    facts: [
      {
        code: "inactive_channel",
        has: { chain_id: "hub-1", port: "transfer", channel: "channel-6", counterparty_chain_id: "epsilon-1", status: "UNKNOWN", path: ["hub-1", "epsilon-1"] },
      },
    ],
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["UNKNOWN transfer/channel-6"],
  },
  {
    name: "an INACTIVE channel, and behind it a chain without PFM: both named",
    router: "fixture",
    request: hub({ dest_chain_id: "zeta-1" }),
    reachable: false,
    codes: ["inactive_channel", "needs_multiple_txs"],
    facts: [
      { code: "inactive_channel", has: { chain_id: "hub-1", channel: "channel-2", status: "INACTIVE", path: ["hub-1", "gamma-1", "zeta-1"] } },
      { code: "needs_multiple_txs", has: { txs_required: 2, chain_id: "gamma-1", chain_ids: ["gamma-1"], missing: "pfm" } },
    ],
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["INACTIVE transfer/channel-2", "IBC transfer/channel-1 (new tx)"],
  },
  {
    name: "the same with allow_multi_tx: only the INACTIVE channel",
    router: "fixture",
    request: hub({ dest_chain_id: "zeta-1", allow_multi_tx: true }),
    reachable: false,
    codes: ["inactive_channel"],
    facts: [{ code: "inactive_channel", has: { channel: "channel-2", status: "INACTIVE" } }],
  },
  {
    name: "needs two transactions: alpha-1 has no PFM",
    router: "fixture",
    request: hub({ dest_chain_id: "delta-1" }),
    reachable: false,
    codes: ["needs_multiple_txs"],
    facts: [{ code: "needs_multiple_txs", has: { txs_required: 2, chain_id: "alpha-1", chain_ids: ["alpha-1"], missing: "pfm" } }],
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["IBC transfer/channel-0", "IBC transfer/channel-1 (new tx)"],
  },
  {
    name: "every broken rule: two transactions and native_only",
    router: "fixture",
    request: hub({ dest_chain_id: "delta-1", native_only: true }),
    reachable: false,
    codes: ["needs_multiple_txs", "filtered_out"],
    facts: [
      { code: "needs_multiple_txs", has: { chain_id: "alpha-1", missing: "pfm" } },
      { code: "filtered_out", has: { filter: "native_only", assets: [{ chain_id: "delta-1", denom: FIXTURE_DENOMS.hubOnDelta }] } },
    ],
  },
  {
    name: "filtered out: recommendation_reason DIRECT keeps one-hop routes only",
    router: "fixture",
    request: hub({ dest_chain_id: "delta-1", allow_multi_tx: true, recommendation_reason: "DIRECT" }),
    reachable: false,
    codes: ["filtered_out"],
    facts: [{ code: "filtered_out", has: { filter: "recommendation_reason", assets: [{ chain_id: "delta-1", denom: FIXTURE_DENOMS.hubOnDelta }] } }],
  },
  {
    name: "recommendation_reason DIRECT admits a one-hop route",
    router: "fixture",
    request: hub({ dest_chain_id: "alpha-1", recommendation_reason: "DIRECT" }),
    reachable: true,
    codes: [],
    route: { dest_denom: FIXTURE_DENOMS.hubOnAlpha, vias: ["IBC transfer/channel-0"], txs_required: 1 },
    route_count: 1,
  },
  {
    name: "recommendation_reason MOST_LIQUID keeps the listed version",
    router: "fixture",
    request: hub({ dest_chain_id: "alpha-1", recommendation_reason: "MOST_LIQUID" }),
    reachable: true,
    codes: [],
    route: { dest_denom: FIXTURE_DENOMS.hubOnAlpha, vias: ["IBC transfer/channel-0"], txs_required: 1 },
    route_count: 1,
  },
  {
    name: "allow_multi_tx accepts the two-transaction route",
    router: "fixture",
    request: hub({ dest_chain_id: "delta-1", allow_multi_tx: true }),
    reachable: true,
    codes: [],
    route: { dest_denom: FIXTURE_DENOMS.hubOnDelta, vias: ["IBC transfer/channel-0", "IBC transfer/channel-1"], txs_required: 2 },
  },
  {
    name: "filtered out: CW20",
    router: "fixture",
    request: { source_asset_chain_id: "hub-1", source_asset_denom: FIXTURE_DENOMS.cwtOnHub, dest_chain_id: "alpha-1" },
    reachable: false,
    codes: ["filtered_out"],
    facts: [{ code: "filtered_out", has: { filter: "include_cw20_assets", assets: [{ chain_id: "alpha-1", denom: "cw20:alpha1cwt" }] } }],
  },
  {
    name: "include_cw20_assets admits it",
    router: "fixture",
    request: { source_asset_chain_id: "hub-1", source_asset_denom: FIXTURE_DENOMS.cwtOnHub, dest_chain_id: "alpha-1", include_cw20_assets: true },
    reachable: true,
    codes: [],
    route: { dest_denom: "cw20:alpha1cwt", vias: ["IBC transfer/channel-5"], txs_required: 1 },
  },
  {
    name: "filtered out: EVM (the default, as in assets_between_chains)",
    router: "fixture",
    request: hub({ dest_chain_id: "8453" }),
    reachable: false,
    codes: ["filtered_out"],
    facts: [{ code: "filtered_out", has: { filter: "include_evm_assets", assets: [{ chain_id: "8453", denom: "0x1111111111111111111111111111111111111111" }] } }],
  },
  {
    name: "filtered out: no metadata (the default, as in assets_between_chains)",
    router: "fixture",
    request: { source_asset_chain_id: "beta-1", source_asset_denom: "ubeta", dest_chain_id: "hub-1" },
    reachable: false,
    codes: ["filtered_out"],
    facts: [{ code: "filtered_out", has: { filter: "include_no_metadata_assets" } }],
  },
  {
    name: "filtered out: native_only",
    router: "fixture",
    request: hub({ dest_chain_id: "alpha-1", native_only: true }),
    reachable: false,
    codes: ["filtered_out"],
    facts: [{ code: "filtered_out", has: { filter: "native_only", assets: [{ chain_id: "alpha-1", denom: FIXTURE_DENOMS.hubOnAlpha }] } }],
  },
  {
    name: "filtered out: recommendation_reason BASE_TOKEN",
    router: "fixture",
    request: hub({ dest_chain_id: "alpha-1", recommendation_reason: "BASE_TOKEN" }),
    reachable: false,
    codes: ["filtered_out"],
    facts: [{ code: "filtered_out", has: { filter: "recommendation_reason" } }],
  },
  {
    name: "another destination asset: filtered by dest_asset_denom, and no path to it",
    router: "fixture",
    request: hub({ dest_chain_id: "alpha-1", dest_asset_denom: "ualpha" }),
    reachable: false,
    codes: ["filtered_out", "no_path"],
    facts: [
      { code: "filtered_out", has: { filter: "dest_asset_denom", assets: [{ chain_id: "alpha-1", denom: FIXTURE_DENOMS.hubOnAlpha }] } },
      { code: "no_path", has: { chain_path: ["hub-1", "alpha-1"] } },
    ],
  },
  {
    name: "destination asset not on the chain",
    router: "fixture",
    request: hub({ dest_chain_id: "alpha-1", dest_asset_denom: "ualhpa" }),
    reachable: false,
    codes: ["dest_asset_not_on_chain"],
    facts: [{ code: "dest_asset_not_on_chain", has: { chain_id: "alpha-1", denom: "ualhpa", suggestions: [{ denom: "ualpha", symbol: "ALPHA" }] } }],
  },
  {
    name: "origin unresolved in the registry",
    router: "fixture",
    request: { source_asset_chain_id: "beta-1", source_asset_denom: FIXTURE_DENOMS.mysteryOnBeta, dest_chain_id: "hub-1" },
    reachable: false,
    codes: ["no_path", "origin_unresolved"],
    facts: [{ code: "origin_unresolved", has: { chain_id: "beta-1", denom: FIXTURE_DENOMS.mysteryOnBeta } }],
  },
  // Real mainnet facts (the embedded chain registry).
  {
    name: "mainnet: ATOM to Osmosis over channel-141",
    router: "mainnet",
    request: { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "osmosis-1" },
    reachable: true,
    codes: [],
    route: { dest_denom: ATOM_ON_OSMOSIS, vias: ["IBC transfer/channel-141"], txs_required: 1 },
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["IBC transfer/channel-141"],
  },
  {
    name: "mainnet: ATOM to Osmosis, MOST_LIQUID keeps one",
    router: "mainnet",
    request: { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "osmosis-1", recommendation_reason: "MOST_LIQUID" },
    reachable: true,
    codes: [],
    route: { dest_denom: ATOM_ON_OSMOSIS, vias: ["IBC transfer/channel-141"], txs_required: 1 },
    route_count: 1,
  },
  {
    name: "mainnet: ATOM to Akash: the only channel's status is UNKNOWN",
    router: "mainnet",
    request: { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "akashnet-2" },
    reachable: false,
    codes: ["inactive_channel"],
    facts: [{ code: "inactive_channel", has: { chain_id: "cosmoshub-4", port: "transfer", channel: "channel-184", counterparty_chain_id: "akashnet-2", status: "UNKNOWN" } }],
    pictures: ["mermaid", "dot"],
    picture_labels: ["UNKNOWN transfer/channel-184"],
  },
  {
    // celestiaorg/celestia-app x/tokenfilter: only tokens returning home arrive (src/registry/data/transfer-rules.json).
    name: "mainnet: ATOM to Celestia: its token filter takes only TIA home",
    router: "mainnet",
    request: { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "celestia" },
    reachable: false,
    codes: ["chain_refuses_token"],
    facts: [{ code: "chain_refuses_token", has: { chain_id: "celestia", rule: "inbound_returning_only" } }],
  },
  {
    name: "mainnet: PEAKA to Sei over an INACTIVE channel",
    router: "mainnet",
    request: { source_asset_chain_id: "vota-ash", source_asset_denom: "peaka", dest_chain_id: "pacific-1" },
    reachable: false,
    codes: ["inactive_channel"],
    facts: [{ code: "inactive_channel", has: { chain_id: "vota-ash", port: "transfer", channel: "channel-12", counterparty_chain_id: "pacific-1", status: "INACTIVE" } }],
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["INACTIVE transfer/channel-12"],
  },
  {
    name: "mainnet: DORA from the Hub to Sei: an INACTIVE channel, and vota-ash has no PFM",
    router: "mainnet",
    request: { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "ibc/AB556501A8873E00928AD9A75245D6178747111913D292ABB269D268950CB8B7", dest_chain_id: "pacific-1" },
    reachable: false,
    codes: ["inactive_channel", "needs_multiple_txs"],
    facts: [
      { code: "inactive_channel", has: { chain_id: "vota-ash", channel: "channel-12", status: "INACTIVE", path: ["cosmoshub-4", "vota-ash", "pacific-1"] } },
      { code: "needs_multiple_txs", has: { chain_id: "vota-ash", chain_ids: ["vota-ash"], missing: "pfm" } },
    ],
    pictures: ["mermaid", "dot"],
    picture_labels: ["INACTIVE transfer/channel-12"],
  },
  {
    name: "mainnet: USDC from Axelar to Optimism needs two transactions: Ethereum does not forward by memo",
    router: "mainnet",
    request: { source_asset_chain_id: "axelar-dojo-1", source_asset_denom: "uusdc", dest_chain_id: "10", include_evm_assets: true },
    reachable: false,
    codes: ["needs_multiple_txs"],
    facts: [{ code: "needs_multiple_txs", has: { txs_required: 2, chain_id: "1", chain_ids: ["1"], missing: "forwards_after_bridge" } }],
    pictures: ["mermaid", "dot", "svg"],
    picture_labels: ["AXELAR", "CCTP (new tx)"],
  },
  {
    // CCTP to Ethereum, then one Axelar transfer Ethereum -> axelar-dojo-1 -> Moonbeam (no tx at axelar-dojo-1).
    name: "mainnet: USDC from Noble to Moonbeam: two transactions, and EVM assets excluded",
    router: "mainnet",
    request: { source_asset_chain_id: "noble-1", source_asset_denom: "uusdc", dest_chain_id: "1284", include_evm_assets: false },
    reachable: false,
    verdict: "reachable if allow_multi_tx is true and include_evm_assets is true",
    codes: ["needs_multiple_txs", "filtered_out"],
    facts: [
      { code: "needs_multiple_txs", has: { txs_required: 2, chain_id: "1", chain_ids: ["1"], missing: "forwards_after_bridge" } },
      { code: "filtered_out", has: { filter: "include_evm_assets" } },
    ],
  },
  {
    name: "mainnet: USDC from Noble to Ethereum over CCTP: reachable if include_evm_assets",
    router: "mainnet",
    request: { source_asset_chain_id: "noble-1", source_asset_denom: "uusdc", dest_chain_id: "1" },
    reachable: false,
    verdict: "reachable if include_evm_assets is true",
    codes: ["filtered_out"],
    facts: [{ code: "filtered_out", has: { filter: "include_evm_assets" } }],
  },
  {
    name: "mainnet: PICA to Ethereum: the channels run over a bridge light client",
    router: "mainnet",
    request: { source_asset_chain_id: "centauri-1", source_asset_denom: "ppica", dest_chain_id: "1" },
    reachable: false,
    codes: ["no_path", "bridge_not_routed"],
    facts: [{ code: "bridge_not_routed", has: { provider: "ibc-light-client", chain_id: "1" } }],
    pictures: ["mermaid"],
    picture_labels: ["no_path", "bridge_not_routed"],
  },
  {
    name: "mainnet: cosmoshub means cosmoshub-4",
    router: "mainnet",
    request: { source_asset_chain_id: "cosmoshub", source_asset_denom: "uatom", dest_chain_id: "osmosis-1" },
    reachable: false,
    codes: ["unknown_chain"],
    facts: [{ code: "unknown_chain", has: { chain_id: "cosmoshub", suggestions: ["cosmoshub-4"] } }],
  },
  {
    name: "mainnet: ATOM on osmosis-1 means its IBC denom",
    router: "mainnet",
    request: { source_asset_chain_id: "osmosis-1", source_asset_denom: "ATOM", dest_chain_id: "cosmoshub-4" },
    reachable: false,
    codes: ["unknown_asset"],
    facts: [{ code: "unknown_asset", has: { chain_id: "osmosis-1", denom: "ATOM" } }],
  },
];

/** Problems of `response` against `testCase`; empty when it matches. */
export function checkExplain(testCase: ExplainCase, response: ExplainResponse): string[] {
  const problems: string[] = [];
  if (response.reachable !== testCase.reachable) problems.push(`reachable is ${response.reachable}, expected ${testCase.reachable}`);
  const codes = response.reasons.map((reason) => reason.code);
  if (JSON.stringify(codes) !== JSON.stringify(testCase.codes)) problems.push(`reason codes ${JSON.stringify(codes)}, expected ${JSON.stringify(testCase.codes)}`);
  if (testCase.reachable !== response.routes.length > 0) problems.push(`${response.routes.length} routes for reachable=${testCase.reachable}`);
  if (testCase.route_count !== undefined && response.routes.length !== testCase.route_count) problems.push(`${response.routes.length} routes, expected ${testCase.route_count}`);
  for (const reason of response.reasons) if (reason.message.trim() === "") problems.push(`${reason.code} has no message`);
  if (testCase.route !== undefined) {
    const route = response.routes[0];
    const vias = route?.hops.map((hop) => (hop.kind === "ibc" ? `IBC ${hop.port}/${hop.channel}` : hop.kind === "bridge" ? hop.bridge : `swap on ${hop.venue}`));
    const got = route && { dest_denom: route.to.denom, vias, txs_required: route.txs_required };
    if (JSON.stringify(got) !== JSON.stringify(testCase.route)) problems.push(`first route ${JSON.stringify(got)}, expected ${JSON.stringify(testCase.route)}`);
  }
  for (const fact of testCase.facts ?? []) {
    const reason = response.reasons.find((r) => r.code === fact.code) as Record<string, unknown> | undefined;
    if (reason === undefined) continue; // the code check above already reports it
    for (const [key, value] of Object.entries(fact.has)) {
      if (!isSubset(value, reason[key])) problems.push(`${fact.code}.${key} is ${JSON.stringify(reason[key])}, expected ${JSON.stringify(value)}`);
    }
  }
  if (response.dest_chain_id !== testCase.request.dest_chain_id) problems.push(`dest_chain_id is ${response.dest_chain_id}`);
  if ((response.verdict.kind === "reachable") !== response.reachable) problems.push(`verdict ${response.verdict.kind} with reachable=${response.reachable}`);
  if (testCase.verdict !== undefined && verdictTitle(response.verdict) !== testCase.verdict) problems.push(`verdict "${verdictTitle(response.verdict)}", expected "${testCase.verdict}"`);
  if (Object.keys(response)[0] !== "verdict") problems.push("the answer does not lead with its verdict");
  return problems;
}

/** `expected` is contained in `actual`: equal scalars, objects by their expected keys, arrays item by item (prefix). */
function isSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.every((item, i) => isSubset(item, actual[i]));
  }
  if (expected !== null && typeof expected === "object") {
    return actual !== null && typeof actual === "object" && Object.entries(expected).every(([k, v]) => isSubset(v, (actual as Record<string, unknown>)[k]));
  }
  return Object.is(expected, actual);
}

/** Chain ids a picture of the case must name: the destination, and the source unless it is unknown. */
export function pictureChains(testCase: ExplainCase): string[] {
  const sourceUnknown = testCase.facts?.some((fact) => fact.code === "unknown_chain" && fact.has.side === "source") ?? false;
  return sourceUnknown ? [testCase.request.dest_chain_id] : [testCase.request.source_asset_chain_id, testCase.request.dest_chain_id];
}

/** The cases with pictures, one row per (case, format). */
export function pictureRows(cases: readonly ExplainCase[] = EXPLAIN_CASES): [string, ExplainCase, PictureFormat][] {
  return cases.flatMap((c) => (c.pictures ?? []).map((format) => [`${c.name} as ${format}`, c, format] as [string, ExplainCase, PictureFormat]));
}

/** The text of a picture: SVG's <text> elements with entities decoded, one per line; other formats as they are. */
export function pictureText(format: PictureFormat, text: string): string {
  if (format !== "svg") return text;
  const entity = (s: string) =>
    s
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  return [...text.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => entity(m[1]!)).join("\n");
}

/** Problems of a picture of the case in `format`; empty when it has the format's shape, the chains and the labels. */
export function checkPicture(testCase: ExplainCase, format: PictureFormat, text: string): string[] {
  const problems: string[] = [];
  if (format === "mermaid" && !/^flowchart LR\n/.test(text)) problems.push("not a Mermaid flowchart");
  if (format === "dot" && !/^digraph \w+ \{\n[\s\S]*\}\n?$/.test(text)) problems.push("not a DOT digraph");
  if (format === "svg" && !/<svg[\s\S]*<\/svg>/.test(text)) problems.push("not an SVG");
  const shown = pictureText(format, text);
  for (const want of [...pictureChains(testCase), ...(testCase.picture_labels ?? [])]) {
    if (!shown.includes(want)) problems.push(`${format} does not show ${JSON.stringify(want)}`);
  }
  return problems;
}

/** The `fungible-graph why` arguments of a case (graph options not included). */
export function whyArgs(testCase: ExplainCase): string[] {
  const r = testCase.request;
  const args = [`${r.source_asset_chain_id}:${r.source_asset_denom}`, r.dest_asset_denom ? `${r.dest_chain_id}:${r.dest_asset_denom}` : r.dest_chain_id];
  if (r.allow_multi_tx) args.push("--allow-multi-tx");
  if (r.include_cw20_assets) args.push("--include-cw20-assets");
  if (r.include_evm_assets) args.push("--include-evm-assets");
  if (r.include_no_metadata_assets) args.push("--include-no-metadata-assets");
  if (r.native_only) args.push("--native-only");
  if (r.recommendation_reason) args.push("--recommendation-reason", r.recommendation_reason);
  if (r.include_swaps) args.push("--include-swaps");
  for (const venue of r.swap_venues ?? []) args.push("--swap-venue", `${venue.chain_id}:${venue.name}`);
  return args;
}

/**
 * The few cases the HTTP, CLI and page tests ask through their surface, to prove each is wired to
 * the library's explain: reachable over IBC and over a bridge, an unknown chain and an unknown
 * asset with their suggestions, a destination denom not on the chain, an INACTIVE channel with a
 * multi-transaction route behind it, several reasons at once, and the shipped mainnet data. The
 * whole table runs once, on the library (library.test.ts).
 */
export const WIRING_CASE_NAMES = [
  "reachable over IBC",
  "reachable over a bridge (EVM assets count with include_evm_assets)",
  "unknown chain by its chain_name",
  "unknown asset given by its symbol",
  "destination asset not on the chain",
  "an INACTIVE channel, and behind it a chain without PFM: both named",
  "every broken rule: two transactions and native_only",
  "mainnet: ATOM to Osmosis over channel-141",
  "mainnet: cosmoshub means cosmoshub-4",
  "mainnet: USDC from Noble to Ethereum over CCTP: reachable if include_evm_assets",
] as const;

export function wiringCases(): ExplainCase[] {
  return WIRING_CASE_NAMES.map((name) => {
    const found = EXPLAIN_CASES.find((testCase) => testCase.name === name);
    if (found === undefined) throw new Error(`no explain case "${name}"`);
    return found;
  });
}
