/** Plain-text tables for humans: left-aligned columns, two spaces apart, no truncation. */
import { terminalText } from "../wire/safe-text.js";

/** Cells are registry text: each is escaped (`terminalText`), so no cell can move the cursor or start a forged row. */
export function formatTable(header: readonly string[], given: readonly (readonly string[])[]): string {
  const rows = given.map((row) => row.map(terminalText));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
