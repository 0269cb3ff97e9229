/**
 * DOT -> SVG through Graphviz compiled to WebAssembly (@viz-js/viz, ~1.4 MB): its own entry
 * (`fungible-graph/svg`) so the core stays small. Runs in Node and browsers alike. `@viz-js/viz`
 * is an optional peer dependency, imported on first use: without it, `missing_dependency`.
 */
import type { Viz } from "@viz-js/viz";
import * as z from "zod/mini";
import { FungibleError, missingDependency } from "../errors.js";
import { parseArgument } from "../arguments.js";

let viz: Promise<Viz> | undefined;

async function startViz(): Promise<Viz> {
  try {
    return await (await import("@viz-js/viz")).instance();
  } catch (error) {
    viz = undefined; // installed later, a next call finds it
    throw missingDependency("renderSvg", "@viz-js/viz", error);
  }
}

/** The SVG text of a DOT graph; DOT that Graphviz rejects throws `invalid_request` with its messages. */
export async function renderSvg(dot: string): Promise<string> {
  parseArgument(z.string(), dot, { fn: "renderSvg", arg: "dot", expected: "DOT text (string)" });
  viz ??= startViz();
  const result = (await viz).render(dot, { format: "svg" });
  if (result.status === "success") return result.output;
  const messages = result.errors.filter((error) => error.level !== "warning").map((error) => error.message.trim());
  throw new FungibleError("invalid_request", `renderSvg: Graphviz could not render the DOT: ${messages.join("; ") || "unknown error"}`);
}
