/**
 * THE route table of the HTTP surface: every endpoint once, with its method, path, operation id
 * and OpenAPI operation. The Hono app (./handler.ts) registers exactly these routes (a handler per
 * operation id, checked by the compiler), answers 405 with `Allow` from them, and the OpenAPI
 * document (./openapi.ts) is built from them, so the two cannot list different endpoints.
 */
import type * as z from "zod/mini";
import { ExplainRequestSchema } from "../wire/explain.js";
import { AssetsFromSourceRequestSchema } from "../wire/schema.js";
import { DestinationsRequestSchema } from "../wire/destinations.js";
import { AssetsQuerySchema, EXTENSION_PREFIX, ExplainFormatQuerySchema, REACH_PATH, ReachFormatQuerySchema, RouteQuerySchema } from "./explorer-schemas.js";
import { DATA_VERSION_HEADER, jsonContent, pickErrors, queryGet, queryOf, queryParameters, queryPost, type JsonSchema } from "./openapi-parts.js";
import { PAGE_PATHS } from "./page/page-html.js";
import { SKIP_ROUTES } from "./skip-routes.js";
import { EXECUTION_ROUTES } from "./execution-routes.js";

export const PATHS = {
  assetsFromSource: "/v2/fungible/assets_from_source",
  assetsBetweenChains: "/v2/fungible/assets_between_chains",
  // The project's own endpoints: under a prefix of their own, never on a Skip Go path.
  explain: `${EXTENSION_PREFIX}/explain`,
  destinations: `${EXTENSION_PREFIX}/destinations`,
  chains: `${EXTENSION_PREFIX}/chains`,
  assets: `${EXTENSION_PREFIX}/assets`,
  route: `${EXTENSION_PREFIX}/route`,
  reach: REACH_PATH,
  openapi: "/openapi.json",
  health: "/health",
  // Operational, not part of the API (not in the OpenAPI document); answered only when enabled (./metrics.ts).
  metrics: "/metrics",
} as const;

/** The request components (io "input") an operation may read its GET parameters from. */
export interface DocumentParts {
  requests: Record<string, JsonSchema>;
}

interface RouteSpec {
  method: "GET" | "POST";
  path: string;
  operationId: string;
  /** The OpenAPI operation; null for what is not part of the API (the document itself, the page's files). */
  doc: ((parts: DocumentParts) => Record<string, unknown>) | null;
  /**
   * A GET's request schemas, read from its query string: a kept answer is keyed by the requests
   * they parse (./kept-answers.ts), so every other parameter is ignored. None: the path alone.
   */
  query?: readonly z.ZodMiniType[];
}

const FROM_SOURCE = queryPost(
  "assetsFromSource",
  "Assets reachable from one source asset, grouped by destination chain",
  "AssetsFromSourceRequest",
  "AssetsFromSourceResponse",
  "Reachable assets by chain id",
);
const BETWEEN_CHAINS = queryPost(
  "assetsBetweenChains",
  "Assets that can move from a source chain to a destination chain",
  "AssetsBetweenChainsRequest",
  "AssetsBetweenChainsResponse",
  "One pair per movable asset",
);
const ok = (description: string, id: string) => ({ "200": { description, content: jsonContent(id) } });
// An unknown chain or asset is an answer of explain (a reason with close matches), not a 404.
const explainErrors = () => pickErrors(["400", "405", "413", "415", "500", "503"]);
const getErrors = () => pickErrors(["400", "405", "500"], { "404": "Unknown chain or asset; the message suggests close matches (gRPC code 5)" });
const EXPLAIN = {
  summary: "Why a source asset does or does not reach a destination chain",
  description:
    "The chosen routes when the asset can go; otherwise every reason, each with a stable `code`, a one-sentence " +
    "`message` and its facts (unknown chain or asset with close matches, no path, inactive channel, several " +
    "transactions, a filter, an unrouted bridge, an unresolved origin). With `?format=mermaid|dot|svg` (in the query " +
    "string, for the POST too) the answer is `{format, explanation, text}`: the ExplainResponse and its picture as text. " +
    "SVG needs Graphviz (WebAssembly compiled at run time); where the runtime refuses that (Cloudflare Workers) it is 501.",
};
const DESTINATIONS = {
  summary: "Every chain for one source asset: what it becomes there, or why it does not get there",
  description:
    "The assets_from_source request (source asset and filters); the answer lists every chain of the registry but the " +
    "source's, sorted by chain id, each with explain's verdict for it and either its assets (exactly the assets_from_source " +
    "group of that chain) or explain's reasons (filters, state snapshot facts, no path, inactive channel, killed chain). " +
    "One route search for the whole answer; bounded like explain (503 over budget). An unknown source asset is 404.",
};
const destinationsErrors = () => pickErrors(["400", "405", "413", "415", "500", "503"], { "404": "Unknown source chain or asset; the message suggests close matches" });
const formatParameter = () => queryParameters(queryOf(ExplainFormatQuerySchema));

export const ROUTES = [
  { method: "POST", path: PATHS.assetsFromSource, operationId: "assetsFromSource", doc: () => FROM_SOURCE },
  {
    method: "GET",
    path: PATHS.assetsFromSource,
    operationId: "assetsFromSourceGet",
    doc: ({ requests }) => queryGet(FROM_SOURCE, requests.AssetsFromSourceRequest!, "The same query as the POST form, read from the query string; cacheable (ETag, Cache-Control)."),
  },
  { method: "POST", path: PATHS.assetsBetweenChains, operationId: "assetsBetweenChains", doc: () => BETWEEN_CHAINS },
  {
    method: "GET",
    path: PATHS.assetsBetweenChains,
    operationId: "assetsBetweenChainsGet",
    doc: ({ requests }) =>
      queryGet(
        BETWEEN_CHAINS,
        requests.AssetsBetweenChainsRequest!,
        "The same query as the POST form, read from the query string (the form @skip-go/client sends); cacheable (ETag, Cache-Control).",
      ),
  },
  {
    method: "GET",
    path: PATHS.health,
    operationId: "health",
    doc: () => ({
      operationId: "health",
      summary: "Liveness, the data version served, its provenance, and how the last reload went",
      responses: { "200": { description: "The service answers", headers: DATA_VERSION_HEADER, content: jsonContent("HealthBody") } },
    }),
  },
  { method: "GET", path: PATHS.openapi, operationId: "openapi", doc: null },
  { method: "GET", path: PATHS.metrics, operationId: "metrics", doc: null },
  {
    method: "POST",
    path: PATHS.explain,
    operationId: "explain",
    doc: () => ({
      ...EXPLAIN,
      operationId: "explain",
      parameters: formatParameter(),
      requestBody: { required: true, content: jsonContent("ExplainRequest") },
      responses: { ...ok("Routes or reasons (with ?format, also the picture)", "ExplainAnswer"), ...explainErrors() },
    }),
  },
  {
    method: "GET",
    path: PATHS.explain,
    operationId: "explainGet",
    query: [ExplainRequestSchema, ExplainFormatQuerySchema],
    doc: ({ requests }) => ({
      ...EXPLAIN,
      operationId: "explainGet",
      description: `${EXPLAIN.description} The same request as the POST form, read from the query string.`,
      parameters: [...queryParameters(requests.ExplainRequest!), ...formatParameter()],
      responses: { ...ok("Routes or reasons (with ?format, also the picture)", "ExplainAnswer"), ...explainErrors() },
    }),
  },
  {
    method: "POST",
    path: PATHS.destinations,
    operationId: "destinations",
    doc: () => ({
      ...DESTINATIONS,
      operationId: "destinations",
      requestBody: { required: true, content: jsonContent("AssetsFromSourceRequest") },
      responses: { ...ok("Every destination chain, reached or with its reasons", "DestinationsResponse"), ...destinationsErrors() },
    }),
  },
  {
    method: "GET",
    path: PATHS.destinations,
    operationId: "destinationsGet",
    query: [DestinationsRequestSchema],
    doc: ({ requests }) => ({
      ...DESTINATIONS,
      operationId: "destinationsGet",
      description: `${DESTINATIONS.description} The same request as the POST form, read from the query string.`,
      parameters: queryParameters(requests.AssetsFromSourceRequest!),
      responses: { ...ok("Every destination chain, reached or with its reasons", "DestinationsResponse"), ...destinationsErrors() },
    }),
  },
  {
    method: "GET",
    path: PATHS.chains,
    operationId: "chains",
    doc: () => ({
      operationId: "chains",
      summary: "Every chain of the registry with its capability flags and asset count",
      responses: { ...ok("Chains sorted by chain id", "ChainsAnswer"), ...pickErrors(["405", "500"]) },
    }),
  },
  {
    method: "GET",
    path: PATHS.assets,
    operationId: "assets",
    query: [AssetsQuerySchema],
    doc: () => ({
      operationId: "assets",
      summary: "The assets of one chain: symbol, origin, metadata or not, listed or derived",
      parameters: queryParameters(queryOf(AssetsQuerySchema)),
      responses: { ...ok("The chain's assets", "AssetsAnswer"), ...getErrors() },
    }),
  },
  {
    method: "GET",
    path: PATHS.route,
    operationId: "route",
    query: [RouteQuerySchema],
    doc: () => ({
      operationId: "route",
      summary: "The chosen route between two assets, optionally with its picture as Mermaid, DOT or SVG text",
      parameters: queryParameters(queryOf(RouteQuerySchema)),
      responses: { ...ok("The route (null when none exists) and its picture", "RouteAnswer"), ...getErrors() },
    }),
  },
  {
    method: "GET",
    path: PATHS.reach,
    operationId: "reachPicture",
    query: [AssetsFromSourceRequestSchema, ReachFormatQuerySchema],
    doc: ({ requests }) => ({
      operationId: "reachPicture",
      summary: "The assets reachable from one asset (the assets_from_source query) drawn as Mermaid, DOT or SVG text",
      parameters: [...queryParameters(requests.AssetsFromSourceRequest!), ...queryParameters(queryOf(ReachFormatQuerySchema))],
      responses: { ...ok("The answer and its picture", "ReachPicture"), ...getErrors() },
    }),
  },
  {
    method: "GET",
    path: PAGE_PATHS.page,
    operationId: "explorerPage",
    doc: () => ({
      operationId: "explorerPage",
      summary: "The explorer page for people (HTML; its script and style are served from /explorer/)",
      responses: { "200": { description: "The page", content: { "text/html": { schema: { type: "string" } } } } },
    }),
  },
  { method: "GET", path: PAGE_PATHS.script, operationId: "explorerScript", doc: null },
  { method: "GET", path: PAGE_PATHS.style, operationId: "explorerStyle", doc: null },
  // The Skip Go API's read-only discovery calls, and its paths this service answers with 501.
  ...SKIP_ROUTES,
  // Balances, submit, track and status from the chains' own REST (opt-in), and resume.
  ...EXECUTION_ROUTES,
] as const satisfies readonly RouteSpec[];

export type OperationId = (typeof ROUTES)[number]["operationId"];

/** Every path of the table: the values a metrics label `route` may take (others are "other"). */
export const PATHS_OF_TABLE: ReadonlySet<string> = new Set(ROUTES.map((route) => route.path));

/** The methods a path allows (GET brings HEAD), for the Allow header of its 405; null for an unknown path. */
export function allowedMethods(path: string): string[] | null {
  const methods = ROUTES.filter((route) => route.path === path).map((route) => route.method);
  if (methods.length === 0) return null;
  return ["GET", "HEAD", "POST"].filter((method) => methods.includes(method === "HEAD" ? "GET" : (method as "GET" | "POST")));
}
