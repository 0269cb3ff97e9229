/**
 * What the terminal is: how wide a table may be and whether it takes colour. One place decides,
 * so every command fits and colours the same way.
 *
 * Width: `--wide` prints everything whole; else `COLUMNS` when it is a positive number; else the
 * terminal's width when stdout is a terminal; else (a pipe, a file) 80 columns, so what a script
 * captures is what an 80-column terminal shows (`--json` or `--wide` for the whole text).
 *
 * Colour (https://no-color.org): never when `NO_COLOR` is set and not empty; always when
 * `FORCE_COLOR` is set (other than `0` or `false`), pipes included; otherwise only on a terminal
 * that says it has colours (`tty.WriteStream.hasColors()`, which also reads `TERM=dumb`). The
 * escapes come from Node's `util.styleText` (Node 20.12+; older Nodes print plain text).
 */
import * as util from "node:util";

/** The width of a pipe or file, and of a terminal that does not say its width. */
export const DEFAULT_COLUMNS = 80;

let wide = false;

/** `--wide`: tables print every column, untruncated, whatever the width. */
export function useFullWidth(): void {
  wide = true;
}

/** Columns a table may use (`Infinity` with `--wide`). */
export function tableWidth(): number {
  if (wide) return Number.POSITIVE_INFINITY;
  const columns = positiveInteger(process.env.COLUMNS);
  if (columns !== undefined) return columns;
  if (process.stdout.isTTY && process.stdout.columns > 0) return process.stdout.columns;
  return DEFAULT_COLUMNS;
}

/** The width help text is wrapped to: the table width, never above 80 (long lines read badly). */
export function helpWidth(): number {
  return Math.min(DEFAULT_COLUMNS, tableWidth());
}

function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,5}$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value > 0 ? value : undefined;
}

type Stream = NodeJS.WriteStream & { hasColors?: () => boolean };

/** Whether text written to `stream` may carry colour escapes. */
export function colorsOn(stream: Stream): boolean {
  const env = process.env;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return stream.isTTY === true && typeof stream.hasColors === "function" && stream.hasColors();
}

/** The styles the CLI uses, by the one-letter code a marked span carries (see `styled`). */
const STYLES = { b: "bold", d: "dim", r: "red", g: "green", y: "yellow" } as const;
type StyleCode = keyof typeof STYLES;

// A styled span travels inside plain text between two C1 controls (SSA, ESA). Registry text
// and arguments never carry them raw: the output escapes every C1 control it did not mark.
const OPEN = "\u0086";
const CLOSE = "\u0087";
const SPAN = /\u0086([bdrgy])([^\u0086\u0087]*)\u0087/g;

/** `text` marked to print in `style` where colour is on, plain elsewhere. */
export function styled(style: keyof typeof STYLE_NAMES, text: string): string {
  return text === "" ? "" : `${OPEN}${STYLE_NAMES[style]}${text}${CLOSE}`;
}

const STYLE_NAMES = { bold: "b", dim: "d", red: "r", green: "g", yellow: "y" } as const satisfies Record<string, StyleCode>;

/**
 * `text` ready for `stream`: every marked span coloured (or left plain without colour), and
 * everything else passed through `escape` (which shows any unmarked control character).
 */
export function renderStyled(text: string, stream: Stream, escape: (plain: string) => string): string {
  const paint = colorsOn(stream) ? painter() : undefined;
  let out = "";
  let last = 0;
  for (const match of text.matchAll(SPAN)) {
    out += escape(text.slice(last, match.index));
    const inner = escape(match[2]!);
    out += paint ? paint(STYLES[match[1] as StyleCode], inner) : inner;
    last = match.index + match[0].length;
  }
  return out + escape(text.slice(last));
}

/** Node's own styling; `validateStream: false` because the decision above is already made. */
function painter(): ((style: string, text: string) => string) | undefined {
  const styleText = (util as { styleText?: (format: string, text: string, options?: object) => string }).styleText;
  if (typeof styleText !== "function") return undefined;
  return (style, text) => styleText(style, text, { validateStream: false });
}

/** `text` without the marks: its width and its plain form. */
export function unstyled(text: string): string {
  return text.replace(SPAN, "$2");
}
