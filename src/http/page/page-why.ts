/**
 * Browser code of the explorer page: "Why can't it go?". Sends the form to explain, shows the
 * verdict, each reason with its clickable close matches, the routes found, what an unreachable
 * answer can still draw, and (when the reader opens them) the same answer as Mermaid, DOT and SVG
 * from the service. One press of Explain sends one request.
 */
import type { ExplainPicture } from "../explorer-schemas.js";
import type { ExplainResponse, Reason, Verdict } from "../../wire/explain.js";
import { verdictTitle } from "../../explain/verdict.js";
import { routeFigure } from "./page-diagram.js";
import { $, api, el, flags, plural, query, showError, setText } from "./page-dom.js";
import { pushState, track, type Asked } from "./page-state.js";

export const WHY_FILTERS = ["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets", "native_only", "include_swaps"] as const;
export const WHY_FIELDS = ["source_asset_chain_id", "source_asset_denom", "dest_chain_id", "dest_asset_denom", "recommendation_reason"] as const;

export type ExplainForm = Partial<Record<(typeof WHY_FILTERS)[number], boolean> & Record<(typeof WHY_FIELDS)[number], string>>;
type ReasonOf<C extends Reason["code"]> = Extract<Reason, { code: C }>;

/** Which input a suggestion fills: the chain id of the side it names, or the denom of the asset. */
function suggestionTarget(reason: Reason): string {
  if (reason.code === "unknown_chain") return reason.side === "source" ? "why-source-chain" : "why-dest-chain";
  if (reason.code === "dest_asset_not_on_chain") return "why-dest-denom";
  return "why-source-denom";
}

function suggestionList(reason: Reason): HTMLElement | null {
  const suggestions = "suggestions" in reason ? reason.suggestions : [];
  if (suggestions.length === 0) return null;
  const target = suggestionTarget(reason);
  const buttons = suggestions.map((suggestion) => {
    const value = typeof suggestion === "string" ? suggestion : suggestion.denom;
    const text = typeof suggestion === "string" ? suggestion : (suggestion.symbol ? suggestion.symbol + " " : "") + suggestion.denom;
    const button = el("button", { type: "button", textContent: text });
    button.addEventListener("click", () => {
      $<HTMLInputElement>(target).value = value;
      $<HTMLFormElement>("why-form").requestSubmit();
    });
    return button;
  });
  return el("p", { className: "suggestions" }, ["Did you mean: ", ...buttons]);
}

function reasonItem(reason: Reason): HTMLElement {
  const item = el("li", { className: "reason" }, [el("code", { className: "code", textContent: reason.code }), " ", el("span", { className: "message", textContent: reason.message })]);
  item.dataset["code"] = reason.code;
  const suggestions = suggestionList(reason);
  if (suggestions) item.append(suggestions);
  return item;
}

export function explainRequest(): ExplainForm {
  const form = $<HTMLFormElement>("why-form");
  const request: ExplainForm = flags(form, WHY_FILTERS);
  for (const name of WHY_FIELDS) {
    const value = (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value.trim();
    if (value !== "") request[name] = value;
  }
  return request;
}

/**
 * What an unreachable answer can still draw: the nearest path over INACTIVE or UNKNOWN channels
 * (those hops marked), and the route that needs several transactions (when it is another one).
 */
function pathFigures(answer: ExplainResponse): HTMLElement[] {
  const figures: HTMLElement[] = [];
  const inactive = answer.reasons.filter((reason): reason is ReasonOf<"inactive_channel"> => reason.code === "inactive_channel");
  const nearest = inactive[0];
  if (nearest) {
    figures.push(routeFigure(nearest.route, (hop) => {
      const found = inactive.find((r) => hop.kind === "ibc" && r.chain_id === hop.from.chain_id && r.port === hop.port && r.channel === hop.channel);
      return found ? found.status : undefined;
    }, "Nearest path, if every channel were active"));
  }
  for (const reason of answer.reasons) {
    if (reason.code !== "needs_multiple_txs") continue;
    if (nearest && JSON.stringify(reason.route) === JSON.stringify(nearest.route)) continue;
    figures.push(routeFigure(reason.route, undefined, "Route that needs " + plural(reason.txs_required, "transaction")));
  }
  return figures;
}

const PICTURES = ["mermaid", "dot", "svg"] as const;

/** The request whose pictures the pictures section draws when it is opened (then `null`: drawn once). */
let unpictured: ExplainForm | null = null;

function clearPictures(): void {
  unpictured = null;
  const section = $("why-pictures");
  section.hidden = true;
  delete section.dataset["loaded"];
  for (const format of PICTURES) $<HTMLTextAreaElement>("why-" + format).value = "";
  $("why-svg-image").removeAttribute("src");
}

/**
 * The same answer drawn by the service (explain's ?format=): Mermaid and DOT to copy, Graphviz's
 * SVG to see. Asked only when the reader opens the section, so pressing Explain sends one request.
 */
export async function showPicturesWhenOpen(): Promise<void> {
  const section = $<HTMLDetailsElement>("why-pictures");
  const request = unpictured;
  if (!section.open || request === null) return;
  unpictured = null;
  try {
    const texts = await Promise.all(PICTURES.map((format) => api<ExplainPicture>("/fungible-graph/v1/explain?" + query({ format }), request).then((answer) => answer.text)));
    PICTURES.forEach((format, i) => {
      $<HTMLTextAreaElement>("why-" + format).value = texts[i] ?? "";
    });
    $<HTMLImageElement>("why-svg-image").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(texts[2] ?? "");
    section.dataset["loaded"] = "true";
  } catch (error) {
    unpictured = request;
    showError("why-error", error);
  }
}

/**
 * For "reachable if": a button that makes the change in the form, in the form's own words
 * ("Include EVM tokens" on), and asks again.
 */
function changeOffer(verdict: Verdict): HTMLElement[] {
  if (verdict.kind !== "reachable_if") return [];
  const form = $<HTMLFormElement>("why-form");
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const said = verdict.changes.map((change) => {
    const label = control(change.option)?.labels?.[0]?.textContent?.replace(/\s*\(\w+\)\s*$/, "").trim() || change.option;
    return typeof change.value === "boolean" ? "\u201c" + label + "\u201d " + (change.value ? "on" : "off") : label + ": " + String(change.value);
  });
  const button = el("button", { type: "button", className: "change", textContent: "Explain again with " + said.join(" and ") });
  button.addEventListener("click", () => {
    for (const change of verdict.changes) {
      const target = control(change.option);
      if (target instanceof HTMLInputElement && target.type === "checkbox") target.checked = change.value === true;
      else if (target) target.value = change.value === "UNKNOWN" ? "" : String(change.value);
    }
    form.requestSubmit();
  });
  return [button];
}

/** Asks explain once and shows its answer: the verdict first, then the reasons and the routes. */
export function askWhy(request: ExplainForm, asked: Asked): Promise<void> {
  if (asked.push) pushState("why", request);
  const verdict = $("why-verdict");
  const result = $("why-result");
  result.hidden = false;
  return track("why", async (signal) => {
    result.setAttribute("aria-busy", "true");
    try {
      const answer = await api<ExplainResponse>("/fungible-graph/v1/explain", request, signal);
      const what = request.source_asset_chain_id + " " + request.source_asset_denom;
      const where = answer.dest_chain_id + (request.dest_asset_denom ? " " + request.dest_asset_denom : "");
      // The verdict leads, in the words `why` prints first (verdictTitle).
      const sentence = answer.reachable ? what + " can reach " + where + "." : answer.verdict.kind === "reachable_if" ? what + " can reach " + where + " only if " + verdictTitle(answer.verdict).slice("reachable if ".length) + "." : what + " cannot reach " + where + ".";
      setText(verdict, "Verdict: " + verdictTitle(answer.verdict) + ". " + sentence);
      verdict.className = answer.reachable ? "verdict-yes" : answer.verdict.kind === "reachable_if" ? "verdict-if" : "verdict-no";
      verdict.dataset["reachable"] = String(answer.reachable);
      verdict.dataset["verdict"] = answer.verdict.kind;
      $("why-change").replaceChildren(...changeOffer(answer.verdict));
      $("why-reasons").replaceChildren(...answer.reasons.map(reasonItem));
      $("why-routes").replaceChildren(...answer.routes.map((route) => routeFigure(route)));
      $("why-paths").replaceChildren(...pathFigures(answer));
      clearPictures();
      unpictured = request;
      $("why-pictures").hidden = false;
      await showPicturesWhenOpen();
    } catch (error) {
      setText(verdict, "");
      delete verdict.dataset["reachable"];
      delete verdict.dataset["verdict"];
      for (const id of ["why-change", "why-reasons", "why-routes", "why-paths"]) $(id).replaceChildren();
      clearPictures();
      // track shows it, with Retry.
      throw error;
    } finally {
      result.setAttribute("aria-busy", "false");
    }
  });
}
