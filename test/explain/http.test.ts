/**
 * The explorer endpoints through the fetch handler: the explain cases that prove the wiring
 * (wiringCases in test/explain/cases.ts; the whole table runs on the library) as POST and as GET with
 * their pictures, and discovery, route pictures, the page and the errors on fixtures/http-registry.json.
 * The DOT picture is checked by a real Graphviz (@viz-js/viz), not by the code that wrote it.
 */
import { instance } from "@viz-js/viz";
import { describe, expect, it } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import { ExplainResponseSchema } from "../../src/entries/schemas.js";
import { ATOM_ON_OSMOSIS, AXL_USDC_ON_OSMOSIS, fixtureGraph, jsonRequest, USDC_ON_ETHEREUM } from "../http/fixture.js";
import { checkExplain, checkPicture, pictureRows, wiringCases, type ExplainCase } from "./cases.js";
import { graphOf } from "./graphs.js";

const handler = createFetchHandler(fixtureGraph());
const get = (path: string, init: RequestInit = {}) => handler(new Request(`http://fungible.test${path}`, init));
const route = (from: string, to: string, extra = "") =>
  `/fungible-graph/v1/route?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`;

async function answer(response: Response, status = 200): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return body;
}

/** The text of each <text> element of an SVG, with Graphviz's numeric entities (`&#45;`) decoded. */
function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
}

/** A handler per graph of the case table, built once. */
const handlers = new Map<string, ReturnType<typeof createFetchHandler>>();
async function handlerOf(testCase: ExplainCase) {
  let found = handlers.get(testCase.router);
  if (found === undefined) handlers.set(testCase.router, (found = createFetchHandler(await graphOf(testCase))));
  return found;
}

/** The GET form: each field in the query string, flags as true/false. */
function explainQuery(testCase: ExplainCase): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(testCase.request)) if (value !== undefined && value !== null) params.set(field, String(value));
  return `/fungible-graph/v1/explain?${params}`;
}

describe("explain: the wiring cases over HTTP", () => {
  it.each(wiringCases().map((c) => [c.name, c] as const))("%s (POST and GET alike)", async (_name, testCase) => {
    const serve = await handlerOf(testCase);
    const posted = await answer(await serve(jsonRequest("/fungible-graph/v1/explain", testCase.request)));
    expect(ExplainResponseSchema.safeParse(posted).success).toBe(true);
    expect(checkExplain(testCase, ExplainResponseSchema.parse(posted))).toEqual([]);
    expect(await answer(await serve(new Request(`http://fungible.test${explainQuery(testCase)}`)))).toEqual(posted);
  }, 60_000);

  // Every picture of those cases: explain with ?format= (GET and POST), and the route endpoint for the reachable cases.
  it.each(pictureRows(wiringCases()))("%s: explain and route pictures", async (_name, testCase, format) => {
    const serve = await handlerOf(testCase);
    const body = await answer(await serve(new Request(`http://fungible.test${explainQuery(testCase)}&format=${format}`)));
    expect(Object.keys(body)).toEqual(["format", "explanation", "text"]);
    expect(body.format).toBe(format);
    expect(checkExplain(testCase, ExplainResponseSchema.parse(body.explanation))).toEqual([]);
    expect(checkPicture(testCase, format, body.text as string)).toEqual([]);
    const posted = await answer(await serve(jsonRequest(`/fungible-graph/v1/explain?format=${format}`, testCase.request)));
    expect(posted).toEqual(body);
    if (testCase.route === undefined) return;
    const { source_asset_chain_id: chain, source_asset_denom: denom, dest_chain_id: dest } = testCase.request;
    const path = route(`${chain}:${denom}`, `${dest}:${testCase.route.dest_denom}`, `&format=${format}`);
    const routed = await answer(await serve(new Request(`http://fungible.test${path}`)));
    expect(routed.format).toBe(format);
    expect(checkPicture(testCase, format, routed.text as string)).toEqual([]);
  }, 60_000);
});

describe("chain ids are data", () => {
  it("explaining across a registry with chains called __proto__ and constructor: valid answers, Object.prototype left alone", async () => {
    for (const dest of ["1", "__proto__", "constructor", "phoenix-1"]) {
      const body = await answer(await handler(jsonRequest("/fungible-graph/v1/explain", { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: dest })));
      expect(body.dest_chain_id).toBe(dest);
      // Chain paths name real chains: `constructor` must not resolve to Object's constructor.
      expect(ExplainResponseSchema.safeParse(body).error?.issues ?? []).toEqual([]);
    }
    const inherited: string[] = [];
    for (const key in {}) inherited.push(key);
    expect(inherited).toEqual([]);
  });
});

describe("discovery", () => {
  it("chains lists every chain of the registry with its names and flags", async () => {
    const { chains } = (await answer(await get("/fungible-graph/v1/chains"))) as { chains: Record<string, unknown>[] };
    expect(chains.map((chain) => chain.chain_id)).toEqual(["1", "__proto__", "axelar-dojo-1", "constructor", "cosmoshub-4", "neutron-1", "osmosis-1", "phoenix-1"]);
    expect(chains.find((chain) => chain.chain_id === "cosmoshub-4")).toMatchObject({ chain_name: "cosmoshub", pretty_name: "Cosmos Hub", pfm_enabled: true });
  });

  it("assets lists a chain's listed assets and derived vouchers; __proto__ is a chain like any other", async () => {
    const osmosis = (await answer(await get("/fungible-graph/v1/assets?chain_id=osmosis-1"))) as { chain_id: string; assets: Record<string, unknown>[] };
    expect(osmosis.chain_id).toBe("osmosis-1");
    expect(osmosis.assets).toContainEqual(expect.objectContaining({ denom: ATOM_ON_OSMOSIS, symbol: "ATOM", trace: "transfer/channel-0", origin_chain_id: "cosmoshub-4", listed: true }));
    const proto = (await answer(await get("/fungible-graph/v1/assets?chain_id=__proto__"))) as { assets: Record<string, unknown>[] };
    expect(proto.assets.map((asset) => asset.denom)).toContain("uproto");
  });

  it("an unknown chain is a 404 whose message suggests the chain id; a missing chain_id is a 400", async () => {
    const unknown = await answer(await get("/fungible-graph/v1/assets?chain_id=cosmoshub"), 404);
    expect(unknown).toMatchObject({ code: 5, details: [] });
    expect(unknown.message).toContain('"cosmoshub"');
    expect(unknown.message).toContain("cosmoshub-4");
    expect(await answer(await get("/fungible-graph/v1/assets"), 400)).toMatchObject({ code: 3, message: "assets: chain_id: chain_id is required" });
  });
});

describe("route", () => {
  it("answers the chosen route as JSON, hop by hop", async () => {
    const body = await answer(await get(route("1:" + USDC_ON_ETHEREUM, "osmosis-1:" + AXL_USDC_ON_OSMOSIS)));
    expect(body).toMatchObject({
      format: "json",
      text: null,
      route: {
        // One Axelar transfer: the AXELAR hop and its IBC delivery from axelar-dojo-1.
        txs_required: 1,
        bridges: ["AXELAR"],
        hops: [
          { kind: "bridge", bridge: "AXELAR", starts_tx: true, to: { chain_id: "axelar-dojo-1", denom: "uusdc" } },
          { kind: "ibc", port: "transfer", channel: "channel-3", part_of: "AXELAR", starts_tx: false, to: { chain_id: "osmosis-1", denom: AXL_USDC_ON_OSMOSIS } },
        ],
      },
    });
  });

  it("format=dot is Graphviz text that Graphviz renders with every hop; format=mermaid is a flowchart", async () => {
    const dot = await answer(await get(route("1:" + USDC_ON_ETHEREUM, "osmosis-1:" + AXL_USDC_ON_OSMOSIS, "&format=dot")));
    expect(dot.format).toBe("dot");
    const svg = (await instance()).renderString(dot.text as string, { format: "svg" });
    const texts = svgTexts(svg);
    // Three boxes (symbol, denom, chain) and one label per hop; the second hop is Axelar's IBC delivery.
    expect(texts).toEqual(expect.arrayContaining(["1", "axelar-dojo-1", "osmosis-1", "uusdc", AXL_USDC_ON_OSMOSIS, "AXELAR", "AXELAR (IBC transfer/channel-3)"]));
    const mermaid = await answer(await get(route("cosmoshub-4:uatom", "osmosis-1:" + ATOM_ON_OSMOSIS, "&format=mermaid")));
    expect(mermaid.text).toMatch(/^flowchart LR\n/);
    expect(mermaid.text).toContain("channel-141");
  });

  it("format=svg is Graphviz's SVG, drawn on the server, still inside a JSON answer", async () => {
    const svg = await answer(await get(route("1:" + USDC_ON_ETHEREUM, "osmosis-1:" + AXL_USDC_ON_OSMOSIS, "&format=svg")));
    expect(svg.format).toBe("svg");
    expect(svgTexts(svg.text as string)).toEqual(expect.arrayContaining(["axelar-dojo-1", "AXELAR", "AXELAR (IBC transfer/channel-3)"]));
  });

  it("reach: the assets_from_source answer drawn as Mermaid, DOT or SVG, in a JSON answer", async () => {
    const reach = (extra: string) => `/fungible-graph/v1/reach?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom${extra}`;
    const expected = fixtureGraph().assetsFromSource({ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" });
    const chains = Object.keys(expected.dest_assets);
    expect(chains).toContain("osmosis-1");
    const mermaid = await answer(await get(reach("")));
    expect(mermaid).toMatchObject({ format: "mermaid", source: { chain_id: "cosmoshub-4", denom: "uatom" }, response: expected });
    for (const chain of chains) expect(mermaid.text).toContain(`("${chain}")`);
    const dot = await answer(await get(reach("&format=dot")));
    expect(dot.text).toMatch(/^digraph reach \{/);
    const svg = await answer(await get(reach("&format=svg")));
    expect(svgTexts(svg.text as string)).toEqual(expect.arrayContaining(["cosmoshub-4", ...chains]));
    expect((await answer(await get(reach("&format=png")), 400)).message).toContain("reach: format:");
    expect((await answer(await get("/fungible-graph/v1/reach?source_asset_chain_id=cosmoshub&source_asset_denom=uatom"), 404)).message).toContain("cosmoshub-4");
  });

  it("no route is an answer (route null), not an error", async () => {
    expect(await answer(await get(route("cosmoshub-4:uatom", "1:" + USDC_ON_ETHEREUM, "&format=mermaid")))).toEqual({ format: "mermaid", route: null, text: null });
  });

  it("a CW20 denom keeps its ':' (split at the first one)", async () => {
    const body = await answer(await get(route("phoenix-1:cw20:terra1nsuqsk6kh58ulczatwev87ttq2z6r3pusulg9r24mfj2fvtzd4uq3exn26", "osmosis-1:ibc/E5916C205E90C7C3481AFD8663A13C1D6C63145FB6C38DA9FC151FEE706F32EF")));
    expect((body.route as { hops: { port: string }[] }).hops.map((hop) => hop.port)).toEqual(["wasm.terra1e0mrzy8077druuu42vs0hu7ugguade0cj65dgtauyaw4gsl4kv0qtdf2au"]);
  });

  it.each([
    [route("cosmoshub-4", "osmosis-1:uosmo"), 400, "route: from: from must be <chain_id>:<denom>, such as cosmoshub-4:uatom"],
    ["/fungible-graph/v1/route?from=cosmoshub-4:uatom", 400, "route: to: to is required"],
    [route("cosmoshub-4:uatom", "osmosis-1:uosmo", "&format=png"), 400, "route: format:"],
    ["/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1&format=json", 400, "explain: format:"],
    [route("cosmoshub-4:uatom", "osmosis-1:uosmo", "&include_swaps=maybe"), 400, "route: include_swaps:"],
    [route("nowhere-9:uatom", "osmosis-1:uosmo"), 404, '"nowhere-9"'],
    [route("cosmoshub-4:ATOM", "osmosis-1:uosmo"), 404, '"ATOM"'],
  ])("%s -> %i", async (path, status, message) => {
    const body = await answer(await get(path), status);
    expect(body.message).toContain(message);
    expect(body.code).toBe(status === 400 ? 3 : 5);
  });
});

describe("methods, the page, and its files", () => {
  it.each([
    ["/fungible-graph/v1/chains", "POST", "GET, HEAD"],
    ["/fungible-graph/v1/route", "DELETE", "GET, HEAD"],
    ["/fungible-graph/v1/explain", "PUT", "GET, HEAD, POST"],
    ["/", "POST", "GET, HEAD"],
  ])("%s answers %s with 405 and Allow: %s", async (path, method, allow) => {
    const response = await get(path, { method });
    expect(await answer(response, 405)).toMatchObject({ code: 12 });
    expect(response.headers.get("allow")).toBe(allow);
  });

  it("explain's POST body goes through the service's JSON checks", async () => {
    const form = await get("/fungible-graph/v1/explain", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(await answer(form, 415)).toMatchObject({ code: 3 });
    expect(await answer(await handler(jsonRequest("/fungible-graph/v1/explain", "{")), 400)).toMatchObject({ code: 3 });
    expect(await answer(await handler(jsonRequest("/fungible-graph/v1/explain", "x".repeat(70_000))), 413)).toMatchObject({ code: 8 });
  });

  it("GET / is the page: HTML that loads only this server's script and style", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'; script-src 'self'");
    const html = await response.text();
    const loads = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(loads).toEqual(["data:,", "/explorer/app.css", "/explorer/app.js"]);
    const script = await get("/explorer/app.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain('fetch(path, init)');
    expect((await get("/explorer/app.css")).headers.get("content-type")).toBe("text/css; charset=utf-8");
    const head = await get("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("an unknown path stays a JSON 404", async () => {
    expect(await answer(await get("/explorer/nope.js"), 404)).toMatchObject({ code: 5, message: "no endpoint at GET /explorer/nope.js" });
  });
});
