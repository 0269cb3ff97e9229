/**
 * `fungible-graph why <chain>:<denom> <dest_chain>[:<denom>]`: does the asset reach the chain
 * under these filters, and if not, every reason with its facts; the first line is the verdict
 * (reachable, reachable if an option changes, not reachable). Exits 0 when reachable, 1 when not.
 */
import { explainToDot, explainToMermaid } from "../render/explain.js";
import type { ExplainRequest, ExplainResponse, Reason } from "../wire/explain.js";
import { ASSET_ARG, parseAssetArg, parseChainOrAssetArg, parseVenueArg } from "./asset-arg.js";
import { EXIT_FAILURE, EXIT_OK } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { FORMAT_OPTION, parseFormat, printAs } from "./picture.js";
import { renderRoute } from "./route.js";
import { terminalLine } from "../wire/safe-text.js";
import { verdictTitle } from "../explain/verdict.js";

const NAME = "why";

export const why = defineCommand({
  name: NAME,
  positionals: [ASSET_ARG, "<dest_chain_id>[:<denom>]"],
  tables: true,
  summary: "why an asset does or does not reach a chain",
  description: `Explains whether the source asset reaches the destination chain (or one asset of it) under
the filters of the queries: the route when it does; otherwise every reason, with stable codes
(unknown_chain, unknown_asset, no_path, inactive_channel, channel_closed, client_expired, needs_multiple_txs, filtered_out,
bridge_not_routed, origin_unresolved, ...) and close matches for a mistyped chain or denom.
Assets are split at their first ':', as on every command.

Every filter is off unless given, as in \`between\` (assets_between_chains): EVM tokens and assets
without metadata count only with --include-evm-assets / --include-no-metadata-assets. Where it
differs on purpose: \`from-source\` has neither filter (it lists every asset), so to ask its
question pass both flags; and the filters apply to the destination side only (\`between\`
applies them to both sides: a source asset without metadata is still explained).
Exits 0 when reachable, 1 when not.`,
  options: {
    "allow-multi-tx": { type: "boolean", help: "count assets that need more than one transaction" },
    "include-cw20-assets": { type: "boolean", help: "count CW20 tokens" },
    "include-evm-assets": { type: "boolean", help: "count EVM tokens" },
    "include-no-metadata-assets": { type: "boolean", help: "count assets without metadata" },
    "native-only": { type: "boolean", help: "count only native assets (empty trace)" },
    "recommendation-reason": { type: "string", arg: "R", help: "UNKNOWN (default), DIRECT, BASE_TOKEN or MOST_LIQUID" },
    "include-swaps": { type: "boolean", help: "let routes swap on the registry's swap venues" },
    "swap-venue": { type: "string", multiple: true, arg: "CHAIN:NAME", help: "with --include-swaps, only this venue" },
    ...ROUTER_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print the ExplainResponse (the body of POST /fungible-graph/v1/explain); same as --format json" },
    ...FORMAT_OPTION,
  },
  async run(values, [fromText, toText]) {
    const format = parseFormat(NAME, values);
    const from = parseAssetArg(NAME, fromText!);
    const to = parseChainOrAssetArg(toText!);
    const request: ExplainRequest = {
      source_asset_chain_id: from.chain_id,
      source_asset_denom: from.denom,
      dest_chain_id: to.chain_id,
      dest_asset_denom: to.denom,
      allow_multi_tx: values["allow-multi-tx"] ?? false,
      include_cw20_assets: values["include-cw20-assets"] ?? false,
      include_evm_assets: values["include-evm-assets"] ?? false,
      include_no_metadata_assets: values["include-no-metadata-assets"] ?? false,
      native_only: values["native-only"] ?? false,
      // Passed through as text: the request schema validates it, as for HTTP.
      recommendation_reason: (values["recommendation-reason"] ?? null) as ExplainRequest["recommendation_reason"],
      include_swaps: values["include-swaps"] ?? false,
      swap_venues: values["swap-venue"]?.map((text) => parseVenueArg(NAME, text)) ?? null,
    };
    const router = await routerOfCommand(NAME, values);
    const answer = (await import("../router/explain.js")).explain(router, request);
    await printAs(format, {
      text: () => renderExplanation(request, answer),
      json: () => answer,
      mermaid: () => explainToMermaid(answer),
      dot: () => explainToDot(answer),
    });
    return answer.reachable ? EXIT_OK : EXIT_FAILURE;
  },
});

function renderExplanation(request: ExplainRequest, answer: ExplainResponse): string {
  const source = `${request.source_asset_chain_id} ${request.source_asset_denom}`;
  const dest = request.dest_asset_denom ? `${answer.dest_chain_id} ${request.dest_asset_denom}` : answer.dest_chain_id;
  // The verdict leads, in the words the explorer page shows (verdictTitle).
  const verdict = `Verdict: ${verdictTitle(answer.verdict)}`;
  if (answer.reachable) {
    const routes = answer.routes.map(renderRoute).join("\n\n");
    return `${verdict}\n${source} reaches ${dest}: ${answer.routes.length === 1 ? "1 route" : `${answer.routes.length} routes`}\n\n${routes}`;
  }
  const reasons = answer.reasons.map(renderReason).join("\n");
  return `${verdict}\n${source} does not reach ${dest}${answer.verdict.kind === "reachable_if" ? " as asked" : ""}:\n${reasons}`;
}

function renderReason(reason: Reason): string {
  const line = `  - ${reason.code}: ${terminalLine(reason.message)}`;
  if (reason.code === "needs_multiple_txs") {
    const route = renderRoute(reason.route).split("\n").map((text) => (text === "" ? "" : `      ${text}`)).join("\n");
    return `${line}\n${route}`;
  }
  return line;
}
