/**
 * Routes and reaches as Graphviz DOT text (render with `renderSvg`, or any Graphviz). Node ids
 * are generated; every label is a quoted, escaped DOT string.
 */
import type { Route, RouteHop } from "../wire/route.js";
import type { AssetsFromSourceResponse, WireAsset } from "../wire/schema.js";
import { assetName, assetNodeIds, dotLines, dotString, pictureHopLabel } from "./labels.js";

const HEADER = ["  rankdir=LR;", '  node [shape=box, style=rounded, fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];'];

/** One node per distinct asset (symbol, denom, chain), one edge per hop; a new transaction is a dashed edge. */
export function routeToDot(route: Route): string {
  return drawRouteDot(route, () => undefined);
}

/** The route with some hops marked broken (`broken(hop, i)` gives the mark): a dashed red edge labelled with the mark and the channel. */
export function drawRouteDot(route: Route, broken: (hop: RouteHop, index: number) => string | undefined): string {
  const lines = ["digraph route {", ...HEADER];
  const node = assetNodeIds((id, asset) => lines.push(`  ${id} [label=${dotLines(assetName(asset), asset.denom, asset.chain_id)}];`));
  node(route.from);
  route.hops.forEach((hop, i) => {
    const from = node(hop.from);
    const to = node(hop.to);
    const mark = broken(hop, i);
    const style = mark !== undefined ? ", style=dashed, color=red" : i > 0 && hop.starts_tx ? ", style=dashed" : "";
    lines.push(`  ${from} -> ${to} [label=${dotString(pictureHopLabel(hop, i, mark))}${style}];`);
  });
  node(route.to);
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

/** The source, each destination chain it reaches (an ellipse), and that chain's assets. */
export function reachToDot(source: WireAsset, response: AssetsFromSourceResponse): string {
  const lines = ["digraph reach {", ...HEADER, `  s [label=${dotLines(assetName(source), source.chain_id)}, style="rounded,bold"];`];
  Object.keys(response.dest_assets).forEach((chainId, c) => {
    lines.push(`  c${c} [label=${dotString(chainId)}, shape=ellipse];`, `  s -> c${c};`);
    response.dest_assets[chainId]!.assets.forEach((asset, a) => {
      lines.push(`  c${c}a${a} [label=${dotLines(assetName(asset), asset.denom)}];`, `  c${c} -> c${c}a${a} [arrowhead=none];`);
    });
  });
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
