/**
 * Routes and reaches as Graphviz DOT text (render with `renderSvg`, or any Graphviz). Node ids
 * are generated; every label is a quoted, escaped DOT string.
 */
import type { Route } from "../wire/route.js";
import type { AssetsFromSourceResponse, WireAsset } from "../wire/schema.js";
import { assetName, dotLines, dotString, hopLabel } from "./labels.js";

const HEADER = ["  rankdir=LR;", '  node [shape=box, style=rounded, fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];'];

/** One node per distinct asset (symbol, denom, chain), one edge per hop; a new transaction is a dashed edge. */
export function routeToDot(route: Route): string {
  const lines = ["digraph route {", ...HEADER];
  const ids = new Map<string, string>();
  const node = (asset: WireAsset) => {
    const key = `${asset.chain_id}\u0000${asset.denom}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = `a${ids.size}`;
      ids.set(key, id);
      lines.push(`  ${id} [label=${dotLines(assetName(asset), asset.denom, asset.chain_id)}];`);
    }
    return id;
  };
  node(route.from);
  route.hops.forEach((hop, i) => {
    const from = node(hop.from);
    const to = node(hop.to);
    const newTx = i > 0 && hop.starts_tx;
    lines.push(`  ${from} -> ${to} [label=${dotString(newTx ? `${hopLabel(hop)} (new tx)` : hopLabel(hop))}${newTx ? ", style=dashed" : ""}];`);
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
