/** `fungible-graph from-source <chain_id>:<denom>`: the assets_from_source query. */
import type { AssetsFromSourceRequest, AssetsFromSourceResponse, WireAsset } from "../wire/schema.js";
import { ASSET_ARG, assetOrderHint } from "./asset-arg.js";
import { SOURCE_FILTER_OPTIONS, sourceRequest } from "./source-filters.js";
import { EXIT_OK } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { formatTable, plural } from "./format-table.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { FORMAT_OPTION, parseFormat, printAs } from "./picture.js";
import { reachToDot } from "../render/dot.js";
import { reachToMermaid } from "../render/mermaid.js";

const NAME = "from-source";

export const fromSource = defineCommand({
  name: NAME,
  positionals: [ASSET_ARG],
  tables: true,
  // The older grammar `from-source <denom> <chain_id>`: never guessed, answered with the new spelling.
  usageHint: (args) => assetOrderHint(NAME, args),
  summary: "assets reachable from one asset",
  description: `Lists every asset the source asset can be moved to, grouped by destination chain. The source
is named as on every command: <chain_id>:<denom>, split at the first ':' (chain ids contain
none; denoms may: phoenix-1:cw20:terra1...).`,
  options: {
    ...SOURCE_FILTER_OPTIONS,
    ...ROUTER_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print the response body of POST /v2/fungible/assets_from_source; same as --format json" },
    ...FORMAT_OPTION,
  },
  async run(values, [sourceText]) {
    const format = parseFormat(NAME, values);
    const { ref, request } = sourceRequest(NAME, sourceText!, values);
    const router = await routerOfCommand(NAME, values);
    const response = router.assetsFromSource(request);
    // The source as the registry spells it (the query accepts an ibc/ denom in any case): a route to itself.
    const source = () => router.route(ref, ref)!.from;
    await printAs(format, {
      text: () => renderFromSource(request, response),
      json: () => response,
      mermaid: () => reachToMermaid(source(), response),
      dot: () => reachToDot(source(), response),
    });
    return EXIT_OK;
  },
});

const COLUMNS = [
  { title: "CHAIN", shrink: "text" },
  { title: "DENOM", shrink: "id" },
  { title: "SYMBOL", shrink: "text" },
  { title: "TRACE", shrink: "id", drop: 2 },
  { title: "ORIGIN", shrink: "id", drop: 1 },
] as const;

function renderFromSource(request: AssetsFromSourceRequest, response: AssetsFromSourceResponse): string {
  const rows: string[][] = [];
  const chains = Object.keys(response.dest_assets);
  for (const chainId of chains) {
    for (const asset of response.dest_assets[chainId]!.assets) rows.push(assetRow(asset));
  }
  const from = `${request.source_asset_chain_id} ${request.source_asset_denom}`;
  if (rows.length === 0) return `no asset is reachable from ${from} with these filters`;
  const table = formatTable(COLUMNS, rows);
  return `${table}\n\n${plural(rows.length, "asset")} on ${plural(chains.length, "chain")} reachable from ${from}`;
}

function assetRow(asset: WireAsset): string[] {
  return [asset.chain_id, asset.denom, asset.symbol ?? "-", asset.trace || "(native)", `${asset.origin_chain_id} ${asset.origin_denom}`];
}
