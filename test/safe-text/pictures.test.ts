/**
 * Pictures of the hostile registry (fixtures/hostile-registry.json): Mermaid holds no directive
 * and no raw hostile character; DOT renders through Graphviz (@viz-js/viz) to SVG that a real
 * XML parser (expat) accepts; the HTTP picture endpoints answer 200, never a 400 blaming the
 * client for a NUL in registry text; the JSON beside the picture keeps the registry's exact text.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { createService } from "../../src/http/handler.js";
import { parseRegistry, type RegistryInput } from "../../src/index.js";
import { reachToDot, routeToDot } from "../../src/entries/render.js";
import { explainToDot, explainToMermaid } from "../../src/entries/render.js";
import { reachToMermaid, routeToMermaid } from "../../src/entries/render.js";
import { renderSvg } from "../../src/entries/svg.js";
import { buildRouter } from "../../src/index.js";
import { explain } from "../../src/entries/explain.js";
import type { Route } from "../../src/index.js";
import { xmlParserMissing, xmlWellFormed } from "./xml.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

const input = JSON.parse(readFileSync(new URL("../../fixtures/hostile-registry.json", import.meta.url), "utf8")) as RegistryInput;
const router = buildRouter(parseRegistry(input));
const HUB_DENOMS = ["uhub", "ucoin", "factory/hub1:hostile", "uzw"];
/** The voucher of a hub-1 asset on dex-1 (dex-1's end of the channel is channel-7). */
const onDex = (denom: string) => oracleIbcDenom("transfer/channel-7", denom);

/** Raw characters no picture may hold: C0 but LF, DEL, C1, bidi, zero-width/BOM, and what XML 1.0 forbids. */
const HOSTILE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\ufffe\uffff\ud800-\udfff]/;

function routesToDex(): Route[] {
  return HUB_DENOMS.map((denom) => {
    const found = router.route({ chain_id: "hub-1", denom }, { chain_id: "dex-1", denom: onDex(denom) });
    if (found === null) throw new Error(`no route for ${denom}`);
    return found;
  });
}

const swapRoute = router.route({ chain_id: "hub-1", denom: "uhub" }, { chain_id: "hub-1", denom: "ucoin" }, { include_swaps: true })!;

function expectSafeMermaid(text: string): void {
  expect(text).not.toMatch(HOSTILE);
  expect(text).not.toContain("%%");
  expect(text).not.toContain("<script");
  // Every quote left is a label delimiter: what is between two quotes holds none of Mermaid's syntax.
  for (const [, label] of text.matchAll(/"([^"]*)"/g)) expect(label!.replaceAll("<br/>", "")).not.toMatch(/[<>[\]{}|%`&]/);
}

async function expectWellFormedSvg(dot: string): Promise<string> {
  expect(dot).not.toMatch(HOSTILE);
  const svg = await renderSvg(dot);
  expect(svg).not.toMatch(HOSTILE);
  expect(svg).not.toMatch(/&#(0*(?:[0-8]|1[124-9]|2\d|3[01])|x0*[0-8bcef]|x0*1[0-9a-f]);/i);
  if (xmlParserMissing === null) expect(xmlWellFormed(svg)).toBe("ok");
  return svg;
}

describe("Mermaid of hostile registry text", () => {
  test("routes, the swap route, reaches and explanations: no directive, no raw hostile character, labels escaped", () => {
    const texts = [
      ...routesToDex().map(routeToMermaid),
      routeToMermaid(swapRoute),
      ...HUB_DENOMS.map((denom) => {
        const source = router.route({ chain_id: "hub-1", denom }, { chain_id: "hub-1", denom })!.from;
        return reachToMermaid(source, router.assetsFromSource({ source_asset_chain_id: "hub-1", source_asset_denom: denom }));
      }),
    ];
    for (const text of texts) expectSafeMermaid(text);
    const all = texts.join("\n");
    expect(all).toContain("\\u202eMOTA");
    expect(all).toContain("#37;#37;#123;init: #123;#quot;theme#quot;");
    expect(all).toContain("A\\ufffeB\\x00C");
    expect(all).toContain("swap on pool\\x1b#91;2Jvenue");
  });

  test("explanations over an INACTIVE channel and to an unreached chain", async () => {
    const answers = ["uhub", "factory/hub1:hostile"].map((denom) =>
      explain(router, { source_asset_chain_id: "hub-1", source_asset_denom: denom, dest_chain_id: "side-1", allow_multi_tx: true }),
    );
    for (const answer of answers) {
      expectSafeMermaid(explainToMermaid(answer));
      await expectWellFormedSvg(explainToDot(answer));
    }
  });
});

describe.skipIf(xmlParserMissing !== null)("SVG of hostile registry text", () => {
  test("every route's DOT renders to well-formed SVG that shows the hostile characters as escapes", async () => {
    const svgs = await Promise.all([...routesToDex(), swapRoute].map((found) => expectWellFormedSvg(routeToDot(found))));
    const all = svgs.join("\n");
    expect(all).toContain("\\u202eMOTA");
    expect(all).toContain("A\\ufffeB\\x00C");
    expect(all).toContain("ZW\\u200bSP\\u2066iso\\u2069\\ufeff\\x85\\x7f");
    expect(all).toContain("%%{init: {&quot;theme&quot;:&quot;forest&quot;}}%%");
    expect(all).toContain("pool\\x1b[2Jvenue");
  });

  test("reach pictures of every hostile source render to well-formed SVG", async () => {
    for (const denom of HUB_DENOMS) {
      const source = router.route({ chain_id: "hub-1", denom }, { chain_id: "hub-1", denom })!.from;
      await expectWellFormedSvg(reachToDot(source, router.assetsFromSource({ source_asset_chain_id: "hub-1", source_asset_denom: denom })));
    }
  });

  test("Graphviz entities in a name stay text: '&#27;' is not decoded into an ESC", async () => {
    const name = "&#27; &amp; \\N";
    const found = routesToDex()[0]!;
    const route: Route = { ...found, from: { ...found.from, symbol: name } };
    const svg = await expectWellFormedSvg(routeToDot(route));
    expect(svg).toContain("&amp;#27; &amp;amp; \\\\N");
  });
});

describe("the HTTP picture endpoints", () => {
  const service = createService(router);
  const get = (path: string) => service.fetch(new Request(`http://localhost${path}`));

  test("a route picture whose symbol holds NUL and U+FFFE is a 200 with well-formed SVG; its JSON keeps the exact symbol", async () => {
    for (const format of ["svg", "mermaid", "dot"]) {
      const response = await get(`/fungible-graph/v1/route?from=${encodeURIComponent("hub-1:factory/hub1:hostile")}&to=${encodeURIComponent(`dex-1:${onDex("factory/hub1:hostile")}`)}&format=${format}`);
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { route: Route; text: string };
      expect(answer.route.from.symbol).toBe("A\uFFFEB\u0000C");
      expect(answer.text).not.toMatch(HOSTILE);
      if (format === "svg" && xmlParserMissing === null) expect(xmlWellFormed(answer.text)).toBe("ok");
    }
  });

  test("a reach picture from the bidi-override symbol is a 200 with well-formed SVG", async () => {
    const response = await get("/fungible-graph/v1/reach?source_asset_chain_id=hub-1&source_asset_denom=uhub&format=svg");
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { source: { symbol: string }; text: string };
    expect(answer.source.symbol).toBe("\u202eMOTA");
    expect(answer.text).toContain("\\u202eMOTA");
    if (xmlParserMissing === null) expect(xmlWellFormed(answer.text)).toBe("ok");
  });
});
