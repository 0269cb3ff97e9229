/**
 * Routes and reaches as Graphviz DOT text (render with `renderSvg`, or any Graphviz). Node ids
 * are generated; every label is a quoted, escaped DOT string.
 */
import type { Route, RouteHop } from "../wire/route.js";
import { AssetGroupEntriesSchema, WireAssetSchema, type AssetsFromSourceResponse, type WireAsset } from "../wire/schema.js";
import { RouteSchema } from "../wire/route.js";
import { checkArgument, parseArgument } from "../arguments.js";
import { assetName, assetNodeIds, dotLines, dotString } from "./labels.js";
import { routeHopLabel } from "./axelar-leg.js";

const HEADER = ["  rankdir=LR;", '  node [shape=box, style=rounded, fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];'];

const ROUTE = "a route (as route() returns it)";
const ASSET = "an asset {chain_id, denom, ...} (as answers hold it)";
const REACH = "an assets_from_source answer {dest_assets}";

/** One node per distinct asset (symbol, denom, chain), one edge per hop; a new transaction is a dashed edge. */
export function routeToDot(route: Route): string {
  return drawRouteDot(checkArgument(RouteSchema, route, { fn: "routeToDot", arg: "route", expected: ROUTE }), () => undefined);
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
    lines.push(`  ${from} -> ${to} [label=${dotString(routeHopLabel(hop, i, mark))}${style}];`);
  });
  node(route.to);
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

/** The source, each destination chain it reaches (an ellipse), and that chain's assets. */
export function reachToDot(source: WireAsset, response: AssetsFromSourceResponse): string {
  source = checkArgument(WireAssetSchema, source, { fn: "reachToDot", arg: "source", expected: ASSET });
  const groups = parseArgument(AssetGroupEntriesSchema, response, { fn: "reachToDot", arg: "response", expected: REACH }).dest_assets;
  const lines = ["digraph reach {", ...HEADER, `  s [label=${dotLines(assetName(source), source.chain_id)}, style="rounded,bold"];`];
  groups.forEach(([chainId, group], c) => {
    lines.push(`  c${c} [label=${dotString(chainId)}, shape=ellipse];`, `  s -> c${c};`);
    group.assets.forEach((asset, a) => {
      lines.push(`  c${c}a${a} [label=${dotLines(assetName(asset), asset.denom)}];`, `  c${c} -> c${c}a${a} [arrowhead=none];`);
    });
  });
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
