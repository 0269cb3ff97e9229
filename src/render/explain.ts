/**
 * An explain answer as a picture: its routes when reachable; else the nearest path over an
 * INACTIVE or UNKNOWN channel, that hop marked (`INACTIVE transfer/channel-2`, dashed); else the
 * multi-transaction route a filter refused; else the source and the destination chain with the
 * reason codes between them.
 */
import { ExplainResponseSchema, type ExplainResponse, type Reason } from "../wire/explain.js";
import { checkArgument } from "../arguments.js";
import type { Route, RouteHop } from "../wire/route.js";
import { drawRouteDot } from "./dot.js";
import { assetName, dotLines, dotString, mermaidText } from "./labels.js";
import { drawRouteMermaid } from "./mermaid.js";

const EXPLANATION = "an explain answer (as explain() returns it)";

type Marks = (hop: RouteHop, index: number) => string | undefined;

export function explainToMermaid(response: ExplainResponse): string {
  checkArgument(ExplainResponseSchema, response, { fn: "explainToMermaid", arg: "response", expected: EXPLANATION });
  const drawn = pictured(response);
  if (drawn !== undefined) return drawRouteMermaid(drawn.route, drawn.marks);
  const source = response.source === null ? "unknown source" : `${assetName(response.source)} on ${response.source.chain_id}`;
  const codes = response.reasons.map((reason) => reason.code).join(", ") || "no route";
  return `${["flowchart LR", `  s["${mermaidText(source)}"]`, `  d[("${mermaidText(response.dest_chain_id)}")]`, `  s -.->|"${mermaidText(codes)}"| d`].join("\n")}\n`;
}

export function explainToDot(response: ExplainResponse): string {
  checkArgument(ExplainResponseSchema, response, { fn: "explainToDot", arg: "response", expected: EXPLANATION });
  const drawn = pictured(response);
  if (drawn !== undefined) return drawRouteDot(drawn.route, drawn.marks);
  const lines = ["digraph explain {", "  rankdir=LR;", '  node [shape=ellipse, fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];'];
  const source = response.source === null ? ["unknown source"] : [assetName(response.source), response.source.chain_id];
  const codes = response.reasons.length > 0 ? response.reasons.map((reason) => reason.code) : ["no route"];
  lines.push(`  s [label=${dotLines(...source)}, shape=box];`, `  d [label=${dotString(response.dest_chain_id)}];`);
  lines.push(`  s -> d [label=${dotLines(...codes)}, style=dashed, color=red];`, "}");
  return `${lines.join("\n")}\n`;
}

/** The route a picture of the answer draws, and which of its hops are broken. */
function pictured(response: ExplainResponse): { route: Route; marks: Marks } | undefined {
  const none: Marks = () => undefined;
  if (response.routes[0] !== undefined) return { route: response.routes[0], marks: none };
  const inactive = response.reasons.filter((r): r is Extract<Reason, { code: "inactive_channel" }> => r.code === "inactive_channel");
  if (inactive[0] !== undefined) {
    const marks: Marks = (hop) =>
      hop.kind === "ibc" ? inactive.find((r) => r.chain_id === hop.from.chain_id && r.port === hop.port && r.channel === hop.channel)?.status : undefined;
    return { route: inactive[0].route, marks };
  }
  const multiTx = response.reasons.find((r) => r.code === "needs_multiple_txs");
  return multiTx?.code === "needs_multiple_txs" ? { route: multiTx.route, marks: none } : undefined;
}
