/**
 * `fungible-graph destinations <chain_id>:<denom>`: every chain of the registry for one source
 * asset, with what the source becomes there or why it does not get there (the first reason's
 * code and sentence), under the from-source filters. One route search for the whole table.
 */
import type { Destination, DestinationsResponse } from "../wire/destinations.js";
import type { Reason } from "../wire/explain.js";
import { ASSET_ARG } from "./asset-arg.js";
import { SOURCE_FILTER_OPTIONS, sourceRequest } from "./source-filters.js";
import { EXIT_OK } from "./cli-error.js";
import { defineCommand, JSON_OPTION } from "./command.js";
import { formatTable, plural } from "./format-table.js";
import { ROUTER_OPTIONS, routerOfCommand } from "./load-router.js";
import { print, printJson } from "./output.js";

const NAME = "destinations";

export const destinations = defineCommand({
  name: NAME,
  positionals: [ASSET_ARG],
  tables: true,
  summary: "every chain for one asset: what it becomes there, or why not",
  description: `Lists every chain of the registry except the source's, sorted by chain id: the assets the
source becomes there (exactly what \`from-source\` lists for that chain), or the verdict and the
reasons \`why\` gives for that chain with the same filters (EVM tokens and assets without metadata
counted, as from-source counts them): a filter, a channel or light client the state snapshot
says is dead, an inactive channel, no path, a killed chain. The filters are from-source's.`,
  options: {
    ...SOURCE_FILTER_OPTIONS,
    "allow-multi-tx": { type: "boolean", help: "count assets that need more than one transaction" },
    ...ROUTER_OPTIONS,
    json: { ...JSON_OPTION.json, help: "print the response body of POST /fungible-graph/v1/destinations" },
  },
  async run(values, [sourceText]) {
    const { request } = sourceRequest(NAME, sourceText!, values);
    const router = await routerOfCommand(NAME, values);
    const answer = (await import("../router/destinations.js")).destinations(router, request);
    if (values.json) printJson(answer);
    else print(renderDestinations(answer));
    return EXIT_OK;
  },
});

const VERDICT_WORDS: Record<Destination["verdict"]["kind"], string> = { reachable: "reachable", reachable_if: "reachable if", not_reachable: "not reachable" };

const COLUMNS = [
  { title: "CHAIN", shrink: "text" },
  { title: "VERDICT", shrink: "text" },
  { title: "ASSETS, OR WHY NOT", shrink: "wrap" },
] as const;

/** The assets by symbol (denom when it has none), or each reason's code with its deciding fact; `why` gives the sentences. */
function detail(destination: Destination): string {
  if (destination.reachable) return destination.assets.map((asset) => asset.symbol ?? asset.denom).join(", ");
  const facts = [...new Set(destination.reasons.map(reasonFact))].join("; ");
  const { verdict } = destination;
  return verdict.kind === "reachable_if" ? `with ${verdict.changes.map((change) => `${change.option}=${String(change.value)}`).join(", ")}: ${facts}` : facts;
}

function reasonFact(reason: Reason): string {
  switch (reason.code) {
    case "no_path":
      // The chains between source and destination: the ends are the row's.
      if (reason.chain_path === null) return "no_path (not connected)";
      return reason.chain_path.length <= 2 ? "no_path (connected directly)" : `no_path (connected over ${reason.chain_path.slice(1, -1).join(", ")})`;
    case "inactive_channel":
      return `inactive_channel ${reason.port}/${reason.channel} on ${reason.chain_id} (${reason.status})`;
    case "channel_closed":
    case "client_expired":
    case "client_frozen":
    case "client_unauthorized":
    case "state_unknown":
    case "state_stale":
    case "chain_halted":
    case "client_expiring":
      return `${reason.code} ${reason.port}/${reason.channel} on ${reason.chain_id}${readAt(reason)}`;
    case "transfers_disabled":
    case "rate_limited":
      // One way: the refusing chain, which way, and for a rate limit the denom as it names it.
      return `${reason.code} (${reason.direction ?? "both"}${reason.denom === undefined ? "" : ` ${reason.denom}`}) ${reason.port}/${reason.channel} on ${reason.chain_id}${readAt(reason)}`;
    case "needs_multiple_txs":
      return `needs_multiple_txs (${reason.txs_required}, ${reason.missing} on ${reason.chain_id})`;
    case "filtered_out":
      return `filtered_out (${reason.filter})`;
    case "bridge_not_routed":
      return `bridge_not_routed (${reason.provider})`;
    default:
      return reason.code;
  }
}

function readAt(reason: { read_at: string | null }): string {
  return reason.read_at === null ? "" : ` (read ${reason.read_at})`;
}

function renderDestinations(answer: DestinationsResponse): string {
  // The verdict's kind in its few words; the option changes of a reachable_if lead the last column, which wraps.
  const rows = answer.destinations.map((destination) => [destination.chain_id, VERDICT_WORDS[destination.verdict.kind], detail(destination)]);
  const reached = answer.destinations.filter((destination) => destination.reachable).length;
  const source = `${answer.source.chain_id} ${answer.source.symbol ?? answer.source.denom}`;
  const summary = `${source} reaches ${plural(reached, "chain")} of ${answer.destinations.length};\n\`why <asset> <chain>\` explains one chain in full`;
  return rows.length === 0 ? summary : `${formatTable(COLUMNS, rows)}\n\n${summary}`;
}
