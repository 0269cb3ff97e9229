/**
 * What the pictures say about an asset and a hop, and the escaping each text format needs.
 * Denoms carry `/` and `:`, symbols may carry quotes, and registry text anything at all
 * (../wire/safe-text.ts): every label goes through an escape.
 */
import type { RouteHop } from "../wire/route.js";
import type { WireAsset } from "../wire/schema.js";
import { mermaidText, xmlText } from "../wire/safe-text.js";

export { mermaidText };

/** `ATOM` or a shortened denom (`ibc/27394F…5EB2`) when the asset has no symbol. */
export function assetName(asset: Pick<WireAsset, "denom" | "symbol">): string {
  if (asset.symbol !== undefined && asset.symbol !== "") return asset.symbol;
  // By code points, so the cut never splits a surrogate pair.
  const chars = [...asset.denom];
  return chars.length > 24 ? `${chars.slice(0, 12).join("")}…${chars.slice(-6).join("")}` : asset.denom;
}

/** `IBC transfer/channel-141`, `AXELAR`, `swap on osmosis-poolmanager`. */
function hopLabel(hop: RouteHop): string {
  switch (hop.kind) {
    case "ibc":
      return `IBC ${hop.port}/${hop.channel}`;
    case "bridge":
      return hop.bridge;
    case "swap":
      return `swap on ${hop.venue}`;
  }
}

/**
 * One line of a DOT double-quoted string. The SVG is made from it, so only XML characters, shown
 * as what they are (`xmlText`: a NUL would also end the DOT string); backslashes doubled (Graphviz
 * reads `\N`, `\G`, `\l` in labels); `&` as `&amp;`, since Graphviz decodes entities (`&#27;` would
 * put a raw ESC in the SVG).
 */
function dotLine(text: string): string {
  return xmlText(text).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/&/g, "&amp;");
}

/** A DOT double-quoted string, quotes included: the text on one line, whatever it holds. */
export function dotString(text: string): string {
  return `"${dotLine(text)}"`;
}

/** A DOT label of several lines. */
export function dotLines(...lines: string[]): string {
  return `"${lines.map(dotLine).join("\\n")}"`;
}

/**
 * Generated node ids for the assets of a picture (`a0`, `a1`, ...): one per distinct (chain, denom),
 * so denoms never become identifiers. `declare` writes a new node's line the first time it is seen.
 */
export function assetNodeIds(declare: (id: string, asset: WireAsset) => void): (asset: WireAsset) => string {
  const ids = new Map<string, string>();
  return (asset) => {
    const key = `${asset.chain_id}\u0000${asset.denom}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = `a${ids.size}`;
      ids.set(key, id);
      declare(id, asset);
    }
    return id;
  };
}

/** A hop's label in a picture: the broken channel's status (`INACTIVE transfer/channel-2`), else its label, marked when a new transaction starts. */
export function pictureHopLabel(hop: RouteHop, index: number, broken: string | undefined): string {
  if (broken !== undefined) return `${broken} ${hopLabel(hop).replace(/^IBC /, "")}`;
  return index > 0 && hop.starts_tx ? `${hopLabel(hop)} (new tx)` : hopLabel(hop);
}
