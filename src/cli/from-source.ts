/** `fungible-graph from-source <denom> <chain_id>`: the assets_from_source query. */
import type { AssetsFromSourceRequest, AssetsFromSourceResponse, WireAsset } from "../wire/schema.js";
import { expectPositionals, HELP_OPTION, JSON_OPTION, parseCommandArgs } from "./args.js";
import { EXIT_OK, UsageError } from "./cli-error.js";
import { formatTable, plural } from "./format-table.js";
import { loadGraph, REGISTRY_OPTION, SNAPSHOT_OPTION } from "./load-graph.js";
import { print, printJson } from "./output.js";

const NAME = "from-source";

export const fromSourceHelp = `usage: fungible-graph from-source <denom> <chain_id> [flags]

Lists every asset the source asset can be moved to, grouped by destination chain.

flags:
  --allow-multi-tx              include assets that need more than one transaction
  --native-only                 only native assets (empty trace)
  --include-cw20-assets         include CW20 tokens
  --include-swaps               let routes swap on the registry's swap venues
  --swap-venue CHAIN:NAME       with --include-swaps, only this venue (repeatable)
  --recommendation-reason R     UNKNOWN (default), DIRECT, BASE_TOKEN or MOST_LIQUID
  --registry FILE               registry in the project format (default: embedded chain registry)
  --snapshot FILE               graph snapshot written by \`fungible-graph snapshot\`
  --json                        print the response body of POST /v2/fungible/assets_from_source
  -h, --help                    this text`;

export async function fromSource(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(NAME, {
    args: argv,
    options: {
      ...HELP_OPTION,
      ...JSON_OPTION,
      ...REGISTRY_OPTION,
      ...SNAPSHOT_OPTION,
      "allow-multi-tx": { type: "boolean" },
      "native-only": { type: "boolean" },
      "include-cw20-assets": { type: "boolean" },
      "include-swaps": { type: "boolean" },
      "swap-venue": { type: "string", multiple: true },
      "recommendation-reason": { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    print(fromSourceHelp);
    return EXIT_OK;
  }
  const [denom, chainId] = expectPositionals(NAME, positionals, ["denom", "chain_id"]);
  const request: AssetsFromSourceRequest = {
    source_asset_denom: denom!,
    source_asset_chain_id: chainId!,
    allow_multi_tx: values["allow-multi-tx"] ?? false,
    native_only: values["native-only"] ?? false,
    include_cw20_assets: values["include-cw20-assets"] ?? false,
    include_swaps: values["include-swaps"] ?? false,
    // Passed through as text: the query validates it, so CLI and HTTP reject the same values.
    recommendation_reason: (values["recommendation-reason"] ?? null) as AssetsFromSourceRequest["recommendation_reason"],
    swap_venues: values["swap-venue"]?.map(parseVenueArg) ?? null,
  };
  const graph = await loadGraph(NAME, values);
  const response = graph.assetsFromSource(request);
  if (values.json) printJson(response);
  else print(renderFromSource(request, response));
  return EXIT_OK;
}

/** `osmosis-1:osmosis-poolmanager` -> {chain_id, name}, split at the first ':' like route's assets. */
export function parseVenueArg(text: string): { chain_id: string; name: string } {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) {
    throw new UsageError(`${NAME}: --swap-venue "${text}" is not <chain_id>:<name>`, NAME);
  }
  return { chain_id: text.slice(0, colon), name: text.slice(colon + 1) };
}

export function renderFromSource(request: AssetsFromSourceRequest, response: AssetsFromSourceResponse): string {
  const rows: string[][] = [];
  const chains = Object.keys(response.dest_assets);
  for (const chainId of chains) {
    for (const asset of response.dest_assets[chainId]!.assets) rows.push(assetRow(asset));
  }
  const from = `${request.source_asset_chain_id} ${request.source_asset_denom}`;
  if (rows.length === 0) return `no asset is reachable from ${from} with these filters`;
  const table = formatTable(["CHAIN", "DENOM", "SYMBOL", "TRACE", "ORIGIN"], rows);
  return `${table}\n\n${plural(rows.length, "asset")} on ${plural(chains.length, "chain")} reachable from ${from}`;
}

function assetRow(asset: WireAsset): string[] {
  return [asset.chain_id, asset.denom, asset.symbol ?? "-", asset.trace || "(native)", `${asset.origin_chain_id} ${asset.origin_denom}`];
}
