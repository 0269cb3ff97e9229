/**
 * destinations: every chain of the registry but the source's, each with what the source becomes
 * there or why it does not get there, for one source asset and the assets_from_source filters.
 * It costs what one explain costs, not one per chain: ONE route search from the source gives every
 * chain's reached assets (the labels explain reads), and the chains it reaches nothing on share
 * one search in the diagnostic model (./diagnose.ts). Each chain's verdict and reasons are those
 * `explain` gives for it with the same filters and EVM and no-metadata assets counted (the
 * assets_from_source question), by construction: both call `destinationOutcome`.
 */
import { compareStrings } from "../compare.js";
import { searchBestRoutes, sourceLabel, type RouteLabel } from "../query/best-routes.js";
import { requireAsset, swapHops } from "../query/route-index.js";
import { checkLimit } from "../query/search-limit.js";
import type { ExplainOptions } from "../wire/explain.js";
import { DestinationsRequestSchema, type Destination, type DestinationsRequest, type DestinationsResponse } from "../wire/destinations.js";
import { parseRequest } from "../wire/schema.js";
import type { DiagnosisCache } from "./diagnose.js";
import { destinationOutcome, unknownChain } from "./explain.js";
import type { ExplainInput } from "./input.js";
import { verdictOf, withVerdict } from "./verdict.js";

const OPERATION = "destinations";

export function destinations(input: ExplainInput, request: DestinationsRequest): DestinationsResponse {
  const options = parseRequest(DestinationsRequestSchema, request, OPERATION);
  const { model, bridgeSets } = input.routeIndex;
  const source = model.asset(requireAsset(input.routeIndex, options.source_asset_chain_id, options.source_asset_denom, OPERATION));
  // The explain question of each chain: assets_from_source's filters, EVM and no-metadata assets counted as it counts them.
  const ask = (chainId: string): ExplainOptions => ({
    source_asset_denom: options.source_asset_denom,
    source_asset_chain_id: options.source_asset_chain_id,
    dest_chain_id: chainId,
    dest_asset_denom: null,
    allow_multi_tx: options.allow_multi_tx,
    include_cw20_assets: options.include_cw20_assets,
    include_evm_assets: true,
    include_no_metadata_assets: true,
    native_only: options.native_only,
    recommendation_reason: options.recommendation_reason,
    include_swaps: options.include_swaps,
    swap_venues: options.swap_venues,
  });

  // The one search, its labels split by chain (best route first within each, as explain reads them).
  const labels = searchBestRoutes(model, sourceLabel(source.index), bridgeSets, swapHops(input.routeIndex, options), undefined, input.limit);
  const byChain: RouteLabel[][] = model.chains.map(() => []);
  for (const label of labels) byChain[model.asset(label.asset).chainIndex]!.push(label);

  const diagnosis: DiagnosisCache = {};
  const found: Destination[] = [];
  model.chains.forEach((chain, chainIndex) => {
    if (chainIndex === source.chainIndex) return;
    // The diagnoses are outside the searches' own checks: the budget and the client's signal are checked per chain too.
    checkLimit(input.limit);
    const asked = ask(chain.chain_id);
    const { kept, answer } = destinationOutcome(input, source, byChain[chainIndex]!, null, asked, diagnosis);
    if (answer !== null) {
      found.push({ chain_id: chain.chain_id, verdict: answer.verdict, reachable: false, assets: [], reasons: answer.reasons });
      return;
    }
    // assets_from_source lists a chain's assets in canonical order (the model's asset order).
    const assets = kept.map((label) => model.asset(label.asset)).sort((a, b) => a.index - b.index).map((asset) => asset.wire);
    found.push({ chain_id: chain.chain_id, verdict: verdictOf(asked, true, kept.length, [], null), reachable: true, assets, reasons: [] });
  });
  // Killed chains are not in the graph; explain names them, so they are listed with that reason.
  for (const note of input.notes) {
    if (note.code !== "chain_killed" || note.chain_id === undefined || model.chainIndexById.has(note.chain_id)) continue;
    if (found.some((destination) => destination.chain_id === note.chain_id)) continue;
    const asked = ask(note.chain_id);
    const answer = withVerdict(asked, { source: source.wire, dest_chain_id: note.chain_id, reachable: false, routes: [], reasons: [unknownChain(input, note.chain_id, "dest")] });
    found.push({ chain_id: note.chain_id, verdict: answer.verdict, reachable: false, assets: [], reasons: answer.reasons });
  }
  found.sort((a, b) => compareStrings(a.chain_id, b.chain_id));
  return { source: source.wire, destinations: found };
}
