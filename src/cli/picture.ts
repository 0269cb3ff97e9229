/**
 * `--format` for commands that can draw their answer: text (default), json, or a picture as
 * Mermaid, DOT or SVG (Graphviz wasm, loaded only when asked for).
 */
import { UsageError } from "./cli-error.js";
import type { OptionSpecs } from "./command.js";
import { print, printJson } from "./output.js";

const FORMATS = ["text", "json", "mermaid", "dot", "svg"] as const;
type Format = (typeof FORMATS)[number];

export const FORMAT_OPTION = {
  format: { type: "string", arg: "F", help: "text (default), json, mermaid, dot or svg" },
} as const satisfies OptionSpecs;

/** The format of `--format F` (or `--json`), checked. */
export function parseFormat(command: string, values: { format?: string | undefined; json?: boolean | undefined }): Format {
  const text = values.format ?? (values.json ? "json" : "text");
  if (!(FORMATS as readonly string[]).includes(text)) {
    throw new UsageError(`${command}: --format must be one of ${FORMATS.join(", ")}, got "${text}"`, command);
  }
  if (values.json && text !== "json") throw new UsageError(`${command}: --json and --format ${text} contradict each other`, command);
  return text as Format;
}

interface Drawing {
  text: () => string;
  json: () => unknown;
  mermaid: () => string;
  dot: () => string;
}

/** Prints the answer in `format`; SVG renders the DOT. */
export async function printAs(format: Format, drawing: Drawing): Promise<void> {
  switch (format) {
    case "text":
      return print(drawing.text());
    case "json":
      return printJson(drawing.json());
    case "mermaid":
      return print(drawing.mermaid().trimEnd());
    case "dot":
      return print(drawing.dot().trimEnd());
    case "svg": {
      const { renderSvg } = await import("../render/svg.js");
      print(await renderSvg(drawing.dot()));
    }
  }
}
