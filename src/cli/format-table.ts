/**
 * Plain-text tables for people: left-aligned columns, two spaces apart, fitted to the terminal
 * (terminal.ts). When the natural table is too wide, columns that may shrink do, the widest
 * first: an id keeps its start and end (`ibc/2739…5EB2`), other text keeps its start
 * (`Osmos…`), a wrapping column (the last) continues on the next lines. When that is not
 * enough, droppable columns go, the least useful first. `--wide` prints everything whole.
 */
import { terminalText } from "../wire/safe-text.js";
import { styled, tableWidth } from "./terminal.js";

const GAP = 2;
const ELLIPSIS = "…";
const ID_PREFIX = /^(?:ibc\/|0x|factory\/|cw20:|erc20\/)/;

/**
 * A column: its title, and how it gives way when the table is too wide. `shrink`: `id` (keep
 * start and end), `text` (keep the start) or `wrap` (continue on the next lines; last column
 * only); absent, the column is never cut. `drop`: droppable, lower numbers dropped first.
 */
export interface Column {
  title: string;
  shrink?: "id" | "text" | "wrap";
  drop?: number;
}

/** Cells are registry text: each is escaped (`terminalText`), so no cell can move the cursor or start a forged row. */
export function formatTable(header: readonly (string | Column)[], given: readonly (readonly string[])[], width = tableWidth()): string {
  const columns = header.map((column) => (typeof column === "string" ? { title: column } : column));
  const rows = given.map((row) => columns.map((_, index) => terminalText(row[index] ?? "")));
  const all = columns.map((_, index) => index);
  // Droppable columns go, least useful first, while the table does not fit or has to cut a
  // text column (a name, a channel): a shortened hash still reads, a cut name does not.
  const droppable = all.filter((index) => columns[index]!.drop !== undefined).sort((a, b) => columns[a]!.drop! - columns[b]!.drop!);
  let fallback: { shown: number[]; widths: number[] } | undefined;
  let chosen: { shown: number[]; widths: number[] } | undefined;
  for (let dropped = 0; dropped <= droppable.length && chosen === undefined; dropped++) {
    const shown = all.filter((index) => !droppable.slice(0, dropped).includes(index));
    const widths = fit(columns, rows, shown, width);
    if (widths === null) continue;
    fallback ??= { shown, widths };
    if (shown.every((index, at) => columns[index]!.shrink !== "text" || widths[at]! >= naturalWidth(columns[index]!, rows, index))) chosen = { shown, widths };
  }
  // A terminal narrower than even that: every column gives way, down to one character.
  const { shown, widths } = chosen ?? fallback ?? {
    shown: all.filter((index) => !droppable.includes(index)),
    widths: squeeze(all.filter((index) => !droppable.includes(index)).map((index) => naturalWidth(columns[index]!, rows, index)), width, all.map(() => 1)),
  };
  const cells = (row: readonly string[]) => shown.map((index, at) => cut(columns[index]!.shrink, row[index]!, widths[at]!));
  const lines = [layout(shown.map((index, at) => cut("text", columns[index]!.title, widths[at]!)), widths, true)];
  for (const row of rows) lines.push(layout(cells(row), widths, false));
  return lines.join("\n");
}

/** Widths of the `shown` columns within `width`, each shrinkable one no narrower than its floor; `null` when that cannot fit. */
function fit(columns: readonly Column[], rows: readonly string[][], shown: readonly number[], width: number): number[] | null {
  const natural = shown.map((index) => naturalWidth(columns[index]!, rows, index));
  const floors = shown.map((index, at) => Math.min(natural[at]!, floorOf(columns[index]!)));
  const total = floors.reduce((sum, w) => sum + w, 0) + GAP * (shown.length - 1);
  return total > width ? null : squeeze(natural, width, floors, shown.map((index) => RANK[columns[index]!.shrink ?? "text"]));
}

/** Which columns give way first: a wrapping one loses nothing, an id keeps both ends, text only its start. */
const RANK = { wrap: 0, id: 1, text: 2 } as const;

/**
 * Narrows columns one character at a time until the row fits (or all are at their floors): the
 * widest of the first-ranked columns still above their floors.
 */
function squeeze(natural: readonly number[], width: number, floors: readonly number[], ranks: readonly number[] = natural.map(() => 0)): number[] {
  const widths = [...natural];
  let total = widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1);
  while (total > width) {
    let widest = -1;
    for (let at = 0; at < widths.length; at++) {
      if (widths[at]! <= floors[at]!) continue;
      if (widest < 0 || ranks[at]! < ranks[widest]! || (ranks[at] === ranks[widest] && widths[at]! > widths[widest]!)) widest = at;
    }
    if (widest < 0) break;
    widths[widest]!--;
    total--;
  }
  return widths;
}

function naturalWidth(column: Column, rows: readonly string[][], index: number): number {
  return Math.max(column.title.length, ...rows.map((row) => row[index]!.length));
}

/** The narrowest a column may become: an id still shows 4 characters each side of the `…`, text a short word. */
function floorOf(column: Column): number {
  switch (column.shrink) {
    case "id":
      return Math.max(column.title.length, 13);
    case "text":
      return Math.max(column.title.length, 6);
    case "wrap":
      return Math.max(column.title.length, 30);
    default:
      return Number.POSITIVE_INFINITY;
  }
}

/** A cell within `width`: an id keeps both ends, text its start, a wrapping cell is kept whole (laid out on several lines). */
function cut(shrink: Column["shrink"], text: string, width: number): string {
  if (text.length <= width || shrink === "wrap") return text;
  if (width <= 1) return text.slice(0, width);
  if (shrink === "id") {
    // Words before the id (`osmosis-1 ibc/...`) and its prefix (`ibc/`, `0x`...) stay whole,
    // so the halves shown are the hash's own ends.
    const prefix = text.lastIndexOf(" ") + 1 + (ID_PREFIX.exec(text.slice(text.lastIndexOf(" ") + 1))?.[0].length ?? 0);
    const shown = width - 1 - (prefix < width - 2 ? prefix : 0);
    const head = width - 1 - shown + Math.ceil(shown / 2);
    return `${text.slice(0, head)}${ELLIPSIS}${text.slice(text.length - (width - 1 - head))}`;
  }
  return `${text.slice(0, width - 1)}${ELLIPSIS}`;
}

/** One row (several lines when its last cell wraps), columns padded, the header in bold. */
function layout(cells: readonly string[], widths: readonly number[], header: boolean): string {
  const lastWidth = widths.at(-1)!;
  const last = cells.at(-1)!;
  const pieces = last.length > lastWidth ? wrapWords(last, lastWidth) : [last];
  const indent = " ".repeat(widths.slice(0, -1).reduce((sum, w) => sum + w + GAP, 0));
  const first = [...cells.slice(0, -1).map((cell, at) => cell.padEnd(widths[at]!)), pieces[0]!].join(" ".repeat(GAP)).trimEnd();
  const lines = [header ? styled("bold", first) : first, ...pieces.slice(1).map((piece) => `${indent}${piece}`)];
  return lines.join("\n");
}

/**
 * `text` in lines of at most `width` (the first at most `firstWidth`), broken at spaces (a longer
 * word is split); spaces inside a line are kept as written.
 */
export function wrapWords(text: string, width: number, firstWidth = width): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.trim().split(/ (?=[^ ])/)) {
    const candidate = line === "" ? word.trimEnd() : `${line} ${word}`;
    if (candidate.trimEnd().length <= (lines.length === 0 ? firstWidth : width)) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line.trimEnd());
    let rest = word.trimEnd();
    while (rest.length > width) {
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    line = rest;
  }
  if (line !== "" || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/**
 * A denom or address in running text (outside tables): long ones as `ibc/2739…5EB2` (prefix,
 * four characters, `…`, four), so the line fits; whole with `--wide`.
 */
export function shortId(text: string): string {
  const prefix = ID_PREFIX.exec(text)?.[0].length ?? 0;
  if (tableWidth() === Number.POSITIVE_INFINITY) return text;
  return text.length - prefix > 16 ? cut("id", text, prefix + 9) : text;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
