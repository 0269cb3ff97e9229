/** `fungible-graph route <chain_id>:<denom> <chain_id>:<denom>`: the hops of the chosen route. */
import type { Route, RouteHop } from "../wire/route.js";
import type { RouteAnswer } from "../http/explorer-schemas.js";
import { ASSET_ARG, parseAssetArg } from "./asset-arg.js";
import { EXIT_FAILURE, EXIT_OK } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { formatTable, plural, shortId, wrapWords } from "./format-table.js";
import { tableWidth } from "./terminal.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printError } from "./output.js";
import { FORMAT_OPTION, parseFormat, printAs } from "./picture.js";
import { routeToDot } from "../render/dot.js";
import { routeToMermaid } from "../render/mermaid.js";

const NAME = "route";

export const route = defineCommand({
  name: NAME,
  positionals: [ASSET_ARG, ASSET_ARG],
  tables: true,
  summary: "the hops of the chosen route",
  description: `Prints the route chosen between two assets: each hop, its channel or bridge, and where a new
transaction must be signed. Denoms may contain ':' (cw20:terra1...): an asset is split at its
first ':', since chain ids contain none. Exits 1 when no route exists.`,
  options: {
    "include-swaps": { type: "boolean", help: "let the route swap on the registry's swap venues" },
    ...ROUTER_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print the body of GET /fungible-graph/v1/route: {format, route (null when none), text}; same as --format json" },
    ...FORMAT_OPTION,
  },
  async run(values, [fromText, toText]) {
    const format = parseFormat(NAME, values);
    const from = parseAssetArg(NAME, fromText!);
    const to = parseAssetArg(NAME, toText!);
    const router = await routerOfCommand(NAME, values);
    const found = router.route(from, to, { include_swaps: values["include-swaps"] ?? false });
    const none = `no route from ${from.chain_id} ${from.denom} to ${to.chain_id} ${to.denom}`;
    if (found === null && format !== "text" && format !== "json") printError(none);
    else {
      await printAs(format, {
        text: () => (found ? renderRoute(found) : none),
        // What GET /fungible-graph/v1/route answers for the same question (format=json: no picture).
        json: (): RouteAnswer => ({ format: "json", route: found, text: null }),
        mermaid: () => routeToMermaid(found!),
        dot: () => routeToDot(found!),
      });
    }
    return found ? EXIT_OK : EXIT_FAILURE;
  },
});

const HOP_COLUMNS = [{ title: "TX" }, { title: "VIA", shrink: "text" }, { title: "FROM", shrink: "id" }, { title: "TO", shrink: "id" }] as const;

export function renderRoute(found: Route): string {
  let tx = 0;
  const rows = found.hops.map((hop) => {
    if (hop.starts_tx) tx++;
    return [String(tx), via(hop), `${hop.from.chain_id} ${hop.from.denom}`, `${hop.to.chain_id} ${hop.to.denom}`];
  });
  const head =
    `${found.from.chain_id} ${shortId(found.from.denom)} -> ${found.to.chain_id} ${shortId(found.to.denom)}: ` +
    `${plural(found.txs_required, "transaction")}, ${plural(found.hops.length, "hop")}, bridges ${found.bridges.join(",") || "-"}`;
  return `${wrapWords(head, tableWidth(), tableWidth()).join("\n  ")}\n\n${formatTable(HOP_COLUMNS, rows)}`;
}

function via(hop: RouteHop): string {
  if (hop.kind === "swap") return `swap on ${hop.venue}`;
  if (hop.kind === "ibc") return `IBC ${hop.port}/${hop.channel}`;
  return hop.bridge;
}
