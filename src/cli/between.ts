/** `fungible-graph between <source_chain> <dest_chain>`: the assets_between_chains query. */
import type { AssetsBetweenChainsRequest, AssetsBetweenChainsResponse } from "../wire/schema.js";
import { expectPositionals, HELP_OPTION, JSON_OPTION, parseCommandArgs } from "./args.js";
import { EXIT_OK } from "./cli-error.js";
import { formatTable, plural } from "./format-table.js";
import { loadGraph, REGISTRY_OPTION, SNAPSHOT_OPTION } from "./load-graph.js";
import { print, printJson } from "./output.js";

const NAME = "between";

export const betweenHelp = `usage: fungible-graph between <source_chain> <dest_chain> [flags]

Lists, for each asset on the source chain, the asset it becomes on the destination chain,
with the transactions and bridges the move needs.

flags:
  --include-no-metadata-assets  include assets without metadata (symbol, name, ...)
  --include-cw20-assets         include CW20 tokens
  --include-evm-assets          include EVM tokens
  --allow-multi-tx              include pairs that need more than one transaction
  --registry FILE               registry in the project format (default: embedded chain registry)
  --snapshot FILE               graph snapshot written by \`fungible-graph snapshot\`
  --json                        print the response body of POST /v2/fungible/assets_between_chains
  -h, --help                    this text`;

export async function between(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(NAME, {
    args: argv,
    options: {
      ...HELP_OPTION,
      ...JSON_OPTION,
      ...REGISTRY_OPTION,
      ...SNAPSHOT_OPTION,
      "include-no-metadata-assets": { type: "boolean" },
      "include-cw20-assets": { type: "boolean" },
      "include-evm-assets": { type: "boolean" },
      "allow-multi-tx": { type: "boolean" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    print(betweenHelp);
    return EXIT_OK;
  }
  const [source, dest] = expectPositionals(NAME, positionals, ["source_chain", "dest_chain"]);
  const request: AssetsBetweenChainsRequest = {
    source_chain_id: source!,
    dest_chain_id: dest!,
    include_no_metadata_assets: values["include-no-metadata-assets"] ?? false,
    include_cw20_assets: values["include-cw20-assets"] ?? false,
    include_evm_assets: values["include-evm-assets"] ?? false,
    allow_multi_tx: values["allow-multi-tx"] ?? false,
  };
  const graph = await loadGraph(NAME, values);
  const response = graph.assetsBetweenChains(request);
  if (values.json) printJson(response);
  else print(renderBetween(request, response));
  return EXIT_OK;
}

export function renderBetween(request: AssetsBetweenChainsRequest, response: AssetsBetweenChainsResponse): string {
  const pairs = response.assets_between_chains;
  const what = `${request.source_chain_id} -> ${request.dest_chain_id}`;
  if (pairs.length === 0) return `no asset moves ${what} with these filters`;
  const rows = pairs.map((pair) => [
    pair.asset_on_source.denom,
    pair.asset_on_source.symbol ?? "-",
    pair.asset_on_dest.denom,
    pair.asset_on_dest.symbol ?? "-",
    String(pair.txs_required),
    pair.bridges.join(","),
  ]);
  const table = formatTable(["SOURCE DENOM", "SYMBOL", "DEST DENOM", "SYMBOL", "TXS", "BRIDGES"], rows);
  return `${table}\n\n${plural(pairs.length, "asset")} can move ${what}`;
}
