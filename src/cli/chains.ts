/** `fungible-graph chains`: every chain with its type, asset count and forwarding flags. */
import { EXIT_OK } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { formatTable, plural } from "./format-table.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printJson } from "./output.js";
import type { ChainsAnswer } from "../http/explorer-schemas.js";

const NAME = "chains";

const COLUMNS = [
  { title: "CHAIN_ID", shrink: "text" },
  { title: "NAME", shrink: "text", drop: 1 },
  { title: "TYPE" },
  { title: "ASSETS" },
  { title: "PFM" },
  { title: "AFTER_BRIDGE" },
  { title: "MEMO" },
] as const;

export const chains = defineCommand({
  name: NAME,
  tables: true,
  summary: "list the chains: id, name, type, assets, forwarding flags",
  description:
    "Lists every chain of the router, sorted by chain id. PFM: forwards IBC after IBC; AFTER_BRIDGE: forwards after a bridge hop; MEMO: its IBC transfer accepts a memo.",
  options: { ...ROUTER_OPTIONS, json: { ...JSON_OPTION.json, help: "print the body of GET /fungible-graph/v1/chains: {chains}" } },
  async run(values) {
    const list = (await routerOfCommand(NAME, values)).chains();
    if (values.json) {
      const answer: ChainsAnswer = { chains: [...list] };
      printJson(answer);
      return EXIT_OK;
    }
    const rows = list.map((chain) => [
      chain.chain_id,
      chain.chain_name ?? "-",
      chain.chain_type,
      String(chain.asset_count),
      chain.pfm_enabled ? "yes" : "no",
      chain.forwards_after_bridge ? "yes" : "no",
      chain.supports_memo ? "yes" : "no",
    ]);
    print(`${formatTable(COLUMNS, rows)}\n\n${plural(list.length, "chain")}`);
    return EXIT_OK;
  },
});
