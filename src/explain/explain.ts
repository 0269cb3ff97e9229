/**
 * explain: does a source asset reach a destination chain under a request's filters, and if not,
 * why. One best-route search from the source gives every destination asset it reaches; each is
 * kept, or removed by the first rule it breaks (several transactions, then each filter). When
 * nothing on the chain is reached at all, the diagnostic graph (every channel counted) names the
 * INACTIVE channel on the nearest path, or says the chains are not connected for this asset.
 */
import type { AssetRecord } from "../model/model.js";
import { suggestChainIds, suggestDenoms, ibcDenomIgnoringCase } from "../model/suggest.js";
import { searchBestRoutes, sourceLabel, type RouteLabel } from "../query/best-routes.js";
import { swapHops, type Engine } from "../query/engine.js";
import { findRoute } from "../query/route.js";
import { assetKey } from "../registry/schema.js";
import { parseRequest } from "../wire/schema.js";
import {
  ExplainRequestSchema,
  type ExplainOptions,
  type ExplainRequest,
  type ExplainResponse,
  type FilterName,
  type Reason,
} from "../wire/explain.js";
import type { Route } from "../wire/route.js";
import { diagnoseUnreached } from "./diagnose.js";
import type { ExplainInput } from "./input.js";
import { noteReasons } from "./note-reasons.js";

const OPERATION = "explain";

export type { ExplainInput };

export function explain(input: ExplainInput, request: ExplainRequest): ExplainResponse {
  const options = parseRequest(ExplainRequestSchema, request, OPERATION);
  const { model } = input.engine;
  const destChainId = options.dest_chain_id;
  const unknown: Reason[] = [];

  const sourceChainKnown = model.chainIndexById.has(options.source_asset_chain_id);
  if (!sourceChainKnown) unknown.push(unknownChain(input, options.source_asset_chain_id, "source"));
  if (!model.chainIndexById.has(destChainId)) unknown.push(unknownChain(input, destChainId, "dest"));
  const source = sourceChainKnown ? findAsset(input.engine, options.source_asset_chain_id, options.source_asset_denom) : undefined;
  if (sourceChainKnown && source === undefined) {
    const { source_asset_chain_id: chainId, source_asset_denom: denom } = options;
    const suggestions = suggestDenoms(model, chainId, denom);
    unknown.push({ code: "unknown_asset", message: `asset "${denom}" is not on chain "${chainId}"${hint(suggestions)}`, chain_id: chainId, denom, suggestions });
  }
  let destDenom: string | null = null;
  if (options.dest_asset_denom !== null && model.chainIndexById.has(destChainId)) {
    const dest = findAsset(input.engine, destChainId, options.dest_asset_denom);
    if (dest === undefined) {
      const denom = options.dest_asset_denom;
      const suggestions = suggestDenoms(model, destChainId, denom);
      unknown.push({
        code: "dest_asset_not_on_chain",
        message: `asset "${denom}" is not on chain "${destChainId}"${hint(suggestions)}`,
        chain_id: destChainId,
        denom,
        suggestions,
      });
    } else destDenom = dest.denom;
  }
  const sourceWire = source?.wire ?? null;
  if (unknown.length > 0 || source === undefined) {
    return { source: sourceWire, dest_chain_id: destChainId, reachable: false, routes: [], reasons: unknown };
  }

  const labels = searchBestRoutes(model, sourceLabel(source.index), input.engine.bridgeSets, swapHops(input.engine, options));
  const onDest = labels.filter((label) => model.assets[label.asset]!.chainId === destChainId);
  const sorted = sortOutcomes(input.engine, onDest, destDenom, options);
  if (sorted.kept.length > 0) {
    const routes = sorted.kept.map((label) => routeTo(input.engine, source, model.assets[label.asset]!, options));
    return { source: sourceWire, dest_chain_id: destChainId, reachable: true, routes, reasons: [] };
  }

  const reasons: Reason[] = [];
  if (sorted.multiTx.length > 0) reasons.push(multiTxReason(routeTo(input.engine, source, model.assets[sorted.multiTx[0]!.asset]!, options)));
  for (const [filter, assets] of sorted.filtered) reasons.push(filteredReason(filter, assets, options, destChainId, destDenom));
  if (source.chainId === destChainId && sorted.multiTx.length === 0 && sorted.filtered.size === 0) {
    reasons.push({
      code: "same_chain",
      message: `"${source.denom}" is already on "${destChainId}": no route reaches another asset of its own chain${options.include_swaps ? "" : " (swaps are off)"}`,
      chain_id: destChainId,
    });
  } else if (sorted.multiTx.length === 0 && (destDenom === null ? onDest.length === 0 : !onDest.some((l) => model.assets[l.asset]!.denom === destDenom))) {
    reasons.push(diagnoseUnreached(input, source, destChainId, destDenom));
  }
  reasons.push(...noteReasons(input, source, destChainId, destDenom));
  return { source: sourceWire, dest_chain_id: destChainId, reachable: false, routes: [], reasons };
}

function unknownChain(input: ExplainInput, chainId: string, side: "source" | "dest"): Reason {
  const suggestions = suggestChainIds(input.engine.model, chainId);
  return {
    code: "unknown_chain",
    message: `${side === "source" ? "source" : "destination"} chain "${chainId}" is not in the registry${hint(suggestions)}`,
    chain_id: chainId,
    side,
    suggestions,
  };
}

function hint(suggestions: readonly (string | { denom: string; symbol?: string })[]): string {
  if (suggestions.length === 0) return "";
  const first = suggestions[0]!;
  const text = typeof first === "string" ? `"${first}"` : `"${first.denom}"${first.symbol === undefined ? "" : ` (${first.symbol})`}`;
  return `; did you mean ${text}?`;
}

/** The model's asset for a request's denom: exact, EVM address folded, or an `ibc/` hash in any case. */
function findAsset(engine: Engine, chainId: string, denom: string): AssetRecord | undefined {
  const index = engine.model.assetIndexByKey.get(assetKey(chainId, denom)) ?? ibcDenomIgnoringCase(engine.model, chainId, denom);
  return index === undefined ? undefined : engine.model.assets[index];
}

interface Outcomes {
  kept: RouteLabel[];
  /** Reached only with several transactions while `allow_multi_tx` is false, best first. */
  multiTx: RouteLabel[];
  filtered: Map<FilterName, AssetRecord[]>;
}

/** Each reached destination asset is kept or removed by the first rule it breaks, in a fixed order. */
function sortOutcomes(engine: Engine, onDest: readonly RouteLabel[], destDenom: string | null, options: ExplainOptions): Outcomes {
  const outcomes: Outcomes = { kept: [], multiTx: [], filtered: new Map() };
  for (const label of onDest) {
    const asset = engine.model.assets[label.asset]!;
    const filter = removedBy(asset, label, destDenom, options);
    if (filter === "allow_multi_tx") outcomes.multiTx.push(label);
    else if (filter !== null) outcomes.filtered.set(filter, [...(outcomes.filtered.get(filter) ?? []), asset]);
    else outcomes.kept.push(label);
  }
  if (options.recommendation_reason === "MOST_LIQUID" && outcomes.kept.length > 1) outcomes.kept = [mostLiquid(engine, outcomes.kept)];
  return outcomes;
}

function removedBy(asset: AssetRecord, label: RouteLabel, destDenom: string | null, options: ExplainOptions): FilterName | "allow_multi_tx" | null {
  if (destDenom !== null && asset.denom !== destDenom) return "dest_asset_denom";
  if (label.txs > 1 && !options.allow_multi_tx) return "allow_multi_tx";
  if (asset.isCw20 && !options.include_cw20_assets) return "include_cw20_assets";
  if (asset.isEvm && !options.include_evm_assets) return "include_evm_assets";
  if (!asset.hasMetadata && !options.include_no_metadata_assets) return "include_no_metadata_assets";
  if (options.native_only && asset.trace !== "") return "native_only";
  if (options.recommendation_reason === "DIRECT" && label.hops !== 1) return "recommendation_reason";
  if (options.recommendation_reason === "BASE_TOKEN" && !asset.isBaseToken) return "recommendation_reason";
  return null;
}

/** MOST_LIQUID as assets_from_source picks: the listed version, then fewer txs, then fewer hops, then canonical order. */
function mostLiquid(engine: Engine, kept: readonly RouteLabel[]): RouteLabel {
  const listed = (label: RouteLabel) => (engine.model.assets[label.asset]!.listed ? 0 : 1);
  return [...kept].sort((a, b) => listed(a) - listed(b) || a.txs - b.txs || a.hops - b.hops || a.asset - b.asset)[0]!;
}

function routeTo(engine: Engine, source: AssetRecord, dest: AssetRecord, options: ExplainOptions): Route {
  const route = findRoute(engine, { chain_id: source.chainId, denom: source.denom }, { chain_id: dest.chainId, denom: dest.denom }, options);
  if (route === null) throw new Error(`explain: the search reached "${dest.denom}" on "${dest.chainId}" but findRoute did not`);
  return route;
}

/** The first chain where funds land and a new transaction starts, and what it lacks. */
function multiTxReason(route: Route): Reason {
  let arrival: "start" | "ibc" | "bridge" = "start";
  for (const [i, hop] of route.hops.entries()) {
    if (i > 0 && hop.starts_tx) {
      const missing = arrival === "ibc" && hop.kind === "ibc" ? "pfm" : "memo";
      const chainId = hop.from.chain_id;
      const lack = missing === "pfm" ? "has no packet-forward middleware (PFM)" : "does not forward by memo (IBC hooks)";
      return {
        code: "needs_multiple_txs",
        message: `the best route to "${route.to.denom}" needs ${route.txs_required} transactions: "${chainId}" ${lack}, so a new transaction starts there (set allow_multi_tx to accept it)`,
        txs_required: route.txs_required,
        chain_id: chainId,
        missing,
        route,
      };
    }
    if (hop.kind !== "swap") arrival = hop.kind;
  }
  throw new Error(`explain: a route of ${route.txs_required} transactions starts no transaction after its first hop`);
}

const FILTER_TEXT: Record<FilterName, string> = {
  include_cw20_assets: "CW20 tokens are excluded (set include_cw20_assets)",
  include_evm_assets: "EVM tokens are excluded (include_evm_assets is false)",
  include_no_metadata_assets: "assets without metadata are excluded (include_no_metadata_assets is false)",
  native_only: "native_only keeps only native assets",
  recommendation_reason: "the recommendation_reason filter removes it",
  dest_asset_denom: "the request asks for another destination asset",
};

function filteredReason(
  filter: FilterName,
  assets: readonly AssetRecord[],
  options: ExplainOptions,
  destChainId: string,
  destDenom: string | null,
): Reason {
  const names = assets.map((asset) => `"${asset.wire.symbol ?? asset.denom}"`).join(", ");
  const why =
    filter === "recommendation_reason"
      ? `recommendation_reason ${options.recommendation_reason} removes it`
      : filter === "dest_asset_denom"
        ? `the request asks for "${destDenom}"`
        : FILTER_TEXT[filter];
  return {
    code: "filtered_out",
    message: `the source reaches "${destChainId}" as ${names}, but ${why}`,
    filter,
    assets: assets.map((asset) => ({ chain_id: asset.chainId, denom: asset.denom })),
  };
}
