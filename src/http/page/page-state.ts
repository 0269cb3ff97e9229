/**
 * Browser code of the explorer page: every view lives in the URL, so a link reproduces it and
 * the back button returns to the one before. `?view=reach|between|route|why` and the view's own
 * fields, spelled as the endpoints spell them (filters as `name=true`). A question asked pushes a
 * history entry; opening a link or going back re-asks without pushing.
 */
import { $, showError, setText } from "./page-dom.js";

export const VIEWS = ["reach", "between", "route", "why"] as const;
export type View = (typeof VIEWS)[number];

export interface PageState {
  view: View | null;
  params: URLSearchParams;
}

export function readState(): PageState {
  const params = new URLSearchParams(location.search);
  const view = params.get("view");
  params.delete("view");
  return { view: (VIEWS as readonly string[]).includes(view ?? "") ? (view as View) : null, params };
}

/** Records a question asked from the page (not one re-asked from the URL) as a history entry. */
export function pushState(view: View, fields: Record<string, string | boolean | undefined>): void {
  const params = new URLSearchParams({ view });
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== "" && value !== false) params.set(name, String(value));
  const search = "?" + params.toString();
  if (search !== location.search) history.pushState(null, "", search);
}

/** Whether a question was asked by the reader (push it) or re-asked from the URL (do not). */
export interface Asked {
  push: boolean;
}

const running = new Map<string, AbortController>();

/**
 * Runs a question for the result area `area`: "Loading…" in #<area>-status while it runs (the
 * section aria-busy), a plain error with Retry in #<area>-error if it fails. A new question for
 * the same area cancels the one before, whose outcome is then dropped.
 */
export async function track(area: string, task: (signal: AbortSignal) => Promise<void>): Promise<void> {
  running.get(area)?.abort();
  const controller = new AbortController();
  running.set(area, controller);
  const status = $(area + "-status");
  const section = status.closest("section");
  showError(area + "-error", null);
  setText(status, "Loading\u2026");
  status.hidden = false;
  section?.setAttribute("aria-busy", "true");
  try {
    await task(controller.signal);
  } catch (error) {
    if (!controller.signal.aborted) showError(area + "-error", error, () => track(area, task));
  } finally {
    if (running.get(area) === controller) {
      running.delete(area);
      setText(status, "");
      status.hidden = true;
      section?.setAttribute("aria-busy", "false");
    }
  }
}

/** The flags of a URL, by name: "true" is checked. */
export function flagsOf(params: URLSearchParams, names: readonly string[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const name of names) out[name] = params.get(name) === "true";
  return out;
}

/** Sets a form's checkboxes. */
export function setFlags(form: HTMLFormElement, values: Record<string, boolean>): void {
  for (const [name, checked] of Object.entries(values)) {
    const box = form.elements.namedItem(name) as HTMLInputElement | null;
    if (box) box.checked = checked;
  }
}
