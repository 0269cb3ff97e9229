/** `fungible-graph assets <chain_id>`: the assets of one chain, derived vouchers included. */
import { isOwnOrigin } from "../registry/schema.js";
import { EXIT_OK } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { formatTable, plural } from "./format-table.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printJson } from "./output.js";
import type { AssetsAnswer } from "../http/explorer-schemas.js";

const NAME = "assets";

const COLUMNS = [
  { title: "SYMBOL", shrink: "text" },
  { title: "DENOM", shrink: "id" },
  { title: "ORIGIN", shrink: "id", drop: 1 },
  { title: "METADATA" },
] as const;

export const assets = defineCommand({
  name: NAME,
  positionals: ["<chain_id>"],
  tables: true,
  summary: "list one chain's assets: symbol, denom, origin, metadata",
  description: `Lists the assets of a chain in canonical order: those the registry lists, then the single-hop
vouchers derived for native assets of directly connected chains (no metadata). A chain name
(cosmoshub) is not a chain id: the error suggests the id.`,
  options: { ...ROUTER_OPTIONS, json: { ...JSON_OPTION.json, help: "print the body of GET /fungible-graph/v1/assets?chain_id=...: {chain_id, assets}" } },
  async run(values, [chainId]) {
    const list = (await routerOfCommand(NAME, values)).assetsOnChain(chainId!);
    if (values.json) {
      const answer: AssetsAnswer = { chain_id: chainId!, assets: [...list] };
      printJson(answer);
      return EXIT_OK;
    }
    const rows = list.map((asset) => [
      asset.symbol ?? "-",
      asset.denom,
      isOwnOrigin(asset) ? "(native)" : `${asset.origin_chain_id} ${asset.origin_denom}`,
      asset.has_metadata ? "yes" : "no",
    ]);
    print(`${formatTable(COLUMNS, rows)}\n\n${plural(list.length, "asset")} on ${chainId}`);
    return EXIT_OK;
  },
});
