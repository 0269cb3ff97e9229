/**
 * The explorer endpoints: `explain` (why an asset does or does not reach a chain), `destinations`
 * (every chain for one source, reached or why not), discovery
 * (`chains`, `assets`), one `route` with its picture as text, the reach picture, and the page at
 * GET / that reads them. Handlers of the route table (./routes.ts); errors are thrown as
 * FungibleErrors and leave through the app's one error writer.
 */
import { FungibleError, isFungibleError } from "../errors.js";
import { reachToDot, routeToDot } from "../render/dot.js";
import { explainToDot, explainToMermaid } from "../render/explain.js";
import { reachToMermaid, routeToMermaid } from "../render/mermaid.js";
import { ExplainRequestSchema, type ExplainResponse } from "../wire/explain.js";
import { DestinationsRequestSchema } from "../wire/destinations.js";
import { AssetsFromSourceRequestSchema, parseRequest, type AssetsFromSourceRequest } from "../wire/schema.js";
import { jsonAnswer, queryString, type AppContext, type RouteHandler } from "./app-env.js";
import {
  AssetsQuerySchema,
  ExplainFormatQuerySchema,
  ReachFormatQuerySchema,
  RouteQuerySchema,
  type ExplainPicture,
  type PictureFormat,
  type ReachPicture,
  type RouteAnswer,
} from "./explorer-schemas.js";
import { PAGE_HTML } from "./page/page-html.js";
import { queryToBody } from "./query-params.js";
import type { Analyze, SvgRenderer } from "./handler-options.js";
import { assertJsonContentType, readJsonBody } from "./read-json.js";
import { analyzeHere } from "./analyze-here.js";

/** The page may load only what this server serves: no CDN, no inline code. */
const PAGE_SECURITY = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-cache",
};

const json = jsonAnswer;
const text = (c: AppContext, body: string, type: string) => c.body(body, 200, { "content-type": `${type}; charset=utf-8`, ...PAGE_SECURITY });
const params = (c: AppContext) => new URLSearchParams(queryString(c.req.url));

type ExplorerOperation = "explain" | "explainGet" | "destinations" | "destinationsGet" | "chains" | "assets" | "route" | "reachPicture" | "explorerPage" | "explorerScript" | "explorerStyle";

export function explorerHandlers(bodyLimit: number, explainBudgetMs: number, svgRenderer?: SvgRenderer, analyze: Analyze = analyzeHere): Record<ExplorerOperation, RouteHandler> {
  /** A picture as text; SVG draws the DOT with the given renderer, or Graphviz here (wasm, ~1.4 MB) imported on the first SVG asked for. */
  const picture = async (c: AppContext, format: PictureFormat, mermaid: () => string, dot: () => string): Promise<string> => {
    if (format === "mermaid") return mermaid();
    if (format === "dot") return dot();
    if (svgRenderer === undefined) return svgOf(dot());
    try {
      return await svgRenderer(dot(), c.req.raw.signal);
    } catch (error) {
      // Its FungibleErrors are the answer (busy, over budget, the client gone, DOT refused); anything else: it could not draw.
      throw isFungibleError(error) ? error : svgUnavailable(error);
    }
  };
  // explain validates its request itself (a 400 FungibleError naming "explain"); `format` is read from the query string.
  const explain = async (c: AppContext, body: unknown) => {
    const { format } = parseRequest(ExplainFormatQuerySchema, queryToBody(params(c), ExplainFormatQuerySchema.shape), "explain");
    // Bounded: the work stops when the client goes away or passes its budget (a 503 with Retry-After).
    const answer = (await analyze("explain", c.var.router, body, { signal: c.req.raw.signal, budgetMs: explainBudgetMs })) as ExplainResponse;
    if (format === null) return json(c, answer);
    const pictured: ExplainPicture = { format, explanation: answer, text: await picture(c, format, () => explainToMermaid(answer), () => explainToDot(answer)) };
    return json(c, pictured);
  };
  // Every chain of the registry for one source: bounded as explain is (the same budget, the client's signal).
  const destinations = async (c: AppContext, body: unknown) => json(c, await analyze("destinations", c.var.router, body, { signal: c.req.raw.signal, budgetMs: explainBudgetMs }));
  return {
    destinations: async (c) => {
      assertJsonContentType(c.req.header("content-type") ?? null);
      return destinations(c, await readJsonBody(c.req.raw, bodyLimit));
    },
    destinationsGet: (c) => destinations(c, queryToBody(params(c), DestinationsRequestSchema.def.out.shape)),
    explain: async (c) => {
      assertJsonContentType(c.req.header("content-type") ?? null);
      return explain(c, await readJsonBody(c.req.raw, bodyLimit));
    },
    explainGet: (c) => explain(c, queryToBody(params(c), ExplainRequestSchema.def.out.shape)),
    chains: (c) => json(c, { chains: c.var.router.chains() }),
    assets: (c) => {
      const { chain_id } = parseRequest(AssetsQuerySchema, queryToBody(params(c), AssetsQuerySchema.shape), "assets");
      return json(c, { chain_id, assets: c.var.router.assetsOnChain(chain_id) });
    },
    route: async (c) => {
      const query = parseRequest(RouteQuerySchema, queryToBody(params(c), RouteQuerySchema.shape), "route");
      const found = c.var.router.route(query.from, query.to, { include_swaps: query.include_swaps });
      const drawn = found === null || query.format === "json" ? null : await picture(c, query.format, () => routeToMermaid(found), () => routeToDot(found));
      const answer: RouteAnswer = { format: query.format, route: found, text: drawn };
      return json(c, answer);
    },
    reachPicture: async (c) => {
      const query = params(c);
      const { format } = parseRequest(ReachFormatQuerySchema, queryToBody(query, ReachFormatQuerySchema.shape), "reach");
      const request = queryToBody(query, AssetsFromSourceRequestSchema.def.out.shape) as AssetsFromSourceRequest;
      const router = c.var.router;
      const response = router.assetsFromSource(request);
      // The source as the registry spells it (the query accepts an ibc/ denom in any case): a route to itself.
      const ref = { chain_id: String(request.source_asset_chain_id), denom: String(request.source_asset_denom) };
      const source = router.route(ref, ref)!.from;
      const drawn = await picture(c, format, () => reachToMermaid(source, response), () => reachToDot(source, response));
      const answer: ReachPicture = { format, source, response, text: drawn };
      return json(c, answer);
    },
    explorerPage: (c) => text(c, PAGE_HTML, "text/html"),
    // The page's script and style sheet (a hundred kilobytes of text) are imported when first asked for, not at start.
    explorerScript: async (c) => text(c, (await import("./page/page-assets.js")).PAGE_SCRIPT, "text/javascript"),
    explorerStyle: async (c) => text(c, (await import("./page/page-assets.js")).PAGE_CSS, "text/css"),
  };
}

/**
 * Graphviz compiles its WebAssembly at run time, which some runtimes refuse (Cloudflare Workers
 * allow only modules compiled at deploy time): a failure to load or start it is 501, naming the
 * formats that work there. Imported dynamically, so bundles that never ask for SVG leave it out.
 */
async function svgOf(dot: string): Promise<string> {
  let render: (dot: string) => Promise<string>;
  try {
    ({ renderSvg: render } = await import("../render/svg.js"));
  } catch (error) {
    throw svgUnavailable(error);
  }
  try {
    return await render(dot);
  } catch (error) {
    // A FungibleError is Graphviz refusing this DOT; anything else is the renderer failing to start.
    throw isFungibleError(error) ? error : svgUnavailable(error);
  }
}

function svgUnavailable(cause: unknown): FungibleError {
  const why = cause instanceof Error ? cause.message : String(cause);
  const message = `format=svg is not available in this runtime: the SVG renderer (Graphviz, WebAssembly) could not start (${why.slice(0, 200)}); use format=mermaid or format=dot`;
  return new FungibleError("not_implemented", message, [{ path: ["format"], message: "svg is not available here; mermaid and dot are" }]);
}
