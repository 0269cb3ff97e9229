/**
 * Browser code of the explorer page (bundled into /explorer/app.js, see ./page-script.ts): the
 * few DOM helpers every part uses. Nodes are built with properties and textContent, never
 * innerHTML, so registry text is always shown as text; and through `pageText`, so a bidi override
 * or an invisible character in registry text shows as a visible escape instead of reordering or
 * hiding what a reader sees (`\u202eMOTA` must not read as ATOM).
 */
import { pageText } from "../../wire/safe-text.js";

/** Displayed properties whose text comes from the registry; `value` stays raw (it goes back to the server). */
const SHOWN = ["textContent", "label", "title"] as const;

/** The page's element with this id; a missing one is a bug of page.html, said as such. */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no element #${id}`);
  return node as T;
}

/** An element with properties (textContent, className, value...) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Partial<HTMLElementTagNameMap[K]>,
  children?: readonly (Node | string)[],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const shown: Record<string, unknown> = { ...props };
  for (const name of SHOWN) if (typeof shown[name] === "string") shown[name] = pageText(shown[name] as string);
  Object.assign(node, shown);
  for (const child of children ?? []) node.append(typeof child === "string" ? pageText(child) : child);
  return node;
}

/** Sets a node's text, shown safely (see `el`). */
export function setText(node: Node, text: string): void {
  node.textContent = pageText(text);
}

/**
 * Shows an error's message in the alert box `id`, with a Retry button when `retry` is given, or
 * hides the box when there is no error. The box holds nothing while hidden.
 */
export function showError(id: string, error: unknown, retry?: () => unknown): void {
  const target = $(id);
  const message = (error as { message?: unknown } | null | undefined)?.message;
  target.replaceChildren();
  target.hidden = !error;
  if (!error) return;
  target.append(el("span", { className: "message", textContent: String(message || error) }));
  if (retry) {
    const button = el("button", { type: "button", className: "retry", textContent: "Retry" });
    button.addEventListener("click", () => void retry());
    target.append(" ", button);
  }
}

export function plural(count: number, word: string): string {
  return count + " " + word + (count === 1 ? "" : "s");
}

/**
 * Every endpoint answers JSON; an error becomes a sentence a person can act on (what failed,
 * whether retrying helps), with the service's own message where it gave one.
 */
export async function api<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const init: RequestInit = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  if (signal) init.signal = signal;
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error("Could not reach the service: the connection failed. Check that it is running, then retry.");
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new Error("The service gave an answer this page cannot read (HTTP " + response.status + ", not JSON). Retry; if it keeps happening, the service is misconfigured.");
  }
  const message = (answer as { message?: unknown } | null)?.message;
  if (!response.ok) throw new Error(plainError(response.status, message ? String(message) : ""));
  return answer as T;
}

function plainError(status: number, message: string): string {
  const said = message ? " (" + message + ")" : "";
  if (status === 503 || status === 429) return "The service is busy or the question took too long" + said + ". Retry in a moment.";
  if (status >= 500) return "The service failed to answer (HTTP " + status + ")" + said + ". Retry; if it keeps failing, report it.";
  return "The service could not answer this question: " + (message || "HTTP " + status) + ".";
}

/** A query string of the parameters that have a value. */
export function query(params: Record<string, string | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(name, String(value));
  return search.toString();
}

/** The checked state of a form's checkboxes, by name. */
export function flags<N extends string>(form: HTMLFormElement, names: readonly N[]): Record<N, boolean> {
  const out = {} as Record<N, boolean>;
  for (const name of names) out[name] = (form.elements.namedItem(name) as HTMLInputElement).checked;
  return out;
}
