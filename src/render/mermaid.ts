/**
 * Routes and reaches as Mermaid flowcharts, for READMEs and notebooks (GitHub renders them).
 * Node ids are generated (`a0`, `c1`): denoms never become identifiers, only escaped labels.
 */
import type { Route } from "../wire/route.js";
import type { AssetsFromSourceResponse, WireAsset } from "../wire/schema.js";
import { assetName, hopLabel, mermaidText } from "./labels.js";

/** One node per distinct asset of the route, one edge per hop; a hop that starts a new transaction is dashed. */
export function routeToMermaid(route: Route): string {
  const lines = ["flowchart LR"];
  const ids = new Map<string, string>();
  const node = (asset: WireAsset) => {
    const key = `${asset.chain_id}\u0000${asset.denom}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = `a${ids.size}`;
      ids.set(key, id);
      lines.push(`  ${id}["${mermaidText(assetName(asset))}<br/>${mermaidText(asset.chain_id)}"]`);
    }
    return id;
  };
  node(route.from);
  route.hops.forEach((hop, i) => {
    const from = node(hop.from);
    const to = node(hop.to);
    const label = mermaidText(i > 0 && hop.starts_tx ? `${hopLabel(hop)} (new tx)` : hopLabel(hop));
    lines.push(`  ${from} ${i > 0 && hop.starts_tx ? "-.->" : "-->"}|"${label}"| ${to}`);
  });
  node(route.to);
  return `${lines.join("\n")}\n`;
}

/** The source, each destination chain it reaches, and that chain's assets. */
export function reachToMermaid(source: WireAsset, response: AssetsFromSourceResponse): string {
  const lines = ["flowchart LR", `  s["${mermaidText(assetName(source))}<br/>${mermaidText(source.chain_id)}"]`];
  Object.keys(response.dest_assets).forEach((chainId, c) => {
    lines.push(`  c${c}[("${mermaidText(chainId)}")]`, `  s --> c${c}`);
    response.dest_assets[chainId]!.assets.forEach((asset, a) => {
      lines.push(`  c${c}a${a}["${mermaidText(assetName(asset))}"]`, `  c${c} --- c${c}a${a}`);
    });
  });
  return `${lines.join("\n")}\n`;
}
