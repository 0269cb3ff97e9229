/**
 * Browser code of the explorer page: the route diagram. A route as a left-to-right chain of asset
 * boxes joined by arrows labelled with each hop (IBC channel, bridge or swap venue), marking where
 * a transaction starts, plus the same hops as a list for screen readers and copying. Drawn as
 * inline SVG from the route JSON, so nothing is fetched to draw it.
 */
import type { Route, RouteHop } from "../../wire/route.js";
import { pageText } from "../../wire/safe-text.js";
import { el, plural } from "./page-dom.js";

const SVG = "http://www.w3.org/2000/svg";

/** A channel's status that marks a hop as broken (INACTIVE or UNKNOWN), or undefined. */
type BrokenHop = (hop: RouteHop) => string | undefined;

function svg(tag: string, attrs: Record<string, string | number> = {}, children: readonly (Node | string)[] = []): SVGElement {
  const node = document.createElementNS(SVG, tag);
  // Shown text is escaped like the rest of the page (./page-dom.ts `el`); data-* attributes stay raw data.
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, name === "aria-label" ? pageText(String(value)) : String(value));
  for (const child of children) node.append(typeof child === "string" ? pageText(child) : child);
  return node;
}

/** Middle-cut text so it fits its box, by code points (never half an emoji); the full text is in the picture's <title>. */
function shorten(text: string, room: number): string {
  const points = [...text];
  return points.length > room ? points.slice(0, room - 7).join("") + "\u2026" + points.slice(-6).join("") : text;
}

function hopLabel(hop: RouteHop): string {
  if (hop.kind === "ibc") return "IBC " + hop.port + "/" + hop.channel;
  if (hop.kind === "swap") return "swap on " + hop.venue;
  return hop.bridge;
}

const BOX = { width: 210, height: 58 };
const GAP = 180;
const PAD = 12;

/**
 * A route as a left-to-right chain of asset boxes joined by labelled arrows, plus the same as a
 * list. broken(hop) may mark an IBC hop (its channel's status, INACTIVE or UNKNOWN): a dashed
 * arrow labelled "INACTIVE transfer/channel-2". The title, if any, opens the caption.
 */
export function routeFigure(route: Route, broken?: BrokenHop, title?: string): HTMLElement {
  const mark = (hop: RouteHop) => (broken ? broken(hop) : undefined);
  const label = (hop: RouteHop) => {
    const status = mark(hop);
    return status && hop.kind === "ibc" ? status + " " + hop.port + "/" + hop.channel : hopLabel(hop);
  };
  const assets = [route.from, ...route.hops.map((hop) => hop.to)];
  const width = PAD * 2 + assets.length * BOX.width + (assets.length - 1) * GAP;
  const height = BOX.height + 2 * PAD + 30;
  const summary = (title ? title + ": " : "") + route.from.chain_id + " " + route.from.denom + " \u2192 " + route.to.chain_id + " " + route.to.denom + ": " +
    plural(route.txs_required, "transaction") + ", " + plural(route.hops.length, "hop") + ", bridges " + (route.bridges.join(", ") || "none");
  const marker = svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 8, markerHeight: 8, orient: "auto-start-reverse" },
    [svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "currentColor" })]);
  const picture = svg("svg", { width, height, viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": summary }, [svg("defs", {}, [marker])]);
  const top = PAD + 22;
  assets.forEach((asset, index) => {
    const x = PAD + index * (BOX.width + GAP);
    picture.append(svg("g", { class: "asset", "data-chain": asset.chain_id, "data-denom": asset.denom }, [
      svg("title", {}, [asset.chain_id + " " + asset.denom]),
      svg("rect", { class: "box", x, y: top, rx: 6, width: BOX.width, height: BOX.height }),
      svg("text", { class: "chain", x: x + 10, y: top + 22 }, [shorten(asset.chain_id, 26)]),
      svg("text", { x: x + 10, y: top + 42 }, [shorten((asset.symbol ? asset.symbol + " " : "") + asset.denom, 28)]),
    ]));
  });
  let tx = 0;
  route.hops.forEach((hop, index) => {
    if (hop.starts_tx) tx++;
    const x1 = PAD + index * (BOX.width + GAP) + BOX.width, x2 = x1 + GAP, y = top + BOX.height / 2;
    const parts = [
      svg("title", {}, [label(hop) + ": " + hop.from.chain_id + " \u2192 " + hop.to.chain_id]),
      svg("line", { class: mark(hop) ? "arrow broken" : "arrow", x1: x1 + 4, y1: y, x2: x2 - 4, y2: y, "marker-end": "url(#arrowhead)" }),
      svg("text", { class: "via", x: (x1 + x2) / 2, y: y - 8, "text-anchor": "middle" }, [shorten(label(hop), 30)]),
    ];
    if (hop.starts_tx) parts.push(svg("text", { class: "tx", x: (x1 + x2) / 2, y: y + 18, "text-anchor": "middle" }, ["tx " + tx + " starts"]));
    picture.append(svg("g", { class: mark(hop) ? "hop broken" : "hop", "data-kind": hop.kind, "data-via": label(hop) }, parts));
  });
  tx = 0;
  const steps = route.hops.map((hop) => {
    if (hop.starts_tx) tx++;
    return el("li", { textContent: "tx " + tx + ", " + label(hop) + ": " + hop.from.chain_id + " " + hop.from.denom + " \u2192 " + hop.to.chain_id + " " + hop.to.denom });
  });
  return el("figure", { className: "route" }, [el("figcaption", { textContent: summary }), picture, el("ol", { className: "hops" }, steps)]);
}
