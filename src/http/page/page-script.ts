/**
 * The explorer page's script (served at /explorer/app.js). Plain ES2020 for any current browser:
 * it reads only the service's own JSON endpoints and builds the DOM with textContent (never
 * innerHTML), so registry text is always shown as text. Kept in a string so the handler stays
 * runtime-neutral and nothing needs a build step; the browser tests in test/page run it.
 * The route diagram (./page-diagram.ts) is appended: one script, one scope.
 */
import { DIAGRAM_SCRIPT } from "./page-diagram.js";

export const PAGE_SCRIPT = String.raw`"use strict";
const $ = (id) => document.getElementById(id);

function el(tag, props, children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children || []) node.append(child);
  return node;
}

function showError(id, error) {
  const target = $(id);
  target.textContent = error ? String(error.message || error) : "";
  target.hidden = !error;
}

/** Every endpoint answers JSON; an error body carries the server's message. */
async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  let answer;
  try {
    answer = await response.json();
  } catch (error) {
    throw new Error(path + ": the answer is not JSON (HTTP " + response.status + ")");
  }
  if (!response.ok) throw new Error(answer && answer.message ? answer.message : "HTTP " + response.status);
  return answer;
}

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(name, String(value));
  return search.toString();
}

function flags(form, names) {
  const out = {};
  for (const name of names) out[name] = form.elements[name].checked;
  return out;
}

const assetLabel = (asset) => (asset.symbol ? asset.symbol + " \u2014 " : "") + asset.denom;
const chainLabel = (chain) => chain.chain_id + (chain.pretty_name && chain.pretty_name !== chain.chain_id ? " (" + chain.pretty_name + ")" : "");

// ---- chains and assets -------------------------------------------------------------------

const assetCache = new Map();
function assetsOf(chainId) {
  if (!assetCache.has(chainId)) {
    const pending = api("/v2/fungible/assets?" + query({ chain_id: chainId })).then((answer) => answer.assets);
    pending.catch(() => assetCache.delete(chainId));
    assetCache.set(chainId, pending);
  }
  return assetCache.get(chainId);
}

function fillChainSelect(select, chains, chosen) {
  select.replaceChildren(...chains.map((chain) => el("option", { value: chain.chain_id, textContent: chainLabel(chain) })));
  if (chosen) select.value = chosen;
}

async function fillAssetSelect(chainId) {
  const select = $("reach-asset");
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

const knownChains = new Set();

async function fillDenomList(listId, chainId) {
  const list = $(listId);
  list.replaceChildren();
  // A chain typed by hand that is not in the registry: the explanation will say so.
  if (!knownChains.has(chainId)) return;
  try {
    const assets = await assetsOf(chainId);
    list.replaceChildren(...assets.map((asset) => el("option", { value: asset.denom, label: asset.symbol || "" })));
  } catch (error) {
    // No list to offer; the form still works without one.
  }
}

async function showRoute(from, to, includeSwaps) {
  const view = $("route-view");
  view.replaceChildren(el("p", { textContent: "Finding the route\u2026" }));
  showError("route-error", null);
  try {
    const answer = await api("/v2/fungible/route?" + query({
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

function routeButton(from, to, includeSwaps) {
  const label = "Route to " + to.chain_id + " " + (to.symbol || to.denom);
  const button = el("button", { type: "button", textContent: "Route" });
  button.setAttribute("aria-label", label);
  button.addEventListener("click", () => showRoute(from, to, includeSwaps));
  return button;
}

// ---- the two queries as tables -------------------------------------------------------------

const cell = (text, className) => el("td", { textContent: text, className: className || "" });

async function runReach(event) {
  event.preventDefault();
  const form = $("reach-form");
  const source = { chain_id: $("reach-chain").value, denom: $("reach-asset").value };
  const options = flags(form, ["allow_multi_tx", "include_cw20_assets", "native_only", "include_swaps"]);
  showError("reach-error", null);
  try {
    const answer = await api("/v2/fungible/assets_from_source", Object.assign({ source_asset_chain_id: source.chain_id, source_asset_denom: source.denom }, options));
    const rows = [];
    for (const chainId of Object.keys(answer.dest_assets)) {
      for (const asset of answer.dest_assets[chainId].assets) {
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
    $("reach-table").tBodies[0].replaceChildren(...rows);
    $("reach-caption").textContent = plural(rows.length, "asset") + " on " + plural(Object.keys(answer.dest_assets).length, "chain") +
      " reachable from " + source.chain_id + " " + source.denom;
    $("reach-table").hidden = false;
  } catch (error) {
    $("reach-table").hidden = true;
    showError("reach-error", error);
  }
}

async function runBetween(event) {
  event.preventDefault();
  const form = $("between-form");
  const options = flags(form, ["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets"]);
  const request = Object.assign({ source_chain_id: $("between-source").value, dest_chain_id: $("between-dest").value }, options);
  showError("between-error", null);
  try {
    const answer = await api("/v2/fungible/assets_between_chains?" + query(request));
    const rows = answer.assets_between_chains.map((pair) => el("tr", {}, [
      el("th", { scope: "row", textContent: pair.asset_on_source.symbol || "-" }),
      cell(pair.asset_on_source.denom, "denom"),
      cell(pair.asset_on_dest.symbol || "-"),
      cell(pair.asset_on_dest.denom, "denom"),
      cell(String(pair.txs_required)),
      cell(pair.bridges.join(", ")),
      el("td", {}, [routeButton(pair.asset_on_source, pair.asset_on_dest, false)]),
    ]));
    $("between-table").tBodies[0].replaceChildren(...rows);
    $("between-caption").textContent = plural(rows.length, "asset") + " can move " + request.source_chain_id + " \u2192 " + request.dest_chain_id;
    $("between-table").hidden = false;
  } catch (error) {
    $("between-table").hidden = true;
    showError("between-error", error);
  }
}

// ---- explanations --------------------------------------------------------------------------

/** Which input a suggestion fills: the chain id of the side it names, or the denom of the asset. */
function suggestionTarget(reason) {
  if (reason.code === "unknown_chain") return reason.side === "source" ? "why-source-chain" : "why-dest-chain";
  if (reason.code === "dest_asset_not_on_chain") return "why-dest-denom";
  return "why-source-denom";
}

function suggestionList(reason) {
  const suggestions = reason.suggestions || [];
  if (suggestions.length === 0) return null;
  const target = suggestionTarget(reason);
  const buttons = suggestions.map((suggestion) => {
    const value = typeof suggestion === "string" ? suggestion : suggestion.denom;
    const text = typeof suggestion === "string" ? suggestion : (suggestion.symbol ? suggestion.symbol + " " : "") + suggestion.denom;
    const button = el("button", { type: "button", textContent: text });
    button.addEventListener("click", () => {
      $(target).value = value;
      $("why-form").requestSubmit();
    });
    return button;
  });
  return el("p", { className: "suggestions" }, ["Did you mean: "].concat(buttons));
}

function reasonItem(reason) {
  const item = el("li", { className: "reason" }, [el("code", { className: "code", textContent: reason.code }), " ", el("span", { className: "message", textContent: reason.message })]);
  item.dataset.code = reason.code;
  const suggestions = suggestionList(reason);
  if (suggestions) item.append(suggestions);
  return item;
}

function explainRequest() {
  const form = $("why-form");
  const request = flags(form, ["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets", "native_only", "include_swaps"]);
  for (const name of ["source_asset_chain_id", "source_asset_denom", "dest_chain_id", "dest_asset_denom", "recommendation_reason"]) {
    const value = form.elements[name].value.trim();
    if (value !== "") request[name] = value;
  }
  return request;
}

/**
 * What an unreachable answer can still draw: the nearest path over INACTIVE or UNKNOWN channels
 * (those hops marked), and the route that needs several transactions (when it is another one).
 */
function pathFigures(answer) {
  const figures = [];
  const inactive = answer.reasons.filter((reason) => reason.code === "inactive_channel");
  if (inactive.length > 0) {
    const broken = (hop) => {
      const found = inactive.find((r) => hop.kind === "ibc" && r.chain_id === hop.from.chain_id && r.port === hop.port && r.channel === hop.channel);
      return found ? found.status : undefined;
    };
    figures.push(routeFigure(inactive[0].route, broken, "Nearest path, if every channel were active"));
  }
  for (const reason of answer.reasons) {
    if (reason.code !== "needs_multiple_txs") continue;
    if (inactive.length > 0 && JSON.stringify(reason.route) === JSON.stringify(inactive[0].route)) continue;
    figures.push(routeFigure(reason.route, undefined, "Route that needs " + plural(reason.txs_required, "transaction")));
  }
  return figures;
}

const PICTURES = ["mermaid", "dot", "svg"];

function clearPictures() {
  $("why-pictures").hidden = true;
  for (const format of PICTURES) $("why-" + format).value = "";
  $("why-svg-image").removeAttribute("src");
}

/** The same answer drawn by the service (explain's ?format=): Mermaid and DOT to copy, Graphviz's SVG to see. */
async function showPictures(request) {
  clearPictures();
  const texts = await Promise.all(PICTURES.map((format) => api("/v2/fungible/explain?" + query({ format: format }), request).then((answer) => answer.text)));
  PICTURES.forEach((format, i) => { $("why-" + format).value = texts[i]; });
  $("why-svg-image").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(texts[2]);
  $("why-pictures").hidden = false;
}

async function runWhy(event) {
  event.preventDefault();
  const request = explainRequest();
  showError("why-error", null);
  const verdict = $("why-verdict");
  $("why-result").setAttribute("aria-busy", "true");
  try {
    const answer = await api("/v2/fungible/explain", request);
    const what = request.source_asset_chain_id + " " + request.source_asset_denom;
    const where = answer.dest_chain_id + (request.dest_asset_denom ? " " + request.dest_asset_denom : "");
    verdict.textContent = answer.reachable ? what + " can reach " + where + "." : what + " cannot reach " + where + ".";
    verdict.className = answer.reachable ? "verdict-yes" : "verdict-no";
    verdict.dataset.reachable = String(answer.reachable);
    $("why-reasons").replaceChildren(...answer.reasons.map(reasonItem));
    $("why-routes").replaceChildren(...answer.routes.map((route) => routeFigure(route)));
    $("why-paths").replaceChildren(...pathFigures(answer));
    await showPictures(request);
  } catch (error) {
    verdict.textContent = "";
    delete verdict.dataset.reachable;
    for (const id of ["why-reasons", "why-routes", "why-paths"]) $(id).replaceChildren();
    clearPictures();
    showError("why-error", error);
  } finally {
    $("why-result").setAttribute("aria-busy", "false");
  }
}

// ---- start -----------------------------------------------------------------------------------

async function start() {
  try {
    const { chains } = await api("/v2/fungible/chains");
    for (const chain of chains) knownChains.add(chain.chain_id);
    $("chain-ids").replaceChildren(...chains.map((chain) => el("option", { value: chain.chain_id, label: chain.pretty_name || "" })));
    fillChainSelect($("reach-chain"), chains);
    fillChainSelect($("between-source"), chains);
    fillChainSelect($("between-dest"), chains, chains.length > 1 ? chains[1].chain_id : undefined);
    $("summary").textContent = plural(chains.length, "chain") + " in the registry.";
    if (chains.length > 0) await fillAssetSelect($("reach-chain").value);
  } catch (error) {
    showError("load-error", error);
  }
  $("reach-chain").addEventListener("change", (event) => fillAssetSelect(event.target.value));
  $("why-source-chain").addEventListener("change", (event) => fillDenomList("why-source-denoms", event.target.value.trim()));
  $("why-dest-chain").addEventListener("change", (event) => fillDenomList("why-dest-denoms", event.target.value.trim()));
  $("reach-form").addEventListener("submit", runReach);
  $("between-form").addEventListener("submit", runBetween);
  $("why-form").addEventListener("submit", runWhy);
  document.body.dataset.ready = "true";
}
` + DIAGRAM_SCRIPT + "\nstart();\n";
