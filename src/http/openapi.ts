/**
 * The OpenAPI 3.1 document of the HTTP surface: the operations of the route table (./routes.ts)
 * and the components they name, generated from the wire schemas (zod 4's JSON Schema output) so
 * it cannot drift from what the handler validates; the request rules JSON Schema has no word for
 * come from the schemas too (`describeRequestRules`). Requests are described
 * as clients may send them (io "input": nulls, omitted flags); responses as the server writes them.
 */
import * as z from "zod/mini";
import { version } from "../../package.json";
import {
  AssetsBetweenChainsRequestSchema,
  AssetsBetweenChainsResponseSchema,
  AssetsFromSourceRequestSchema,
  AssetsFromSourceResponseSchema,
  describeRequestRules,
  WireAssetSchema,
} from "../wire/schema.js";
import { ErrorBodySchema } from "../wire/error-body.js";
import { HealthBodySchema } from "./health.js";
import { DestinationsResponseSchema } from "../wire/destinations.js";
import { AssetSummarySchema, ChainSummarySchema, ExplainRequestSchema, ExplainResponseSchema, ReasonSchema } from "../wire/explain.js";
import { RouteSchema } from "../wire/route.js";
import {
  ResumeRequestDocSchema,
  ResumeResponseSchema,
  SkipMsgsDirectRequestSchema,
  SkipMsgsDirectResponseSchema,
  SkipMsgsRequestSchema,
  SkipMsgsResponseSchema,
  SkipRouteRequestSchema,
  SkipRouteResponseSchema,
} from "../wire/msgs.js";
import { BalancesRequestSchema, BalancesResponseSchema, StatusTxResponseSchema, SubmitTxRequestSchema, TrackTxRequestSchema, TxHashResponseSchema } from "../wire/skip-tx.js";
import {
  IbcOriginAssetsRequestSchema,
  IbcOriginAssetsResponseSchema,
  RecommendAssetsRequestSchema,
  RecommendAssetsResponseSchema,
  SkipAssetsResponseSchema,
  SkipBridgesResponseSchema,
  SkipChainsResponseSchema,
  SkipVenuesResponseSchema,
} from "../wire/skip.js";
import type { JsonSchema } from "./openapi-parts.js";
import { ROUTES, type DocumentParts } from "./routes.js";
import { IMMUTABLE_CACHE_CONTROL, VERSIONED_PATHS, VERSIONED_PREFIX } from "./versioned.js";
import { AssetsAnswerSchema, ChainsAnswerSchema, ExplainAnswerSchema, ExplainPictureSchema, ReachPictureSchema, RouteAnswerSchema } from "./explorer-schemas.js";

type Meta = { id: string };

function componentSchemas(entries: [z.ZodMiniType, string][], io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<Meta>();
  for (const [schema, id] of entries) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    override: describeRequestRules,
  }) as { schemas: Record<string, JsonSchema> };
  // A component is not a standalone document: its `$id` would be a fragment, which 2020-12 forbids.
  for (const schema of Object.values(schemas)) {
    delete schema.$id;
    delete schema.$schema;
  }
  return schemas;
}

export function buildOpenApiDocument(): JsonSchema {
  const requests = componentSchemas(
    [
      [AssetsFromSourceRequestSchema, "AssetsFromSourceRequest"],
      [AssetsBetweenChainsRequestSchema, "AssetsBetweenChainsRequest"],
      [ExplainRequestSchema, "ExplainRequest"],
      [IbcOriginAssetsRequestSchema, "IbcOriginAssetsRequest"],
      [RecommendAssetsRequestSchema, "RecommendAssetsRequest"],
      [SkipRouteRequestSchema, "SkipRouteRequest"],
      [SkipMsgsRequestSchema, "MsgsRequest"],
      [SkipMsgsDirectRequestSchema, "MsgsDirectRequest"],
      [ResumeRequestDocSchema, "ResumeRequest"],
      [BalancesRequestSchema, "BalancesRequest"],
      [SubmitTxRequestSchema, "SubmitTxRequest"],
      [TrackTxRequestSchema, "TrackTxRequest"],
    ],
    "input",
  );
  const responses = componentSchemas(
    [
      [WireAssetSchema, "Asset"],
      [AssetsFromSourceResponseSchema, "AssetsFromSourceResponse"],
      [AssetsBetweenChainsResponseSchema, "AssetsBetweenChainsResponse"],
      [ErrorBodySchema, "ErrorBody"],
      [HealthBodySchema, "HealthBody"],
      [RouteSchema, "Route"],
      [ReasonSchema, "Reason"],
      [ExplainResponseSchema, "ExplainResponse"],
      [DestinationsResponseSchema, "DestinationsResponse"],
      [ChainSummarySchema, "ChainSummary"],
      [AssetSummarySchema, "AssetSummary"],
      [ChainsAnswerSchema, "ChainsAnswer"],
      [AssetsAnswerSchema, "AssetsAnswer"],
      [RouteAnswerSchema, "RouteAnswer"],
      [ExplainPictureSchema, "ExplainPicture"],
      [ExplainAnswerSchema, "ExplainAnswer"],
      [ReachPictureSchema, "ReachPicture"],
      [SkipChainsResponseSchema, "SkipChainsResponse"],
      [SkipAssetsResponseSchema, "SkipAssetsResponse"],
      [SkipBridgesResponseSchema, "SkipBridgesResponse"],
      [SkipVenuesResponseSchema, "SkipVenuesResponse"],
      [IbcOriginAssetsResponseSchema, "IbcOriginAssetsResponse"],
      [RecommendAssetsResponseSchema, "RecommendAssetsResponse"],
      [SkipRouteResponseSchema, "SkipRouteResponse"],
      [SkipMsgsResponseSchema, "MsgsResponse"],
      [SkipMsgsDirectResponseSchema, "MsgsDirectResponse"],
      [ResumeResponseSchema, "ResumeResponse"],
      [BalancesResponseSchema, "BalancesResponse"],
      [TxHashResponseSchema, "TxHashResponse"],
      [StatusTxResponseSchema, "StatusTxResponse"],
    ],
    "output",
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "fungible-graph",
      version,
      description: "Which fungible tokens can move between blockchains (IBC and bridges), answered from a router.",
    },
    paths: pathsOf({ requests }),
    components: { schemas: { ...requests, ...responses } },
  };
}

/** One entry per documented route of the table, grouped by path. */
function pathsOf(parts: DocumentParts): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    if (route.doc === null) continue;
    const operation = route.doc(parts);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = route.method === "GET" && VERSIONED_PATHS.has(route.path) ? withVersionedForm(operation) : operation;
  }
  return paths;
}

/**
 * A GET with a versioned form (src/http/versioned.ts): the operation's second server is
 * `/at/{data_version}` (listed once, not as a second path), and its 200 and 304 name the cache
 * tag and, on the unversioned form, the versioned URL.
 */
function withVersionedForm(operation: Record<string, unknown>): Record<string, unknown> {
  const responses = (operation.responses ?? {}) as Record<string, { headers?: object }>;
  const withHeaders = (status: string) => (responses[status] === undefined ? {} : { [status]: { ...responses[status], headers: { ...responses[status]!.headers, ...VERSIONED_HEADERS } } });
  return { ...operation, servers: VERSIONED_SERVERS, responses: { ...responses, ...withHeaders("200"), ...withHeaders("304") } };
}

const VERSIONED_SERVERS = [
  { url: "/", description: "The unversioned form: the data served now; short-lived (Cache-Control, default max-age=60, stale-while-revalidate=600)" },
  {
    url: `${VERSIONED_PREFIX.slice(0, -1)}/{data_version}`,
    description: `The versioned form: the answer of that data version, \`${IMMUTABLE_CACHE_CONTROL}\`; a version not served is 404 naming the served one`,
    variables: { data_version: { default: "sha256:00000000000000000000000000000000", description: "The data version (X-Data-Version, /health's data_version)" } },
  },
];

const VERSIONED_HEADERS = {
  "Cache-Tag": { description: "The data version: purge it to drop every answer of that version from a CDN (Cloudflare's name)", schema: { type: "string" } },
  "Surrogate-Key": { description: "The same tag under Fastly's and Varnish's name", schema: { type: "string" } },
  "Content-Location": { description: "On the unversioned form: the versioned URL of this answer, to pin the data version read", schema: { type: "string" } },
};
