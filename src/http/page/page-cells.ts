/**
 * Browser code of the explorer page: table cells for people. A long denom or hash is shortened in
 * the middle, whole in its tooltip and `data-full`, with a button that copies it; a derived
 * asset's name says "(derived)" and why. Every cell carries its column's name (`data-label`), which
 * the narrow layout shows when a table's rows become cards (page.css).
 */
import type { ShownName } from "./page-catalog.js";
import { shorten } from "./page-catalog.js";
import { el } from "./page-dom.js";

export function textCell(label: string, text: string): HTMLTableCellElement {
  const cell = el("td", { textContent: text });
  cell.dataset["label"] = label;
  return cell;
}

export function headerCell(label: string, content: readonly (Node | string)[]): HTMLTableCellElement {
  const cell = el("th", { scope: "row" }, content);
  cell.dataset["label"] = label;
  return cell;
}

export function nameNode(name: ShownName): HTMLElement {
  const node = el("span", { className: name.derived ? "name derived" : "name", textContent: name.text, title: name.why });
  return node;
}

/** A denom, trace or hash: shortened with a copy button when long, whole otherwise. */
export function denomNode(full: string, what = "denom"): HTMLElement {
  const code = el("code", { textContent: shorten(full, 22), title: full });
  code.dataset["full"] = full;
  if (code.textContent === full) return el("span", { className: "denom" }, [code]);
  const button = el("button", { type: "button", className: "copy", textContent: "Copy" });
  button.setAttribute("aria-label", "Copy " + what + " " + full);
  button.addEventListener("click", () => void copy(full, button));
  return el("span", { className: "denom" }, [code, " ", button]);
}

export function denomCell(label: string, full: string, what = "denom"): HTMLTableCellElement {
  const cell = el("td", {}, [denomNode(full, what)]);
  cell.dataset["label"] = label;
  return cell;
}

/** The clipboard API where the page may use it (a secure context, loopback included), else a selection copied. */
async function copy(text: string, button: HTMLButtonElement): Promise<void> {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    const area = el("textarea", { value: text, readOnly: true });
    area.setAttribute("aria-hidden", "true");
    area.className = "offscreen";
    document.body.append(area);
    area.select();
    done = document.execCommand("copy");
    area.remove();
  }
  button.textContent = done ? "Copied" : "Copy failed";
  button.dataset["copied"] = String(done);
  setTimeout(() => {
    button.textContent = "Copy";
  }, 2000);
}

/** Rows drawn at once: swaps can reach thousands of assets (15,000 from OSMO on mainnet). */
export const BATCH = 100;

/**
 * Fills a table's body a batch of rows at a time, with a "Show more" button after the table while
 * rows remain; `rows(from, to)` builds the rows of that range (names asked only for those).
 */
export async function fillTable(table: HTMLTableElement, count: number, rows: (from: number, to: number) => Promise<HTMLElement[]>, batch = BATCH): Promise<void> {
  const body = table.tBodies[0]!;
  const old = table.nextElementSibling;
  if (old?.classList.contains("more")) old.remove();
  body.replaceChildren(...(await rows(0, Math.min(batch, count))));
  if (body.rows.length >= count) return;
  const button = el("button", { type: "button" });
  const holder = el("p", { className: "more" }, [button]);
  const label = () => {
    button.textContent = "Show " + Math.min(batch, count - body.rows.length) + " more (" + body.rows.length + " of " + count + " shown)";
  };
  label();
  button.addEventListener("click", async () => {
    const from = body.rows.length;
    const added = await rows(from, Math.min(from + batch, count));
    body.append(...added);
    if (body.rows.length < count) return label();
    holder.remove();
    // The button is gone: the focus goes to the first row it added.
    added[0]?.querySelector("button")?.focus();
  });
  table.after(holder);
}
