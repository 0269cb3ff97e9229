/**
 * explain: does a source asset reach a destination chain under a request's filters, and if not,
 * why. One best-route search from the source gives every destination asset it reaches with its
 * route (the answer's routes are built from its labels, never searched again); each is kept, or
 * removed by every rule it breaks (several transactions, then each filter). When
 * nothing on the chain is reached at all, the diagnostic graph (every channel counted) names the
 * INACTIVE channel on the nearest path, or says the chains are not connected for this asset.
 */
import type { AssetRecord } from "../model/model.js";
import { suggestChainIds, suggestDenoms } from "../model/suggest.js";
import { requestedAsset } from "../model/requested-asset.js";
import { searchBestRoutes, sourceLabel, type RouteLabel } from "../query/best-routes.js";
import { swapHops, type RouteIndex } from "../query/route-index.js";
import { routeOfLabel } from "../query/route.js";
import { parseRequest } from "../wire/schema.js";
import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";
import { searchLimit, type SearchLimit } from "../query/search-limit.js";
import { excludedCw20, excludedEvm, excludedNoMetadata } from "../query/assets-between-chains.js";
import { excludedByRecommendation, excludedNonNative, moreLiquid, type Candidate } from "../query/assets-from-source.js";
import {
  ExplainRequestSchema,
  FILTERS,
  type ExplainOptions,
  type ExplainRequest,
  type ExplainResponse,
  type FilterName,
  type Reason,
} from "../wire/explain.js";
import { diagnoseUnreached, type DiagnosisCache } from "./diagnose.js";
import type { ExplainInput } from "./input.js";
import { multiTxReason } from "./multi-tx.js";
import { noteReasons } from "./note-reasons.js";
import { fewestChanges, withVerdict, type BrokenRule } from "./verdict.js";

const OPERATION = "explain";

const ExplainLimitsSchema = z.optional(
  z.object({
    signal: z.optional(z.instanceof(AbortSignal)),
    budgetMs: z.optional(z.number().check(z.positive())),
  }),
);

/** Bounds on one explanation's work: none by default; the HTTP service passes its client's signal and a budget (docs/http.md). */
export interface ExplainLimits {
  /** When it aborts, the work stops with `client_closed_request` (a fetch Request's `signal`). */
  signal?: AbortSignal;
  /** Wall time in milliseconds; past it the work stops with `over_budget` (503 over HTTP). */
  budgetMs?: number;
}

/** The search limit of `limits`, checked as an argument. */
export function explainLimit(limits: ExplainLimits | undefined, operation = OPERATION): SearchLimit | undefined {
  const parsed = parseArgument(ExplainLimitsSchema, limits, { fn: operation, arg: "limits", expected: "an object {signal?: AbortSignal, budgetMs?: number} or undefined" });
  if (parsed === undefined || (parsed.signal === undefined && parsed.budgetMs === undefined)) return undefined;
  return searchLimit(operation, parsed.signal, parsed.budgetMs);
}

export type { ExplainInput };

export function explain(input: ExplainInput, request: ExplainRequest): ExplainResponse {
  const options = parseRequest(ExplainRequestSchema, request, OPERATION);
  const { model } = input.routeIndex;
  const destChainId = options.dest_chain_id;
  const unknown: Reason[] = [];

  const sourceChainKnown = model.chainIndexById.has(options.source_asset_chain_id);
  if (!sourceChainKnown) unknown.push(unknownChain(input, options.source_asset_chain_id, "source"));
  if (!model.chainIndexById.has(destChainId)) unknown.push(unknownChain(input, destChainId, "dest"));
  const source = sourceChainKnown ? findAsset(input.routeIndex, options.source_asset_chain_id, options.source_asset_denom) : undefined;
  if (sourceChainKnown && source === undefined) {
    const { source_asset_chain_id: chainId, source_asset_denom: denom } = options;
    const suggestions = suggestDenoms(model, chainId, denom);
    unknown.push({ code: "unknown_asset", message: `asset "${denom}" is not on chain "${chainId}"${hint(suggestions)}`, chain_id: chainId, denom, suggestions });
  }
  let destDenom: string | null = null;
  if (options.dest_asset_denom !== null && model.chainIndexById.has(destChainId)) {
    const dest = findAsset(input.routeIndex, destChainId, options.dest_asset_denom);
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
    return withVerdict(options, { source: sourceWire, dest_chain_id: destChainId, reachable: false, routes: [], reasons: unknown });
  }

  // The one search: every route of the answer, and every rule a reached asset breaks, come from its labels.
  const labels = searchBestRoutes(model, sourceLabel(source.index), input.routeIndex.bridgeSets, swapHops(input.routeIndex, options), undefined, input.limit);
  return explainDestination(input, source, labels.filter((label) => model.asset(label.asset).chainId === destChainId), destDenom, options);
}

/**
 * The answer for one destination chain from the labels of the one search that land on it: each
 * reached asset kept or removed by the rules it breaks; when none is reached, the diagnosis.
 */
function explainDestination(
  input: ExplainInput,
  source: AssetRecord,
  onDest: readonly RouteLabel[],
  destDenom: string | null,
  options: ExplainOptions,
): ExplainResponse {
  const outcome = destinationOutcome(input, source, onDest, destDenom, options);
  if (outcome.answer !== null) return outcome.answer;
  const routes = outcome.kept.map((label) => routeOfLabel(input.routeIndex.model, input.routeIndex.bridgeSets, label));
  return withVerdict(options, { source: source.wire, dest_chain_id: options.dest_chain_id, reachable: true, routes, reasons: [] });
}

/**
 * What passes on the destination (`kept`, best route first, one asset with MOST_LIQUID) and, when
 * nothing does, the whole answer. `destinations` (./destinations.ts) calls it once per chain with
 * the labels of its own single search and one shared diagnosis, so both answers agree by
 * construction. `answer` is `null` when something passes: routes are drawn only for an answer
 * that shows them.
 */
export function destinationOutcome(
  input: ExplainInput,
  source: AssetRecord,
  onDest: readonly RouteLabel[],
  destDenom: string | null,
  options: ExplainOptions,
  diagnosis?: DiagnosisCache,
): { kept: readonly RouteLabel[]; answer: ExplainResponse | null } {
  const { model } = input.routeIndex;
  const destChainId = options.dest_chain_id;
  const sourceWire = source.wire;
  const sorted = sortOutcomes(input.routeIndex, onDest, destDenom, options);
  if (sorted.kept.length > 0) return { kept: sorted.kept, answer: null };

  const reasons: Reason[] = [];
  const multiTx = sorted.multiTx[0];
  if (multiTx !== undefined) reasons.push(multiTxReason(routeOfLabel(model, input.routeIndex.bridgeSets, multiTx)));
  for (const filter of FILTERS) {
    const assets = sorted.filtered.get(filter);
    if (assets !== undefined) reasons.push(filteredReason(filter, assets, options, destChainId, destDenom));
  }
  if (source.chainId === destChainId && sorted.multiTx.length === 0 && sorted.filtered.size === 0) {
    reasons.push({
      code: "same_chain",
      message: `"${source.denom}" is already on "${destChainId}": no route reaches another asset of its own chain${options.include_swaps ? "" : " (swaps are off)"}`,
      chain_id: destChainId,
    });
  } else if (sorted.multiTx.length === 0 && (destDenom === null ? onDest.length === 0 : !onDest.some((l) => model.asset(l.asset).denom === destDenom))) {
    reasons.push(...diagnoseUnreached(input, source, destChainId, destDenom, options, diagnosis));
  }
  reasons.push(...noteReasons(input, source, destChainId, destDenom));
  const answer = withVerdict(options, { source: sourceWire, dest_chain_id: destChainId, reachable: false, routes: [], reasons }, fewestChanges(sorted.broken));
  return { kept: [], answer };
}

/** The reason for a chain the registry does not have: killed (a note says so), or unknown with close matches. */
export function unknownChain(input: ExplainInput, chainId: string, side: "source" | "dest"): Reason {
  if (input.notes.some((note) => note.code === "chain_killed" && note.chain_id === chainId)) {
    const which = side === "source" ? "source" : "destination";
    return { code: "chain_killed", message: `${which} chain "${chainId}" is marked killed in the registry: it has stopped, and no hop leads to or from it`, chain_id: chainId, side };
  }
  const suggestions = suggestChainIds(input.routeIndex.model, chainId);
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

/** The model's asset for a request's denom: exact, EVM address folded, an `ibc/` hash in any case, or a decoded voucher. */
export function findAsset(routeIndex: RouteIndex, chainId: string, denom: string): AssetRecord | undefined {
  const index = requestedAsset(routeIndex.model, chainId, denom);
  return index === undefined ? undefined : routeIndex.model.asset(index);
}

interface Outcomes {
  kept: RouteLabel[];
  /** Reached only with several transactions while `allow_multi_tx` is false, best first (those no filter removes first). */
  multiTx: RouteLabel[];
  /** Per filter, every reached asset it removes (an asset breaking several rules is under each). */
  filtered: Map<FilterName, AssetRecord[]>;
  /** Per reached destination asset, best route first: the rules it breaks (for the verdict). */
  broken: BrokenRule[][];
}

/** Each reached destination asset is kept, or removed by every rule it breaks. */
function sortOutcomes(routeIndex: RouteIndex, onDest: readonly RouteLabel[], destDenom: string | null, options: ExplainOptions): Outcomes {
  const outcomes: Outcomes = { kept: [], multiTx: [], filtered: new Map(), broken: [] };
  const multiTxOnly: RouteLabel[] = [];
  const multiTxFiltered: RouteLabel[] = [];
  for (const label of onDest) {
    const asset = routeIndex.model.asset(label.asset);
    const broken = brokenRules(asset, label, destDenom, options);
    outcomes.broken.push(broken);
    for (const rule of broken) if (rule !== "allow_multi_tx") outcomes.filtered.set(rule, [...(outcomes.filtered.get(rule) ?? []), asset]);
    if (broken.length === 0) outcomes.kept.push(label);
    else if (broken.includes("allow_multi_tx")) (broken.length === 1 ? multiTxOnly : multiTxFiltered).push(label);
  }
  outcomes.multiTx = [...multiTxOnly, ...multiTxFiltered];
  if (options.recommendation_reason === "MOST_LIQUID" && outcomes.kept.length > 1) outcomes.kept = [mostLiquid(routeIndex, outcomes.kept)];
  return outcomes;
}

/**
 * Every rule the asset breaks, each filter defined once in the queries. Another asset than the
 * one asked for breaks only `dest_asset_denom`: its other filters are beside the point.
 */
function brokenRules(asset: AssetRecord, label: RouteLabel, destDenom: string | null, options: ExplainOptions): BrokenRule[] {
  if (destDenom !== null && asset.denom !== destDenom) return ["dest_asset_denom"];
  const broken: BrokenRule[] = [];
  if (label.txs > 1 && !options.allow_multi_tx) broken.push("allow_multi_tx");
  if (excludedCw20(asset, options)) broken.push("include_cw20_assets");
  if (excludedEvm(asset, options)) broken.push("include_evm_assets");
  if (excludedNoMetadata(asset, options)) broken.push("include_no_metadata_assets");
  if (excludedNonNative(asset, options)) broken.push("native_only");
  if (excludedByRecommendation(asset, label.hops, options)) broken.push("recommendation_reason");
  return broken;
}

/** MOST_LIQUID as assets_from_source picks (`moreLiquid`), the first in canonical order on a tie. */
function mostLiquid(routeIndex: RouteIndex, kept: readonly RouteLabel[]): RouteLabel {
  const candidate = (label: RouteLabel): Candidate => ({ asset: label.asset, listed: routeIndex.model.asset(label.asset).listed, txs: label.txs, hops: label.hops });
  let best = kept[0]!;
  for (const label of kept.slice(1)) {
    const better = moreLiquid(routeIndex.model.asset(label.asset), label.txs, label.hops, candidate(best));
    if (better || (!moreLiquid(routeIndex.model.asset(best.asset), best.txs, best.hops, candidate(label)) && label.asset < best.asset)) best = label;
  }
  return best;
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
    assets: assets.map((asset) => ({ chain_id: asset.chainId, denom: asset.wire.denom })),
  };
}
