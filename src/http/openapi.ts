/**
 * The OpenAPI 3.1 document of the HTTP surface: the operations of the route table (./routes.ts)
 * and the components they name, generated from the wire schemas (zod 4's JSON Schema output) so
 * it cannot drift from what the handler validates; the request rules JSON Schema has no word for
 * come from the schemas too (`describeRequestRules`). Requests are described
 * as clients may send them (io "input": nulls, omitted flags); responses as the server writes them.
 */
import * as z from "zod";
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
import { SkipMsgsDirectRequestSchema, SkipMsgsDirectResponseSchema, SkipMsgsRequestSchema, SkipMsgsResponseSchema, SkipRouteRequestSchema, SkipRouteResponseSchema } from "../wire/msgs.js";
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
import { AssetsAnswerSchema, ChainsAnswerSchema, ExplainAnswerSchema, ExplainPictureSchema, ReachPictureSchema, RouteAnswerSchema } from "./explorer-schemas.js";

type Meta = { id: string };

function componentSchemas(entries: [z.ZodType, string][], io: "input" | "output"): Record<string, JsonSchema> {
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
    (paths[route.path] ??= {})[route.method.toLowerCase()] = route.doc(parts);
  }
  return paths;
}
