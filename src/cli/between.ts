/** `fungible-graph between <source_chain> <dest_chain>`: the assets_between_chains query. */
import type { AssetsBetweenChainsRequest, AssetsBetweenChainsResponse } from "../wire/schema.js";
import { EXIT_OK } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { formatTable, plural } from "./format-table.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printJson } from "./output.js";

export const between = defineCommand({
  name: "between",
  positionals: ["<source_chain>", "<dest_chain>"],
  tables: true,
  summary: "assets that can move between two chains",
  description: `Lists, for each asset on the source chain, the asset it becomes on the destination chain,
with the transactions and bridges the move needs.`,
  options: {
    "include-no-metadata-assets": { type: "boolean", help: "include assets without metadata (symbol, name, ...)" },
    "include-cw20-assets": { type: "boolean", help: "include CW20 tokens" },
    "include-evm-assets": { type: "boolean", help: "include EVM tokens" },
    "allow-multi-tx": { type: "boolean", help: "include pairs that need more than one transaction" },
    ...ROUTER_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print the response body of POST /v2/fungible/assets_between_chains" },
  },
  async run(values, [source, dest]) {
    const request: AssetsBetweenChainsRequest = {
      source_chain_id: source!,
      dest_chain_id: dest!,
      include_no_metadata_assets: values["include-no-metadata-assets"] ?? false,
      include_cw20_assets: values["include-cw20-assets"] ?? false,
      include_evm_assets: values["include-evm-assets"] ?? false,
      allow_multi_tx: values["allow-multi-tx"] ?? false,
    };
    const router = await routerOfCommand("between", values);
    const response = router.assetsBetweenChains(request);
    if (values.json) printJson(response);
    else print(renderBetween(request, response));
    return EXIT_OK;
  },
});

const COLUMNS = [
  { title: "SOURCE DENOM", shrink: "id" },
  { title: "SYMBOL", shrink: "text" },
  { title: "DEST DENOM", shrink: "id" },
  { title: "SYMBOL", shrink: "text", drop: 1 },
  { title: "TXS" },
  { title: "BRIDGES", shrink: "wrap" },
] as const;

function renderBetween(request: AssetsBetweenChainsRequest, response: AssetsBetweenChainsResponse): string {
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
  const table = formatTable(COLUMNS, rows);
  return `${table}\n\n${plural(pairs.length, "asset")} can move ${what}`;
}
