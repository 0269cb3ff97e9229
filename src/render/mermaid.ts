/**
 * Routes and reaches as Mermaid flowcharts, for READMEs and notebooks (GitHub renders them).
 * Node ids are generated (`a0`, `c1`): denoms never become identifiers, only escaped labels.
 */
import type { Route, RouteHop } from "../wire/route.js";
import { AssetGroupEntriesSchema, WireAssetSchema, type AssetsFromSourceResponse, type WireAsset } from "../wire/schema.js";
import { RouteSchema } from "../wire/route.js";
import { checkArgument, parseArgument } from "../arguments.js";
import { assetName, assetNodeIds, mermaidText } from "./labels.js";
import { routeHopLabel } from "./axelar-leg.js";

const ROUTE = "a route (as route() returns it)";
const ASSET = "an asset {chain_id, denom, ...} (as answers hold it)";
const REACH = "an assets_from_source answer {dest_assets}";

/** One node per distinct asset of the route, one edge per hop; a hop that starts a new transaction is dashed. */
export function routeToMermaid(route: Route): string {
  return drawRouteMermaid(checkArgument(RouteSchema, route, { fn: "routeToMermaid", arg: "route", expected: ROUTE }), () => undefined);
}

/**
 * The route with some hops marked broken (`broken(hop, i)` gives the mark, e.g. `INACTIVE`): a
 * dashed edge labelled with the mark and the channel.
 */
export function drawRouteMermaid(route: Route, broken: (hop: RouteHop, index: number) => string | undefined): string {
  const lines = ["flowchart LR"];
  const node = assetNodeIds((id, asset) => lines.push(`  ${id}["${mermaidText(assetName(asset))}<br/>${mermaidText(asset.chain_id)}"]`));
  node(route.from);
  route.hops.forEach((hop, i) => {
    const from = node(hop.from);
    const to = node(hop.to);
    const mark = broken(hop, i);
    const label = mermaidText(routeHopLabel(hop, i, mark));
    lines.push(`  ${from} ${mark !== undefined || (i > 0 && hop.starts_tx) ? "-.->" : "-->"}|"${label}"| ${to}`);
  });
  node(route.to);
  return `${lines.join("\n")}\n`;
}

/** The source, each destination chain it reaches, and that chain's assets. */
export function reachToMermaid(source: WireAsset, response: AssetsFromSourceResponse): string {
  source = checkArgument(WireAssetSchema, source, { fn: "reachToMermaid", arg: "source", expected: ASSET });
  const groups = parseArgument(AssetGroupEntriesSchema, response, { fn: "reachToMermaid", arg: "response", expected: REACH }).dest_assets;
  const lines = ["flowchart LR", `  s["${mermaidText(assetName(source))}<br/>${mermaidText(source.chain_id)}"]`];
  groups.forEach(([chainId, group], c) => {
    lines.push(`  c${c}[("${mermaidText(chainId)}")]`, `  s --> c${c}`);
    group.assets.forEach((asset, a) => {
      lines.push(`  c${c}a${a}["${mermaidText(assetName(asset))}"]`, `  c${c} --- c${c}a${a}`);
    });
  });
  return `${lines.join("\n")}\n`;
}
