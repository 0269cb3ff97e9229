/**
 * The explorer endpoints: `explain` (why an asset does or does not reach a chain), discovery
 * (`chains`, `assets`), one `route` with its picture as text, and the page at GET / that reads
 * them. Mounted on the service's Hono app by `mountExplorer`; errors are thrown as FungibleErrors
 * and leave through the app's one `onError`, so they share the error body of every endpoint.
 */
import type { Hono } from "hono";
import type { AssetRouter } from "../router/router.js";
import { reachToDot, routeToDot } from "../render/dot.js";
import { explainToDot, explainToMermaid } from "../render/explain.js";
import { reachToMermaid, routeToMermaid } from "../render/mermaid.js";
import { AssetsFromSourceRequestSchema, type AssetsFromSourceRequest } from "../wire/schema.js";
import { ExplainRequestSchema, type ExplainRequest } from "../wire/explain.js";
import { parseRequest } from "../wire/schema.js";
import { methodNotAllowed } from "./errors.js";
import {
  AssetsQuerySchema,
  ExplainFormatQuerySchema,
  REACH_PATH,
  ReachFormatQuerySchema,
  RouteQuerySchema,
  type ExplainPicture,
  type ReachPicture,
  type PictureFormat,
  type RouteAnswer,
} from "./explorer-schemas.js";
import { PATHS } from "./openapi.js";
import { PAGE_HTML, PAGE_PATHS } from "./page/page-html.js";
import { PAGE_SCRIPT } from "./page/page-script.js";
import { PAGE_CSS } from "./page/page-style.js";
import { queryToBody } from "./query-params.js";
import { assertJsonContentType, readJsonBody } from "./read-json.js";

export interface ExplorerOptions {
  /** The graph to answer from, read once per request (a live service swaps it on reload). */
  router: () => AssetRouter;
  /** Largest POST body accepted, in bytes (the service's limit). */
  bodyLimit: number;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The page may load only what this server serves: no CDN, no inline code. */
const PAGE_SECURITY = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-cache",
};

const EXPLORER_METHODS: [string, string[]][] = [
  [PATHS.explain, ["GET", "HEAD", "POST"]],
  [PATHS.chains, ["GET", "HEAD"]],
  [PATHS.assets, ["GET", "HEAD"]],
  [PATHS.route, ["GET", "HEAD"]],
  [REACH_PATH, ["GET", "HEAD"]],
  [PAGE_PATHS.page, ["GET", "HEAD"]],
  [PAGE_PATHS.script, ["GET", "HEAD"]],
  [PAGE_PATHS.style, ["GET", "HEAD"]],
];

export function mountExplorer(app: Hono, options: ExplorerOptions): void {
  const { router, bodyLimit } = options;
  const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "content-type": JSON_TYPE } });
  const text = (body: string, contentType: string) =>
    new Response(body, { headers: { "content-type": `${contentType}; charset=utf-8`, ...PAGE_SECURITY } });
  const readBody = async (request: Request) => {
    assertJsonContentType(request.headers.get("content-type"));
    return readJsonBody(request, bodyLimit);
  };

  // explain validates its request itself (a 400 FungibleError naming "explain"); `format` is read from the query string.
  const explain = async (url: string, body: unknown) => {
    const { format } = parseRequest(ExplainFormatQuerySchema, queryToBody(searchParams(url), ExplainFormatQuerySchema.shape, "explain"), "explain");
    const answer = await router().explain(body as ExplainRequest);
    if (format === null) return json(answer);
    const text = await picture(format, () => explainToMermaid(answer), () => explainToDot(answer));
    const pictured: ExplainPicture = { format, explanation: answer, text };
    return json(pictured);
  };
  app.post(PATHS.explain, async (c) => explain(c.req.url, await readBody(c.req.raw)));
  app.get(PATHS.explain, (c) => explain(c.req.url, queryToBody(searchParams(c.req.url), ExplainRequestSchema.shape, "explain")));

  app.get(PATHS.chains, () => json({ chains: router().chains() }));
  app.get(PATHS.assets, (c) => {
    const { chain_id } = parseRequest(AssetsQuerySchema, queryToBody(searchParams(c.req.url), AssetsQuerySchema.shape, "assets"), "assets");
    return json({ chain_id, assets: router().assetsOnChain(chain_id) });
  });
  app.get(PATHS.route, async (c) => {
    const query = parseRequest(RouteQuerySchema, queryToBody(searchParams(c.req.url), RouteQuerySchema.shape, "route"), "route");
    const found = router().route(query.from, query.to, { include_swaps: query.include_swaps });
    const text =
      found === null || query.format === "json" ? null : await picture(query.format, () => routeToMermaid(found), () => routeToDot(found));
    const answer: RouteAnswer = { format: query.format, route: found, text };
    return json(answer);
  });

  app.get(REACH_PATH, async (c) => {
    const params = searchParams(c.req.url);
    const { format } = parseRequest(ReachFormatQuerySchema, queryToBody(params, ReachFormatQuerySchema.shape, "reach"), "reach");
    const request = queryToBody(params, AssetsFromSourceRequestSchema.shape, "reach") as AssetsFromSourceRequest;
    const live = router();
    const response = live.assetsFromSource(request);
    // The source as the registry spells it (the query accepts an ibc/ denom in any case): a route to itself.
    const ref = { chain_id: String(request.source_asset_chain_id), denom: String(request.source_asset_denom) };
    const source = live.route(ref, ref)!.from;
    const text = await picture(format, () => reachToMermaid(source, response), () => reachToDot(source, response));
    const answer: ReachPicture = { format, source, response, text };
    return json(answer);
  });

  app.get(PAGE_PATHS.page, () => text(PAGE_HTML, "text/html"));
  app.get(PAGE_PATHS.script, () => text(PAGE_SCRIPT, "text/javascript"));
  app.get(PAGE_PATHS.style, () => text(PAGE_CSS, "text/css"));

  for (const [path, methods] of EXPLORER_METHODS) {
    // Answered, not thrown: the service's own 405 would list only GET and HEAD in Allow.
    app.all(path, (c) => methodNotAllowed(c.req.method, path, methods));
  }
}

/** A picture as text; SVG draws the DOT with Graphviz (wasm, ~1.4 MB), imported on the first SVG asked for. */
async function picture(format: PictureFormat, mermaid: () => string, dot: () => string): Promise<string> {
  if (format === "mermaid") return mermaid();
  if (format === "dot") return dot();
  const { renderSvg } = await import("../render/svg.js");
  return renderSvg(dot());
}

function searchParams(url: string): URLSearchParams {
  return new URL(url).searchParams;
}
