/**
 * DOT -> SVG through Graphviz compiled to WebAssembly (@viz-js/viz, ~1.4 MB): its own entry
 * (`fungible-graph/svg`) so the core stays small. Runs in Node and browsers alike.
 */
import { instance, type Viz } from "@viz-js/viz";
import { FungibleError } from "../errors.js";

let viz: Promise<Viz> | undefined;

/** The SVG text of a DOT graph; DOT that Graphviz rejects throws `invalid_request` with its messages. */
export async function renderSvg(dot: string): Promise<string> {
  viz ??= instance();
  const result = (await viz).render(dot, { format: "svg" });
  if (result.status === "success") return result.output;
  const messages = result.errors.filter((error) => error.level !== "warning").map((error) => error.message.trim());
  throw new FungibleError("invalid_request", `renderSvg: Graphviz could not render the DOT: ${messages.join("; ") || "unknown error"}`);
}
