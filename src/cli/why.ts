/**
 * `fungible-graph why <chain>:<denom> <dest_chain>[:<denom>]`: does the asset reach the chain
 * under these filters, and if not, every reason with its facts. Exits 0 when reachable, 1 when not.
 */
import { explainToDot, explainToMermaid } from "../render/explain.js";
import type { ExplainRequest, ExplainResponse, Reason } from "../wire/explain.js";
import { EXIT_FAILURE, EXIT_OK } from "./cli-error.js";
import { defineCommand } from "./command.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { FORMAT_OPTION, parseFormat, printAs } from "./picture.js";
import { parseVenueArg } from "./from-source.js";
import { parseAssetArg, renderRoute } from "./route.js";

const NAME = "why";

export const why = defineCommand({
  name: NAME,
  args: "<chain_id>:<denom> <dest_chain_id>[:<denom>]",
  positionals: ["chain_id>:<denom", "dest_chain_id>[:<denom>"],
  summary: "why an asset does or does not reach a chain",
  description: `Explains whether the source asset reaches the destination chain (or one asset of it) under
the filters of the queries: the route when it does; otherwise every reason, with stable codes
(unknown_chain, unknown_asset, no_path, inactive_channel, needs_multiple_txs, filtered_out,
bridge_not_routed, origin_unresolved, ...) and close matches for a mistyped chain or denom.
EVM assets and assets without metadata count unless --exclude-evm-assets / --exclude-no-metadata-assets.
Exits 0 when reachable, 1 when not.`,
  options: {
    "allow-multi-tx": { type: "boolean", help: "count assets that need more than one transaction" },
    "include-cw20-assets": { type: "boolean", help: "count CW20 tokens" },
    "include-evm-assets": { type: "boolean", help: "count EVM tokens (the default)" },
    "exclude-evm-assets": { type: "boolean", help: "do not count EVM tokens (assets_between_chains' default)" },
    "include-no-metadata-assets": { type: "boolean", help: "count assets without metadata (the default)" },
    "exclude-no-metadata-assets": { type: "boolean", help: "do not count assets without metadata" },
    "native-only": { type: "boolean", help: "count only native assets (empty trace)" },
    "recommendation-reason": { type: "string", arg: "R", help: "UNKNOWN (default), DIRECT, BASE_TOKEN or MOST_LIQUID" },
    "include-swaps": { type: "boolean", help: "let routes swap on the registry's swap venues" },
    "swap-venue": { type: "string", multiple: true, arg: "CHAIN:NAME", help: "with --include-swaps, only this venue" },
    ...ROUTER_OPTIONS,
    ...FORMAT_OPTION,
  },
  async run(values, [fromText, toText]) {
    const format = parseFormat(NAME, values);
    const from = parseAssetArg(fromText!);
    const colon = toText!.indexOf(":");
    const request: ExplainRequest = {
      source_asset_chain_id: from.chain_id,
      source_asset_denom: from.denom,
      dest_chain_id: colon < 0 ? toText! : toText!.slice(0, colon),
      dest_asset_denom: colon < 0 ? null : toText!.slice(colon + 1),
      allow_multi_tx: values["allow-multi-tx"] ?? false,
      include_cw20_assets: values["include-cw20-assets"] ?? false,
      include_evm_assets: !values["exclude-evm-assets"],
      include_no_metadata_assets: !values["exclude-no-metadata-assets"],
      native_only: values["native-only"] ?? false,
      // Passed through as text: the request schema validates it, as for HTTP.
      recommendation_reason: (values["recommendation-reason"] ?? null) as ExplainRequest["recommendation_reason"],
      include_swaps: values["include-swaps"] ?? false,
      swap_venues: values["swap-venue"]?.map((text) => parseVenueArg(text, NAME)) ?? null,
    };
    const router = await routerOfCommand(NAME, values);
    const answer = await router.explain(request);
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
  if (answer.reachable) {
    const routes = answer.routes.map(renderRoute).join("\n\n");
    return `${source} reaches ${dest}: ${answer.routes.length === 1 ? "1 route" : `${answer.routes.length} routes`}\n\n${routes}`;
  }
  const reasons = answer.reasons.map(renderReason).join("\n");
  return `${source} does not reach ${dest}:\n${reasons}`;
}

function renderReason(reason: Reason): string {
  const line = `  - ${reason.code}: ${reason.message}`;
  if (reason.code === "needs_multiple_txs") {
    const route = renderRoute(reason.route).split("\n").map((text) => (text === "" ? "" : `      ${text}`)).join("\n");
    return `${line}\n${route}`;
  }
  return line;
}
