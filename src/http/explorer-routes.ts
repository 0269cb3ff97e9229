/**
 * The explorer endpoints: `explain` (why an asset does or does not reach a chain), discovery
 * (`chains`, `assets`), one `route` with its picture as text, and the page at GET / that reads
 * them. Mounted on the service's Hono app by `mountExplorer`; errors are thrown as FungibleErrors
 * and leave through the app's one `onError`, so they share the error body of every endpoint.
 */
import type { Hono } from "hono";
import type { AssetGraph } from "../engine/asset-graph.js";
import { routeToDot } from "../render/dot.js";
import { routeToMermaid } from "../render/mermaid.js";
import { ExplainRequestSchema, type ExplainRequest } from "../wire/explain.js";
import { parseRequest } from "../wire/schema.js";
import { methodNotAllowed } from "./errors.js";
import { AssetsQuerySchema, RouteQuerySchema, type RouteAnswer } from "./explorer-schemas.js";
import { PATHS } from "./openapi.js";
import { PAGE_HTML, PAGE_PATHS } from "./page/page-html.js";
import { PAGE_SCRIPT } from "./page/page-script.js";
import { PAGE_CSS } from "./page/page-style.js";
import { queryToBody } from "./query-params.js";
import { assertJsonContentType, readJsonBody } from "./read-json.js";

export interface ExplorerOptions {
  /** The graph to answer from, read once per request (a live service swaps it on reload). */
  graph: () => AssetGraph;
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
  [PAGE_PATHS.page, ["GET", "HEAD"]],
  [PAGE_PATHS.script, ["GET", "HEAD"]],
  [PAGE_PATHS.style, ["GET", "HEAD"]],
];

export function mountExplorer(app: Hono, options: ExplorerOptions): void {
  const { graph, bodyLimit } = options;
  const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "content-type": JSON_TYPE } });
  const text = (body: string, contentType: string) =>
    new Response(body, { headers: { "content-type": `${contentType}; charset=utf-8`, ...PAGE_SECURITY } });
  const readBody = async (request: Request) => {
    assertJsonContentType(request.headers.get("content-type"));
    return readJsonBody(request, bodyLimit);
  };

  // explain validates its request itself (a 400 FungibleError naming "explain").
  const explain = async (body: unknown) => json(await graph().explain(body as ExplainRequest));
  app.post(PATHS.explain, async (c) => explain(await readBody(c.req.raw)));
  app.get(PATHS.explain, (c) => explain(queryToBody(searchParams(c.req.url), ExplainRequestSchema.shape, "explain")));

  app.get(PATHS.chains, () => json({ chains: graph().chains() }));
  app.get(PATHS.assets, (c) => {
    const { chain_id } = parseRequest(AssetsQuerySchema, queryToBody(searchParams(c.req.url), AssetsQuerySchema.shape, "assets"), "assets");
    return json({ chain_id, assets: graph().assetsOnChain(chain_id) });
  });
  app.get(PATHS.route, (c) => {
    const query = parseRequest(RouteQuerySchema, queryToBody(searchParams(c.req.url), RouteQuerySchema.shape, "route"), "route");
    const found = graph().route(query.from, query.to, { include_swaps: query.include_swaps });
    const picture = found === null ? null : query.format === "mermaid" ? routeToMermaid(found) : query.format === "dot" ? routeToDot(found) : null;
    const answer: RouteAnswer = { format: query.format, route: found, text: picture };
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

function searchParams(url: string): URLSearchParams {
  return new URL(url).searchParams;
}
