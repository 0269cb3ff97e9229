/**
 * formatTable's promise, for any table and any width: every line within the width when the
 * columns' floors allow it, every row present, an `id` cell cut keeps its true start and end, and
 * an unbounded width (--wide) prints every cell whole.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTable, wrapWords, type Column } from "../../src/cli/format-table.js";
import { unstyled } from "../../src/cli/terminal.js";

const cell = fc.stringMatching(/^[A-Za-z0-9/._-]{0,70}$/);
const COLUMNS: Column[] = [
  { title: "CHAIN", shrink: "text" },
  { title: "DENOM", shrink: "id" },
  { title: "SYMBOL", shrink: "text" },
  { title: "TRACE", shrink: "id", drop: 2 },
  { title: "ORIGIN", shrink: "id", drop: 1 },
];
const rows = fc.array(fc.tuple(cell, cell, cell, cell, cell), { minLength: 1, maxLength: 8 });
const lines = (text: string) => unstyled(text).split("\n");

describe("formatTable", () => {
  it("fits any width from 40 columns, one line per row", () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 40, max: 200 }), (given, width) => {
        const out = lines(formatTable(COLUMNS, given, width));
        expect(out).toHaveLength(given.length + 1);
        for (const line of out) expect(line.length).toBeLessThanOrEqual(width);
      }),
    );
  });

  it("a shortened id keeps its own start and end around one '…'", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-F]{64}$/), (hash) => {
        const denom = `ibc/${hash}`;
        const [, row] = lines(formatTable([{ title: "DENOM", shrink: "id" }, { title: "SYMBOL" }], [[denom, "ATOM"]], 24));
        const shown = row!.split(/\s+/)[0]!;
        const [head, tail] = shown.split("…");
        expect(denom.startsWith(head!)).toBe(true);
        expect(denom.endsWith(tail!)).toBe(true);
        expect(head!.startsWith("ibc/")).toBe(true);
      }),
    );
  });

  it("prints every cell whole when the width is unbounded", () => {
    fc.assert(
      fc.property(rows, (given) => {
        const out = lines(formatTable(COLUMNS, given, Number.POSITIVE_INFINITY));
        given.forEach((row, at) => {
          expect(out[at + 1]!.split(/\s{2,}/).filter((part) => part !== "")).toEqual(row.filter((part) => part !== "").map((part) => part));
        });
      }),
    );
  });

  it("wraps words within the width, losing none (words no longer than the width)", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,5}$/), { maxLength: 30 }), fc.integer({ min: 5, max: 60 }), (words, width) => {
        const wrapped = wrapWords(words.join(" "), width);
        for (const line of wrapped) expect(line.length).toBeLessThanOrEqual(width);
        expect(wrapped.join(" ").split(" ").filter((word) => word !== "")).toEqual(words);
      }),
    );
  });
});
