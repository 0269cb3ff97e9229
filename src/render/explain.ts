/**
 * An explain answer as a picture: its routes when reachable (or the multi-transaction route a
 * filter refused), else the nearest path with the INACTIVE hop marked, else the source and the
 * destination chain with the reason codes between them.
 */
import type { ExplainResponse } from "../wire/explain.js";
import { routeToDot } from "./dot.js";
import { assetName, dotLines, dotString, mermaidText } from "./labels.js";
import { routeToMermaid } from "./mermaid.js";

export function explainToMermaid(response: ExplainResponse): string {
  const route = response.routes[0] ?? multiTxRoute(response);
  if (route !== undefined) return routeToMermaid(route);
  const inactive = response.reasons.find((reason) => reason.code === "inactive_channel");
  const lines = ["flowchart LR"];
  if (inactive !== undefined) {
    inactive.path.forEach((chainId, i) => lines.push(`  c${i}[("${mermaidText(chainId)}")]`));
    for (let i = 0; i + 1 < inactive.path.length; i++) {
      const broken = inactive.path[i] === inactive.chain_id && inactive.path[i + 1] === inactive.counterparty_chain_id;
      lines.push(broken ? `  c${i} -.->|"INACTIVE ${mermaidText(`${inactive.port}/${inactive.channel}`)}"| c${i + 1}` : `  c${i} --> c${i + 1}`);
    }
    return `${lines.join("\n")}\n`;
  }
  const source = response.source === null ? "unknown source" : `${assetName(response.source)} on ${response.source.chain_id}`;
  const codes = response.reasons.map((reason) => reason.code).join(", ") || "no route";
  lines.push(`  s["${mermaidText(source)}"]`, `  d[("${mermaidText(response.dest_chain_id)}")]`, `  s -.->|"${mermaidText(codes)}"| d`);
  return `${lines.join("\n")}\n`;
}

export function explainToDot(response: ExplainResponse): string {
  const route = response.routes[0] ?? multiTxRoute(response);
  if (route !== undefined) return routeToDot(route);
  const inactive = response.reasons.find((reason) => reason.code === "inactive_channel");
  const lines = ["digraph explain {", "  rankdir=LR;", '  node [shape=ellipse, fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];'];
  if (inactive !== undefined) {
    inactive.path.forEach((chainId, i) => lines.push(`  c${i} [label=${dotString(chainId)}];`));
    for (let i = 0; i + 1 < inactive.path.length; i++) {
      const broken = inactive.path[i] === inactive.chain_id && inactive.path[i + 1] === inactive.counterparty_chain_id;
      lines.push(
        broken
          ? `  c${i} -> c${i + 1} [label=${dotString(`INACTIVE ${inactive.port}/${inactive.channel}`)}, style=dashed, color=red];`
          : `  c${i} -> c${i + 1};`,
      );
    }
  } else {
    const source = response.source === null ? ["unknown source"] : [assetName(response.source), response.source.chain_id];
    const codes = response.reasons.map((reason) => reason.code).join("\n") || "no route";
    lines.push(`  s [label=${dotLines(...source)}, shape=box];`, `  d [label=${dotString(response.dest_chain_id)}];`);
    lines.push(`  s -> d [label=${dotString(codes)}, style=dashed, color=red];`);
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

function multiTxRoute(response: ExplainResponse) {
  const reason = response.reasons.find((r) => r.code === "needs_multiple_txs");
  return reason?.code === "needs_multiple_txs" ? reason.route : undefined;
}
