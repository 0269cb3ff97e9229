/**
 * The Skip Go API paths of the HTTP surface besides the two queries: its read-only discovery
 * calls, answered in the hosted API's wire format (src/wire/skip.ts, src/router/skip.ts), route and
 * msgs for IBC transfers and bridge legs from Cosmos chains (src/msgs/skip-messages.ts), and the paths the project does not implement
 * (GET balances), which answer 501 with a JSON error naming what is offered instead. The execution
 * calls (balances, submit, track, status) are ./execution-routes.ts. No Skip path answers another contract:
 * the project's own endpoints live under EXTENSION_PREFIX (./explorer-schemas.ts).
 */
import { FungibleError } from "../errors.js";
import type { SkipMsgsDirectRequest, SkipMsgsRequest, SkipRouteRequest } from "../wire/msgs.js";
import { skipAssets, skipBridges, skipChains, skipIbcOriginAssets, skipRecommendAssets, skipVenues } from "../router/skip.js";
import { SkipAssetsRequestSchema, SkipChainsRequestSchema, SkipVenuesRequestSchema, type IbcOriginAssetsRequest, type RecommendAssetsRequest } from "../wire/skip.js";
import { jsonAnswer, queryString, type AppContext, type RouteHandler } from "./app-env.js";
import { errorResponses, jsonContent, pickErrors, queryOf, queryParameters } from "./openapi-parts.js";
import { queryToBody } from "./query-params.js";
import { assertJsonContentType, readJsonBody } from "./read-json.js";
import { EXTENSION_PREFIX } from "./explorer-schemas.js";

const json = jsonAnswer;
/** The transfer calls' code (messages, protobuf, addresses, bridge legs): imported on the first such call, not at a server's start. */
const transfers = () => import("../msgs/skip-messages.js");
const params = (c: AppContext) => new URLSearchParams(queryString(c.req.url));
const ok = (description: string, id: string) => ({ "200": { description, content: jsonContent(id) } });

const discoveryGet = (operationId: string, summary: string, response: string, query: Parameters<typeof queryOf>[0] | null) => () => ({
  operationId,
  summary,
  tags: ["Skip Go discovery"],
  ...(query === null ? {} : { parameters: queryParameters(queryOf(query)) }),
  responses: { ...ok("As the hosted Skip Go API answers", response), ...pickErrors(["400", "405", "500"], query === null ? {} : { "404": "A chain id in chain_ids is not in the registry (gRPC code 5)" }) },
});

const discoveryPost = (operationId: string, summary: string, request: string, response: string) => () => ({
  operationId,
  summary,
  tags: ["Skip Go discovery"],
  requestBody: { required: true, content: jsonContent(request) },
  responses: { ...ok("As the hosted Skip Go API answers", response), ...pickErrors(["400", "405", "413", "415", "500"]) },
});

/** route, msgs, msgs_direct: IBC transfers and the bridge legs from Cosmos chains; what needs more is a 501 naming the leg (docs/msgs.md). */
const transferPost = (operationId: string, summary: string, request: string, response: string) => () => ({
  operationId,
  summary,
  tags: ["Skip Go transfers"],
  requestBody: { required: true, content: jsonContent(request) },
  responses: {
    ...ok("As the hosted Skip Go API answers, for IBC transfers and CCTP, Eureka and Axelar legs from Cosmos chains, without swaps; a fee the hosted API quotes for a bridge leg is left out and named in unquoted_fees", response),
    ...pickErrors(["400", "405", "413", "415", "500"], {
      "404": "An unknown chain or asset, no route, or a route of several transactions without allow_multi_tx (gRPC code 5)",
      "501": "The route needs a leg this service does not build (a swap, a bridge leg from an EVM chain or another bridge, a CW20 contract): the message names it (gRPC code 12)",
    }),
  },
});

/**
 * Skip Go paths this service does not answer (skip-mev/skip-go docs/swagger.yml and the paths
 * `@skip-go/client` calls), each with the method the hosted API serves it on.
 */
const UNIMPLEMENTED = [
  { method: "GET", path: "/v2/cosmos/balances", operationId: "skipCosmosBalancesUnimplemented", what: "GET balances (POST /v2/info/balances answers them with --live-endpoints)" },
] as const;

const OFFERED =
  "this service answers which assets can move where: POST or GET /v2/fungible/assets_from_source and /v2/fungible/assets_between_chains, " +
  "the messages of IBC transfers and of CCTP, Eureka and Axelar legs from Cosmos chains (/v2/fungible/route, /v2/fungible/msgs, /v2/fungible/msgs_direct), the read-only discovery calls (/v2/info/chains, /v2/fungible/assets, /v2/info/bridges, /v2/fungible/venues, " +
  `/v2/fungible/ibc_origin_assets, /v2/fungible/recommend_assets), and its own endpoints under ${EXTENSION_PREFIX}/ (route: the hops between two assets)`;

function notImplemented(path: string, what: string): FungibleError {
  return new FungibleError("not_implemented", `${path} is not implemented: this service has no ${what}; ${OFFERED}`);
}

export const SKIP_ROUTES = [
  { method: "GET", path: "/v2/info/chains", operationId: "skipChains", query: [SkipChainsRequestSchema], doc: discoveryGet("skipChains", "Chains with bech32 prefix, fee assets, logo and IBC capabilities (Skip Go /v2/info/chains)", "SkipChainsResponse", SkipChainsRequestSchema) },
  { method: "GET", path: "/v2/fungible/assets", operationId: "skipAssets", query: [SkipAssetsRequestSchema], doc: discoveryGet("skipAssets", "Assets by chain id (Skip Go /v2/fungible/assets)", "SkipAssetsResponse", SkipAssetsRequestSchema) },
  { method: "GET", path: "/v2/info/bridges", operationId: "skipBridges", doc: discoveryGet("skipBridges", "The bridge types the data routes over (Skip Go /v2/info/bridges)", "SkipBridgesResponse", null) },
  { method: "GET", path: "/v2/fungible/venues", operationId: "skipVenues", query: [SkipVenuesRequestSchema], doc: discoveryGet("skipVenues", "The registry's swap venues (Skip Go /v2/fungible/venues)", "SkipVenuesResponse", SkipVenuesRequestSchema) },
  { method: "POST", path: "/v2/fungible/ibc_origin_assets", operationId: "skipIbcOriginAssets", doc: discoveryPost("skipIbcOriginAssets", "The asset at the origin of each asset's IBC path (Skip Go /v2/fungible/ibc_origin_assets)", "IbcOriginAssetsRequest", "IbcOriginAssetsResponse") },
  { method: "POST", path: "/v2/fungible/recommend_assets", operationId: "skipRecommendAssets", doc: discoveryPost("skipRecommendAssets", "What a source asset becomes on a destination chain, and why (Skip Go /v2/fungible/recommend_assets)", "RecommendAssetsRequest", "RecommendAssetsResponse") },
  { method: "POST", path: "/v2/fungible/route", operationId: "skipRoute", doc: transferPost("skipRoute", "The route of a transfer as operations (Skip Go /v2/fungible/route; no swaps: amount_out = amount_in)", "SkipRouteRequest", "SkipRouteResponse") },
  { method: "POST", path: "/v2/fungible/msgs", operationId: "skipMsgs", doc: transferPost("skipMsgs", "The message of each transaction of a route answer: a MsgTransfer, or Noble's MsgDepositForBurn (Skip Go /v2/fungible/msgs)", "MsgsRequest", "MsgsResponse") },
  { method: "POST", path: "/v2/fungible/msgs_direct", operationId: "skipMsgsDirect", doc: transferPost("skipMsgsDirect", "Route and messages in one call (Skip Go /v2/fungible/msgs_direct)", "MsgsDirectRequest", "MsgsDirectResponse") },
  ...UNIMPLEMENTED.map(({ method, path, operationId, what }) => ({
    method,
    path,
    operationId,
    doc: () => ({
      operationId,
      summary: `Not implemented: this service has no ${what}`,
      tags: ["Skip Go, not implemented"],
      responses: errorResponses({ "501": "Not implemented; the message names what this service offers (gRPC code 12)" }),
    }),
  })),
] as const;

type SkipOperation = (typeof SKIP_ROUTES)[number]["operationId"];

export function skipHandlers(bodyLimit: number): Record<SkipOperation, RouteHandler> {
  const post = async (c: AppContext) => {
    assertJsonContentType(c.req.header("content-type") ?? null);
    return readJsonBody(c.req.raw, bodyLimit);
  };
  const query = (c: AppContext, shape: Record<string, Parameters<typeof queryOf>[0]>) => queryToBody(params(c), shape);
  const unimplemented = Object.fromEntries(
    UNIMPLEMENTED.map(({ path, operationId, what }): [string, RouteHandler] => [
      operationId,
      () => {
        throw notImplemented(path, what);
      },
    ]),
  ) as Record<(typeof UNIMPLEMENTED)[number]["operationId"], RouteHandler>;
  return {
    skipChains: (c) => json(c, skipChains(c.var.router, query(c, SkipChainsRequestSchema.shape))),
    skipAssets: (c) => json(c, skipAssets(c.var.router, query(c, SkipAssetsRequestSchema.shape))),
    skipBridges: (c) => json(c, skipBridges(c.var.router)),
    skipVenues: (c) => json(c, skipVenues(c.var.router, query(c, SkipVenuesRequestSchema.shape))),
    skipIbcOriginAssets: async (c) => json(c, skipIbcOriginAssets(c.var.router, (await post(c)) as IbcOriginAssetsRequest)),
    skipRecommendAssets: async (c) => json(c, skipRecommendAssets(c.var.router, (await post(c)) as RecommendAssetsRequest)),
    skipRoute: async (c) => {
      const request = (await post(c)) as SkipRouteRequest;
      return json(c, (await transfers()).skipRoute(c.var.router, request));
    },
    skipMsgs: async (c) => {
      const request = (await post(c)) as SkipMsgsRequest;
      return json(c, (await transfers()).skipMsgs(c.var.router, request));
    },
    skipMsgsDirect: async (c) => {
      const request = (await post(c)) as SkipMsgsDirectRequest;
      return json(c, (await transfers()).skipMsgsDirect(c.var.router, request));
    },
    ...unimplemented,
  };
}
