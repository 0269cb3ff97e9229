/**
 * Browser code of the explorer page: the questions that answer with tables, and the route. What
 * one asset reaches (with every chain it does not, greyed out, and why), what moves between two
 * chains, and one route drawn hop by hop. Each is asked through `track` (loading, error, retry)
 * and recorded in the URL when the reader asked it (./page-state.ts).
 */
import type { RouteAnswer } from "../explorer-schemas.js";
import type { AssetsBetweenChainsResponse, AssetsFromSourceResponse } from "../../wire/schema.js";
import type { DestinationsResponse } from "../../wire/destinations.js";
import { verdictTitle } from "../../explain/verdict.js";
import { chainName, namesFor, type Nameable } from "./page-catalog.js";
import { denomCell, fillTable, headerCell, nameNode, textCell } from "./page-cells.js";
import { routeFigure } from "./page-diagram.js";
import { $, api, el, plural, query, setText, showError } from "./page-dom.js";
import { pushState, track, type Asked } from "./page-state.js";

export interface AssetRef {
  chain_id: string;
  denom: string;
  symbol?: string | undefined;
}

export const REACH_FILTERS = ["allow_multi_tx", "include_cw20_assets", "native_only", "include_swaps"] as const;
export const BETWEEN_FILTERS = ["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets"] as const;

export type ReachFlags = Record<(typeof REACH_FILTERS)[number], boolean>;
export type BetweenRequest = { source_chain_id: string; dest_chain_id: string } & Record<(typeof BETWEEN_FILTERS)[number], boolean>;

/** The result areas of each view, hidden when another view is shown from the URL. */
const RESULTS = { reach: ["reach-table", "reach-unreached"], between: ["between-table"], route: ["route-view"], why: ["why-result"] } as const;

export function hideResults(except: keyof typeof RESULTS | null): void {
  for (const [view, ids] of Object.entries(RESULTS)) {
    if (view === except) continue;
    for (const id of ids) $(id).hidden = true;
    showError(view + "-error", null);
  }
  $("route-hint").hidden = except === "route";
}

const chainCell = (chainId: string) => headerCell("Chain", [el("span", { className: "chain-name", textContent: chainName(chainId) }), " ", el("span", { className: "chain-id", textContent: chainName(chainId) === chainId ? "" : chainId })]);

export function askReach(source: AssetRef, options: ReachFlags, asked: Asked): Promise<void> {
  if (asked.push) pushState("reach", { chain: source.chain_id, denom: source.denom, ...options });
  const table = $<HTMLTableElement>("reach-table");
  const unreached = $<HTMLTableElement>("reach-unreached");
  return track("reach", async (signal) => {
    table.hidden = true;
    unreached.hidden = true;
    const request = { source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, ...options };
    const [answer, reasons] = await Promise.all([
      api<AssetsFromSourceResponse>("/v2/fungible/assets_from_source", request, signal),
      api<DestinationsResponse>("/fungible-graph/v1/destinations", request, signal),
    ]);
    const found = Object.entries(answer.dest_assets).flatMap(([chainId, { assets }]) => assets.map((asset) => ({ chainId, asset })));
    await fillTable(table, found.length, async (from, to) => {
      const shown = found.slice(from, to);
      const name = await namesFor(shown.map(({ asset }) => asset));
      return shown.map(({ chainId, asset }) => {
        const nameCell = el("td", {}, [nameNode(name(asset))]);
        nameCell.dataset["label"] = "Asset";
        const route = el("td", {}, [routeButton(source, asset, options.include_swaps, name(asset).text)]);
        route.dataset["label"] = "Route";
        const row = el("tr", {}, [chainCell(chainId), nameCell, denomCell("Denom", asset.denom), textCell("Trace", asset.trace || "native"), originCell(asset), route]);
        row.dataset["chain"] = chainId;
        row.dataset["denom"] = asset.denom;
        return row;
      });
    });
    setText($("reach-caption"), plural(found.length, "asset") + " on " + plural(Object.keys(answer.dest_assets).length, "chain") +
      " reachable from " + chainName(source.chain_id) + " " + source.denom);
    table.hidden = false;
    await showUnreached(reasons);
  });
}

function originCell(asset: Nameable): HTMLTableCellElement {
  const cell = denomCell("Origin", asset.origin_denom, "origin denom");
  cell.prepend(el("span", { className: "chain-name", textContent: chainName(asset.origin_chain_id) }), " ");
  cell.dataset["origin"] = asset.origin_chain_id + " " + asset.origin_denom;
  return cell;
}

/** One row per chain, no names to ask: every chain of a real registry (237 on mainnet) at once. */
const CHAIN_BATCH = 1000;

/** Every chain the source does not reach, greyed out, with the verdict and the first reason (GET /fungible-graph/v1/destinations). */
async function showUnreached(answer: DestinationsResponse): Promise<void> {
  const table = $<HTMLTableElement>("reach-unreached");
  const unreached = answer.destinations.filter((destination) => !destination.reachable);
  await fillTable(table, unreached.length, async (from, to) => unreached.slice(from, to).map((destination) => {
    const first = destination.reasons[0];
    const why = textCell("Why not", first ? first.message : "");
    if (first) why.dataset["code"] = first.code;
    const row = el("tr", { className: "unreached" }, [chainCell(destination.chain_id), textCell("Verdict", verdictTitle(destination.verdict)), why]);
    row.dataset["chain"] = destination.chain_id;
    return row;
  }), CHAIN_BATCH);
  setText($("reach-unreached-caption"), plural(unreached.length, "chain") + " not reached from " + chainName(answer.source.chain_id) + " " + answer.source.denom + ", and why");
  table.hidden = unreached.length === 0;
}

export function askBetween(request: BetweenRequest, asked: Asked): Promise<void> {
  if (asked.push) pushState("between", { source: request.source_chain_id, dest: request.dest_chain_id, ...Object.fromEntries(BETWEEN_FILTERS.map((flag) => [flag, request[flag]])) });
  const table = $<HTMLTableElement>("between-table");
  return track("between", async (signal) => {
    table.hidden = true;
    const answer = await api<AssetsBetweenChainsResponse>("/v2/fungible/assets_between_chains?" + query(request), undefined, signal);
    const pairs = answer.assets_between_chains;
    await fillTable(table, pairs.length, async (from, to) => {
      const shown = pairs.slice(from, to);
      const name = await namesFor(shown.flatMap((pair) => [pair.asset_on_source, pair.asset_on_dest]));
      return shown.map((pair) => {
        const route = el("td", {}, [routeButton(pair.asset_on_source, pair.asset_on_dest, false, name(pair.asset_on_dest).text)]);
        route.dataset["label"] = "Route";
        const onDest = el("td", {}, [nameNode(name(pair.asset_on_dest))]);
        onDest.dataset["label"] = "To";
        return el("tr", {}, [
          headerCell("From", [nameNode(name(pair.asset_on_source))]),
          denomCell("From denom", pair.asset_on_source.denom),
          onDest,
          denomCell("To denom", pair.asset_on_dest.denom),
          textCell("Transactions", String(pair.txs_required)),
          textCell("Bridges", pair.bridges.join(", ")),
          route,
        ]);
      });
    });
    setText($("between-caption"), plural(pairs.length, "asset") + " can move " + chainName(request.source_chain_id) + " \u2192 " + chainName(request.dest_chain_id));
    table.hidden = false;
  });
}

export function askRoute(from: AssetRef, to: AssetRef, includeSwaps: boolean, asked: Asked): Promise<void> {
  if (asked.push) pushState("route", { from: from.chain_id + ":" + from.denom, to: to.chain_id + ":" + to.denom, include_swaps: includeSwaps });
  const view = $("route-view");
  view.hidden = false;
  $("route-hint").hidden = true;
  if (asked.push) $("route-heading").scrollIntoView({ block: "start" });
  return track("route", async (signal) => {
    view.replaceChildren();
    const answer = await api<RouteAnswer>("/fungible-graph/v1/route?" + query({
      from: from.chain_id + ":" + from.denom,
      to: to.chain_id + ":" + to.denom,
      include_swaps: includeSwaps ? "true" : undefined,
    }), undefined, signal);
    view.replaceChildren(answer.route
      ? routeFigure(answer.route)
      : el("p", { className: "no-route", textContent: "No route from " + chainName(from.chain_id) + " " + from.denom + " to " + chainName(to.chain_id) + " " + to.denom + "." }));
  });
}

function routeButton(from: AssetRef, to: AssetRef, includeSwaps: boolean, toName: string): HTMLButtonElement {
  const button = el("button", { type: "button", textContent: "Route" });
  button.setAttribute("aria-label", "Route to " + to.chain_id + " " + (to.symbol || toName || to.denom));
  button.addEventListener("click", () => void askRoute(from, to, includeSwaps, { push: true }));
  return button;
}
