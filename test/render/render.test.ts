/**
 * Pictures: DOT is checked by Graphviz itself (@viz-js/viz parses and renders it: an independent
 * parser), Mermaid by its structure: one edge per hop with its channel or bridge label, generated
 * identifiers, no raw quote inside a label.
 */
import { describe, expect, test } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { reachToDot, routeToDot } from "../../src/entries/render.js";
import { explainToDot, explainToMermaid } from "../../src/entries/render.js";
import { reachToMermaid, routeToMermaid } from "../../src/entries/render.js";
import { assetNodeIds } from "../../src/render/labels.js";
import { renderSvg } from "../../src/entries/svg.js";
import type { Route } from "../../src/index.js";
import { FIXTURE_DENOMS } from "../explain/cases.js";
import { fixtureGraph } from "../explain/graphs.js";

const router = fixtureGraph();
const ibcRoute = router.route({ chain_id: "hub-1", denom: "uhub" }, { chain_id: "delta-1", denom: FIXTURE_DENOMS.hubOnDelta })!;
const bridgeRoute = router.route({ chain_id: "hub-1", denom: "uhub" }, { chain_id: "8453", denom: "0x1111111111111111111111111111111111111111" })!;
// A symbol with quotes, '#', '<' and a denom with '/' and ':' through a hand-made route.
const nasty: Route = {
  ...bridgeRoute,
  from: { ...bridgeRoute.from, symbol: 'HUB "the" #1 <coin>' },
  hops: bridgeRoute.hops.map((hop) => ({ ...hop, from: { ...hop.from, symbol: 'HUB "the" #1 <coin>', denom: "factory/hub1:x/y" } })),
};

/** The text Graphviz wrote, entities decoded (`&#45;` is '-'). */
function svgText(svg: string): string {
  return svg
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

const mermaidEdges = (text: string) => [...text.matchAll(/^\s+(\w+) (-->|-\.->|---)(?:\|"([^"]*)"\|)? (\w+)$/gm)];

describe("Mermaid", () => {
  test.each([
    ["IBC route with a new transaction", ibcRoute],
    ["bridge route", bridgeRoute],
    ["escaped labels", nasty],
  ] as const)("%s: one labelled edge per hop, valid ids, no raw quotes", (_name, route) => {
    const text = routeToMermaid(route);
    expect(text.startsWith("flowchart LR\n")).toBe(true);
    const edges = mermaidEdges(text);
    expect(edges.length).toBe(route.hops.length);
    route.hops.forEach((hop, i) => {
      const label = hop.kind === "ibc" ? `IBC ${hop.port}/${hop.channel}` : hop.kind === "bridge" ? hop.bridge : `swap on ${hop.venue}`;
      expect(edges[i]![3]).toContain(label);
      expect(edges[i]![2]).toBe(i > 0 && hop.starts_tx ? "-.->" : "-->");
    });
    for (const line of text.trim().split("\n").slice(1)) {
      const ids = line.trim().match(/^(\w+)/)![1]!;
      expect(ids).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      // Every label is one "..." pair with nothing quoted inside.
      for (const label of line.match(/"[^"]*"/g) ?? []) expect(label.replaceAll("<br/>", "")).not.toMatch(/[<>]/);
      expect((line.match(/"/g) ?? []).length % 2).toBe(0);
    }
    for (const chain of new Set(route.hops.flatMap((hop) => [hop.from.chain_id, hop.to.chain_id]))) expect(text).toContain(chain);
  });

  test("escapes quotes, # and angle brackets as entity codes", () => {
    const text = routeToMermaid(nasty);
    expect(text).toContain("HUB #quot;the#quot; #35;1 #lt;coin#gt;");
  });

  test("reach: the source, each chain and each of its assets", () => {
    const source = ibcRoute.from;
    const reach = router.assetsFromSource({ source_asset_chain_id: "hub-1", source_asset_denom: "uhub" });
    const text = reachToMermaid(source, reach);
    const chains = Object.keys(reach.dest_assets);
    expect(mermaidEdges(text).filter((e) => e[1] === "s").length).toBe(chains.length);
    for (const chain of chains) expect(text).toContain(`("${chain}")`);
  });
});

const inactiveAnswer = explain(router, { source_asset_chain_id: "hub-1", source_asset_denom: "uhub", dest_chain_id: "gamma-1" });
const noPathAnswer = explain(router, { source_asset_chain_id: "hub-1", source_asset_denom: "uhub", dest_chain_id: "island-1" });

describe("DOT, parsed back by Graphviz", () => {
  test.each([
    ["route", routeToDot(ibcRoute), ["hub-1", "alpha-1", "delta-1"]],
    ["bridge route with quotes", routeToDot(nasty), ["hub-1", "8453"]],
    ["reach", reachToDot(ibcRoute.from, router.assetsFromSource({ source_asset_chain_id: "hub-1", source_asset_denom: "uhub" })), ["alpha-1", "8453"]],
    ["explain: inactive channel", explainToDot(inactiveAnswer), ["gamma-1"]],
    ["explain: no path", explainToDot(noPathAnswer), ["island-1"]],
  ] as const)("%s renders to SVG naming its chains", async (_name, dot, chains) => {
    const svg = svgText(await renderSvg(dot));
    expect(svg).toMatch(/^<\?xml|<svg/);
    expect(svg).toContain("</svg>");
    for (const chain of chains) expect(svg).toContain(chain);
  });

  test("the escaped symbol survives into the SVG text", async () => {
    const svg = svgText(await renderSvg(routeToDot(nasty)));
    expect(svg).toContain('HUB "the" #1 <coin>');
    expect(svg).toContain("factory/hub1:x/y");
  });

  test("DOT Graphviz rejects is an invalid_request, not a crash", async () => {
    await expect(renderSvg("digraph { a -> }")).rejects.toMatchObject({ code: "invalid_request" });
  });

  test("a route hop that starts a transaction is dashed", () => {
    expect(routeToDot(ibcRoute)).toMatch(/label="IBC transfer\/channel-1 \(new tx\)", style=dashed/);
  });
});

describe("explain pictures", () => {
  test("inactive channel: the broken hop is marked", () => {
    const text = explainToMermaid(inactiveAnswer);
    expect(text).toContain('-.->|"INACTIVE transfer/channel-2"|');
  });

  test("inactive channel in DOT: the broken hop dashed and red, the path's assets as boxes", () => {
    const text = explainToDot(inactiveAnswer);
    expect(text).toMatch(/-> a1 \[label="INACTIVE transfer\/channel-2", style=dashed, color=red\];/);
    expect(text).toContain('a0 [label="HUB\\nuhub\\nhub-1"]');
  });

  test("UNKNOWN channel and the chain behind an INACTIVE one: each hop with its own label", async () => {
    const unknown = explain(router, { source_asset_chain_id: "hub-1", source_asset_denom: "uhub", dest_chain_id: "epsilon-1" });
    expect(explainToMermaid(unknown)).toContain('-.->|"UNKNOWN transfer/channel-6"|');
    const behind = explain(router, { source_asset_chain_id: "hub-1", source_asset_denom: "uhub", dest_chain_id: "zeta-1" });
    const edges = mermaidEdges(explainToMermaid(behind));
    expect(edges.map((edge) => [edge[2], edge[3]])).toEqual([
      ["-.->", "INACTIVE transfer/channel-2"],
      ["-.->", "IBC transfer/channel-1 (new tx)"],
    ]);
  });

  test("one node id per distinct asset, shared by Mermaid and DOT", () => {
    const declared: string[] = [];
    const node = assetNodeIds((id, asset) => declared.push(`${id}=${asset.chain_id}`));
    expect([node(ibcRoute.from), node(ibcRoute.to), node(ibcRoute.from)]).toEqual(["a0", "a1", "a0"]);
    expect(declared).toEqual(["a0=hub-1", "a1=delta-1"]);
  });
});
