/**
 * The explorer page's script (browser code, served at /explorer/app.js): esbuild bundles this
 * file and its page-*.ts imports into one ES module at build time (./page-script.ts embeds it),
 * and tsconfig.page.json type-checks it against the DOM and the wire types. It reads only the
 * service's own JSON endpoints and builds the DOM with textContent (never innerHTML), so registry
 * text is always shown as text.
 */
import type { RouteAnswer } from "../explorer-schemas.js";
import type { AssetSummary, ChainSummary } from "../../wire/explain.js";
import type { AssetsBetweenChainsResponse, AssetsFromSourceResponse } from "../../wire/schema.js";
import type { DestinationsResponse } from "../../wire/destinations.js";
import { verdictTitle } from "../../explain/verdict.js";
import { routeFigure } from "./page-diagram.js";
import { $, api, el, flags, plural, query, showError, setText } from "./page-dom.js";
import { runWhy, showPicturesWhenOpen } from "./page-why.js";

interface AssetRef {
  chain_id: string;
  denom: string;
  symbol?: string | undefined;
}

const REACH_FILTERS = ["allow_multi_tx", "include_cw20_assets", "native_only", "include_swaps"] as const;
const BETWEEN_FILTERS = ["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets"] as const;

const assetLabel = (asset: AssetSummary) => (asset.symbol ? asset.symbol + " \u2014 " : "") + asset.denom;
const chainLabel = (chain: ChainSummary) => chain.chain_id + (chain.pretty_name && chain.pretty_name !== chain.chain_id ? " (" + chain.pretty_name + ")" : "");

// ---- chains and assets -------------------------------------------------------------------

const assetCache = new Map<string, Promise<readonly AssetSummary[]>>();
function assetsOf(chainId: string): Promise<readonly AssetSummary[]> {
  let pending = assetCache.get(chainId);
  if (!pending) {
    pending = api<{ assets: readonly AssetSummary[] }>("/fungible-graph/v1/assets?" + query({ chain_id: chainId })).then((answer) => answer.assets);
    pending.catch(() => assetCache.delete(chainId));
    assetCache.set(chainId, pending);
  }
  return pending;
}

function fillChainSelect(select: HTMLSelectElement, chains: readonly ChainSummary[], chosen?: string): void {
  select.replaceChildren(...chains.map((chain) => el("option", { value: chain.chain_id, textContent: chainLabel(chain) })));
  if (chosen) select.value = chosen;
}

async function fillAssetSelect(chainId: string): Promise<void> {
  const select = $<HTMLSelectElement>("reach-asset");
  select.replaceChildren();
  select.disabled = true;
  try {
    const assets = await assetsOf(chainId);
    select.replaceChildren(...assets.map((asset) => el("option", { value: asset.denom, textContent: assetLabel(asset) })));
    showError("reach-error", null);
  } catch (error) {
    showError("reach-error", error);
  } finally {
    select.disabled = false;
  }
}

const knownChains = new Set<string>();

async function fillDenomList(listId: string, chainId: string): Promise<void> {
  const list = $(listId);
  list.replaceChildren();
  // A chain typed by hand that is not in the registry: the explanation will say so.
  if (!knownChains.has(chainId)) return;
  try {
    const assets = await assetsOf(chainId);
    list.replaceChildren(...assets.map((asset) => el("option", { value: asset.denom, label: asset.symbol || "" })));
  } catch {
    // No list to offer; the form still works without one.
  }
}

async function showRoute(from: AssetRef, to: AssetRef, includeSwaps: boolean): Promise<void> {
  const view = $("route-view");
  view.replaceChildren(el("p", { textContent: "Finding the route\u2026" }));
  showError("route-error", null);
  try {
    const answer = await api<RouteAnswer>("/fungible-graph/v1/route?" + query({
      from: from.chain_id + ":" + from.denom,
      to: to.chain_id + ":" + to.denom,
      include_swaps: includeSwaps ? "true" : undefined,
    }));
    view.replaceChildren(answer.route
      ? routeFigure(answer.route)
      : el("p", { className: "no-route", textContent: "No route from " + from.chain_id + " " + from.denom + " to " + to.chain_id + " " + to.denom + "." }));
  } catch (error) {
    view.replaceChildren();
    showError("route-error", error);
  }
  $("route-hint").hidden = true;
  $("route-heading").scrollIntoView({ block: "start" });
}

function routeButton(from: AssetRef, to: AssetRef, includeSwaps: boolean): HTMLButtonElement {
  const label = "Route to " + to.chain_id + " " + (to.symbol || to.denom);
  const button = el("button", { type: "button", textContent: "Route" });
  button.setAttribute("aria-label", label);
  button.addEventListener("click", () => showRoute(from, to, includeSwaps));
  return button;
}

// ---- the two queries as tables -------------------------------------------------------------

const cell = (text: string, className?: string) => el("td", { textContent: text, className: className || "" });

async function runReach(event: Event): Promise<void> {
  event.preventDefault();
  const form = $<HTMLFormElement>("reach-form");
  const source = { chain_id: $<HTMLSelectElement>("reach-chain").value, denom: $<HTMLSelectElement>("reach-asset").value };
  const options = flags(form, REACH_FILTERS);
  showError("reach-error", null);
  const table = $<HTMLTableElement>("reach-table");
  try {
    const request = { source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, ...options };
    const answer = await api<AssetsFromSourceResponse>("/v2/fungible/assets_from_source", request);
    const rows: HTMLElement[] = [];
    for (const [chainId, { assets }] of Object.entries(answer.dest_assets)) {
      for (const asset of assets) {
        rows.push(el("tr", {}, [
          el("th", { scope: "row", textContent: chainId }),
          cell(asset.symbol || "-"),
          cell(asset.denom, "denom"),
          cell(asset.trace || "-", "denom"),
          cell(asset.origin_chain_id + " " + asset.origin_denom, "denom"),
          el("td", {}, [routeButton(source, asset, options.include_swaps)]),
        ]));
      }
    }
    table.tBodies[0]!.replaceChildren(...rows);
    setText($("reach-caption"), plural(rows.length, "asset") + " on " + plural(Object.keys(answer.dest_assets).length, "chain") +
      " reachable from " + source.chain_id + " " + source.denom);
    table.hidden = false;
    await showUnreached(request);
  } catch (error) {
    table.hidden = true;
    $("reach-unreached").hidden = true;
    showError("reach-error", error);
  }
}

/** Every chain the source does not reach, greyed out, with the verdict and the first reason (GET /fungible-graph/v1/destinations). */
async function showUnreached(request: Record<string, unknown>): Promise<void> {
  const table = $<HTMLTableElement>("reach-unreached");
  const answer = await api<DestinationsResponse>("/fungible-graph/v1/destinations", request);
  const unreached = answer.destinations.filter((destination) => !destination.reachable);
  const rows = unreached.map((destination) => {
    const first = destination.reasons[0];
    const why = el("td", { textContent: first ? first.message : "" });
    if (first) why.dataset["code"] = first.code;
    return el("tr", { className: "unreached" }, [el("th", { scope: "row", textContent: destination.chain_id }), cell(verdictTitle(destination.verdict)), why]);
  });
  table.tBodies[0]!.replaceChildren(...rows);
  setText($("reach-unreached-caption"), plural(rows.length, "chain") + " not reached from " + answer.source.chain_id + " " + answer.source.denom + ", and why");
  table.hidden = rows.length === 0;
}

async function runBetween(event: Event): Promise<void> {
  event.preventDefault();
  const form = $<HTMLFormElement>("between-form");
  const request = { source_chain_id: $<HTMLSelectElement>("between-source").value, dest_chain_id: $<HTMLSelectElement>("between-dest").value, ...flags(form, BETWEEN_FILTERS) };
  showError("between-error", null);
  const table = $<HTMLTableElement>("between-table");
  try {
    const answer = await api<AssetsBetweenChainsResponse>("/v2/fungible/assets_between_chains?" + query(request));
    const rows = answer.assets_between_chains.map((pair) => el("tr", {}, [
      el("th", { scope: "row", textContent: pair.asset_on_source.symbol || "-" }),
      cell(pair.asset_on_source.denom, "denom"),
      cell(pair.asset_on_dest.symbol || "-"),
      cell(pair.asset_on_dest.denom, "denom"),
      cell(String(pair.txs_required)),
      cell(pair.bridges.join(", ")),
      el("td", {}, [routeButton(pair.asset_on_source, pair.asset_on_dest, false)]),
    ]));
    table.tBodies[0]!.replaceChildren(...rows);
    setText($("between-caption"), plural(rows.length, "asset") + " can move " + request.source_chain_id + " \u2192 " + request.dest_chain_id);
    table.hidden = false;
  } catch (error) {
    table.hidden = true;
    showError("between-error", error);
  }
}

// ---- start -----------------------------------------------------------------------------------

const valueOf = (event: Event) => (event.target as HTMLInputElement | HTMLSelectElement).value;

async function start(): Promise<void> {
  try {
    const { chains } = await api<{ chains: readonly ChainSummary[] }>("/fungible-graph/v1/chains");
    for (const chain of chains) knownChains.add(chain.chain_id);
    $("chain-ids").replaceChildren(...chains.map((chain) => el("option", { value: chain.chain_id, label: chain.pretty_name || "" })));
    fillChainSelect($("reach-chain"), chains);
    fillChainSelect($("between-source"), chains);
    fillChainSelect($("between-dest"), chains, chains[1]?.chain_id);
    setText($("summary"), plural(chains.length, "chain") + " in the registry.");
    if (chains.length > 0) await fillAssetSelect($<HTMLSelectElement>("reach-chain").value);
  } catch (error) {
    showError("load-error", error);
  }
  $("reach-chain").addEventListener("change", (event) => fillAssetSelect(valueOf(event)));
  $("why-source-chain").addEventListener("change", (event) => fillDenomList("why-source-denoms", valueOf(event).trim()));
  $("why-dest-chain").addEventListener("change", (event) => fillDenomList("why-dest-denoms", valueOf(event).trim()));
  $("reach-form").addEventListener("submit", runReach);
  $("between-form").addEventListener("submit", runBetween);
  $("why-form").addEventListener("submit", runWhy);
  $("why-pictures").addEventListener("toggle", () => void showPicturesWhenOpen());
  document.body.dataset["ready"] = "true";
}

void start();
