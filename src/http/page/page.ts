/**
 * The explorer page's script (browser code, served at /explorer/app.js): esbuild bundles this
 * file and its page-*.ts imports into one ES module at build time (./page-script.ts embeds it),
 * and tsconfig.page.json type-checks it against the DOM and the wire types. It reads only the
 * service's own JSON endpoints and builds the DOM with textContent (never innerHTML), so registry
 * text is always shown as text. This file wires the pickers and forms to the questions, and the
 * URL to the views (./page-state.ts).
 */
import { pageText } from "../../wire/safe-text.js";
import { assetOptions, chainOptions, isKnownChain, loadChains } from "./page-catalog.js";
import { Combobox, type PickOption } from "./page-combobox.js";
import { $, flags, plural, showError, setText } from "./page-dom.js";
import { askBetween, askReach, askRoute, BETWEEN_FILTERS, hideResults, REACH_FILTERS, type ReachFlags } from "./page-queries.js";
import { flagsOf, readState, setFlags, type PageState } from "./page-state.js";
import { askWhy, explainRequest, showPicturesWhenOpen, WHY_FIELDS, WHY_FILTERS, type ExplainForm } from "./page-why.js";

/** What a strict picker's input shows once an option is picked. */
const shownAs = (option: PickOption) => pageText(option.label + (option.detail ? " \u00b7 " + option.detail : ""));
/** A free picker (the why form) shows the value itself: what is typed is what is asked. */
const valueShown = (option: PickOption) => option.value;

function picker(id: string, free: boolean, onPick?: (option: PickOption) => void): Combobox {
  return new Combobox($<HTMLInputElement>(id), { free, display: free ? valueShown : shownAs, ...(onPick ? { onPick } : {}) });
}

/** The latest chain each asset picker was asked to list: an older list arriving late is dropped. */
const listing = new WeakMap<Combobox, string>();

/** Fills an asset picker with a chain's assets (an unknown chain: none, the why form explains). */
async function fillAssets(target: Combobox, chainId: string, errorArea: string | null): Promise<void> {
  listing.set(target, chainId);
  const current = () => listing.get(target) === chainId;
  if (!isKnownChain(chainId)) return target.setOptions([]);
  target.loading(true);
  try {
    const own = await assetOptions(chainId, false);
    if (!current()) return;
    target.setOptions(own);
    if (errorArea) showError(errorArea, null);
    target.loading(false);
    // Then derived vouchers named by their origins' symbols, once those lists are in.
    const named = await assetOptions(chainId, true);
    if (current()) target.setOptions(named);
  } catch (error) {
    if (!current()) return;
    target.setOptions([]);
    if (errorArea) showError(errorArea, error, () => fillAssets(target, chainId, errorArea));
  } finally {
    if (current()) target.loading(false);
  }
}

const reachChain = picker("reach-chain", false, (option) => {
  reachAsset.clear();
  void fillAssets(reachAsset, option.value, "reach-error");
});
const reachAsset = picker("reach-asset", false);
const betweenSource = picker("between-source", false);
const betweenDest = picker("between-dest", false);
const whySourceChain = picker("why-source-chain", true, (option) => void fillAssets(whySourceDenom, option.value, null));
const whySourceDenom = picker("why-source-denom", true);
const whyDestChain = picker("why-dest-chain", true, (option) => void fillAssets(whyDestDenom, option.value, null));
const whyDestDenom = picker("why-dest-denom", true);

/** A required picker left empty: said beside the form, and the focus moved there. */
function missing(errorArea: string, pickers: readonly [Combobox, string][]): boolean {
  const empty = pickers.find(([target]) => target.value === "");
  if (!empty) return false;
  showError(errorArea, new Error("Pick " + empty[1] + " from the list (type to search, then Enter)."));
  empty[0].input.focus();
  return true;
}

function submitReach(event: Event): void {
  event.preventDefault();
  if (missing("reach-error", [[reachChain, "a source chain"], [reachAsset, "a source asset"]])) return;
  void askReach({ chain_id: reachChain.value, denom: reachAsset.value }, flags($<HTMLFormElement>("reach-form"), REACH_FILTERS), { push: true });
}

function submitBetween(event: Event): void {
  event.preventDefault();
  if (missing("between-error", [[betweenSource, "a source chain"], [betweenDest, "a destination chain"]])) return;
  void askBetween({ source_chain_id: betweenSource.value, dest_chain_id: betweenDest.value, ...flags($<HTMLFormElement>("between-form"), BETWEEN_FILTERS) }, { push: true });
}

function submitWhy(event: Event): void {
  event.preventDefault();
  void askWhy(explainRequest(), { push: true });
}

/** Shows the view a URL names: its form filled as the URL says, the question re-asked, the other views' results hidden. */
async function applyState({ view, params }: PageState): Promise<void> {
  hideResults(view);
  const asked = { push: false };
  const get = (name: string) => params.get(name) ?? "";
  if (view === "reach") {
    reachChain.set(get("chain"));
    await fillAssets(reachAsset, get("chain"), "reach-error");
    reachAsset.set(get("denom"));
    const options = flagsOf(params, REACH_FILTERS) as ReachFlags;
    setFlags($<HTMLFormElement>("reach-form"), options);
    await askReach({ chain_id: get("chain"), denom: get("denom") }, options, asked);
  } else if (view === "between") {
    betweenSource.set(get("source"));
    betweenDest.set(get("dest"));
    const options = flagsOf(params, BETWEEN_FILTERS);
    setFlags($<HTMLFormElement>("between-form"), options);
    await askBetween({ source_chain_id: get("source"), dest_chain_id: get("dest"), ...options } as Parameters<typeof askBetween>[0], asked);
  } else if (view === "route") {
    const [from, to] = [get("from"), get("to")].map((text) => ({ chain_id: text.slice(0, Math.max(0, text.indexOf(":"))), denom: text.slice(text.indexOf(":") + 1) }));
    await askRoute(from!, to!, params.get("include_swaps") === "true", asked);
  } else if (view === "why") {
    const request: ExplainForm = flagsOf(params, WHY_FILTERS);
    for (const name of WHY_FIELDS) if (get(name) !== "") request[name] = get(name);
    const pickers = { source_asset_chain_id: whySourceChain, source_asset_denom: whySourceDenom, dest_chain_id: whyDestChain, dest_asset_denom: whyDestDenom } as const;
    for (const [name, target] of Object.entries(pickers)) target.set(get(name));
    $<HTMLSelectElement>("why-recommendation_reason").value = get("recommendation_reason");
    setFlags($<HTMLFormElement>("why-form"), flagsOf(params, WHY_FILTERS));
    void fillAssets(whySourceDenom, get("source_asset_chain_id"), null);
    void fillAssets(whyDestDenom, get("dest_chain_id"), null);
    await askWhy(request, asked);
  }
  if (view) $(view + "-heading").scrollIntoView({ block: "start" });
}

async function start(): Promise<void> {
  $("reach-form").addEventListener("submit", submitReach);
  $("between-form").addEventListener("submit", submitBetween);
  $("why-form").addEventListener("submit", submitWhy);
  $("why-pictures").addEventListener("toggle", () => void showPicturesWhenOpen());
  // A free picker typed by hand: its assets are offered once the chain is left.
  $("why-source-chain").addEventListener("change", () => void fillAssets(whySourceDenom, whySourceChain.value, null));
  $("why-dest-chain").addEventListener("change", () => void fillAssets(whyDestDenom, whyDestChain.value, null));
  window.addEventListener("popstate", () => void applyState(readState()));
  try {
    const chains = await loadChains();
    const options = chainOptions(chains);
    for (const target of [reachChain, betweenSource, betweenDest, whySourceChain, whyDestChain]) target.setOptions(options);
    setText($("summary"), plural(chains.length, "chain") + " in the registry.");
  } catch (error) {
    showError("load-error", error, () => location.reload());
  }
  // Ready once the lists are in and the URL's question is asked; its answer may take longer.
  const applying = applyState(readState());
  document.body.dataset["ready"] = "true";
  await applying;
}

void start();
