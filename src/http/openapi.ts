/**
 * The OpenAPI 3.1 document of the HTTP surface, generated from the wire schemas (zod 4's
 * JSON Schema output) so it cannot drift from what the handler validates. Requests are described
 * as clients may send them (io "input": nulls, omitted flags); responses as the server writes them.
 */
import * as z from "zod";
import { version } from "../../package.json";
import {
  AssetsBetweenChainsRequestSchema,
  AssetsBetweenChainsResponseSchema,
  AssetsFromSourceRequestSchema,
  AssetsFromSourceResponseSchema,
  WireAssetSchema,
} from "../wire/schema.js";
import { ErrorBodySchema } from "../wire/error-body.js";
import { HealthBodySchema } from "./health.js";
import { SWAP_VENUES_PARAM } from "./query-params.js";
import { AssetSummarySchema, ChainSummarySchema, ExplainRequestSchema, ExplainResponseSchema, ReasonSchema } from "../wire/explain.js";
import { RouteSchema } from "../wire/route.js";
import { explorerPaths } from "./explorer-openapi.js";
import { AssetsAnswerSchema, ChainsAnswerSchema, ExplainAnswerSchema, ExplainPictureSchema, ReachPictureSchema, RouteAnswerSchema } from "./explorer-schemas.js";

export const PATHS = {
  assetsFromSource: "/v2/fungible/assets_from_source",
  assetsBetweenChains: "/v2/fungible/assets_between_chains",
  explain: "/v2/fungible/explain",
  chains: "/v2/fungible/chains",
  assets: "/v2/fungible/assets",
  route: "/v2/fungible/route",
  openapi: "/openapi.json",
  health: "/health",
} as const;


type JsonSchema = Record<string, unknown>;
type Meta = { id: string };

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** group_by is a refined string in zod; JSON Schema can say exactly what it accepts. */
function describeRefinements(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  if (ctx.zodSchema === AssetsFromSourceRequestSchema.shape.group_by) {
    delete ctx.jsonSchema.type;
    ctx.jsonSchema.anyOf = [{ const: "chain_id" }, { type: "null" }];
  }
  if (ctx.zodSchema === AssetsFromSourceRequestSchema) {
    // The library ignores swap_venues, unchecked, unless include_swaps is true: say so exactly.
    const properties = ctx.jsonSchema.properties as Record<string, JsonSchema>;
    const venues = properties.swap_venues!;
    properties.swap_venues = { description: venues.description };
    ctx.jsonSchema.if = { properties: { include_swaps: { const: true } }, required: ["include_swaps"] };
    ctx.jsonSchema.then = { properties: { swap_venues: venues } };
  }
  if (ctx.zodSchema === AssetsBetweenChainsRequestSchema) {
    ctx.jsonSchema.description = "source_chain_id and dest_chain_id must differ (400 otherwise)";
  }
}

function componentSchemas(entries: [z.ZodType, string][], io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<Meta>();
  for (const [schema, id] of entries) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    override: describeRefinements,
  }) as { schemas: Record<string, JsonSchema> };
  // A component is not a standalone document: its `$id` would be a fragment, which 2020-12 forbids.
  for (const schema of Object.values(schemas)) {
    delete schema.$id;
    delete schema.$schema;
  }
  return schemas;
}

const jsonContent = (id: string) => ({ "application/json": { schema: ref(id) } });

function errorResponses(statuses: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(statuses).map(([status, description]) => [status, { description, content: jsonContent("ErrorBody") }]),
  );
}

const QUERY_ERRORS = {
  "400": "Malformed JSON, wrong field type, missing field, bad enum value (gRPC code 3)",
  "404": "Unknown chain or source asset (gRPC code 5)",
  "405": "Wrong method; the Allow header lists the right ones (gRPC code 12)",
  "413": "Body over the size limit, 64 KiB by default (gRPC code 8)",
  "415": "Content-Type is not JSON (gRPC code 3)",
  "500": "A bug in the server (gRPC code 13)",
};

/**
 * Query parameters for a GET form, one per request field; a query string cannot carry null, so
 * that branch goes. `swap_venues` is the one list: `swap_venues=<chain_id>:<name>`, repeated.
 */
function queryParameters(schema: JsonSchema): unknown[] {
  const properties = schema.properties as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    if (name === SWAP_VENUES_PARAM) {
      return {
        name,
        in: "query",
        required: false,
        style: "form",
        explode: true,
        description: "Limit swaps to these venues, one `swap_venues=<chain_id>:<name>` each (split at the first ':'); ignored unless include_swaps=true",
        schema: { type: "array", items: { type: "string", pattern: "^[^:]+:.+$" } },
      };
    }
    const branches = (property.anyOf as JsonSchema[] | undefined) ?? [property];
    const nonNull = branches.find((branch) => branch.type !== "null") ?? {};
    const types = ([] as unknown[]).concat(nonNull.type).filter((t) => t !== undefined && t !== "null");
    const enumValues = nonNull.enum ?? (nonNull.const !== undefined ? [nonNull.const] : undefined);
    return {
      name,
      in: "query",
      required: required.has(name),
      description: property.description,
      schema: enumValues ? { type: "string", enum: enumValues } : { type: types[0] ?? "string" },
    };
  });
}

/** Headers of every answer, and the validators of GET answers (see README, "Caching and compression"). */
const DATA_VERSION_HEADER = {
  "X-Data-Version": { description: "Content hash of the data that answered (also in /health)", schema: { type: "string" } },
};
const GET_HEADERS = {
  ...DATA_VERSION_HEADER,
  ETag: { description: "Weak validator from the data version and the canonical request; send it back in If-None-Match", schema: { type: "string" } },
  "Cache-Control": { description: "public, max-age=60, stale-while-revalidate=600 by default", schema: { type: "string" } },
};
const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "An ETag from an earlier answer (or a list, or *): 304 while the data and the question are unchanged",
  schema: { type: "string" },
};
const NOT_MODIFIED = { "304": { description: "The client's copy is current (no body)", headers: GET_HEADERS } };

export function buildOpenApiDocument(): JsonSchema {
  const requests = componentSchemas(
    [
      [AssetsFromSourceRequestSchema, "AssetsFromSourceRequest"],
      [AssetsBetweenChainsRequestSchema, "AssetsBetweenChainsRequest"],
      [ExplainRequestSchema, "ExplainRequest"],
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
      [ChainSummarySchema, "ChainSummary"],
      [AssetSummarySchema, "AssetSummary"],
      [ChainsAnswerSchema, "ChainsAnswer"],
      [AssetsAnswerSchema, "AssetsAnswer"],
      [RouteAnswerSchema, "RouteAnswer"],
      [ExplainPictureSchema, "ExplainPicture"],
      [ExplainAnswerSchema, "ExplainAnswer"],
      [ReachPictureSchema, "ReachPicture"],
    ],
    "output",
  );
  const betweenChains = {
    operationId: "assetsBetweenChains",
    summary: "Assets that can move from a source chain to a destination chain",
    responses: {
      "200": { description: "One pair per movable asset", headers: DATA_VERSION_HEADER, content: jsonContent("AssetsBetweenChainsResponse") },
      ...errorResponses(QUERY_ERRORS),
    },
  };
  const fromSource = {
    operationId: "assetsFromSource",
    summary: "Assets reachable from one source asset, grouped by destination chain",
    responses: {
      "200": { description: "Reachable assets by chain id", headers: DATA_VERSION_HEADER, content: jsonContent("AssetsFromSourceResponse") },
      ...errorResponses(QUERY_ERRORS),
    },
  };
  /** A GET form: the same answer, plus its validators and 304. */
  const getForm = (post: { operationId: string; responses: Record<string, unknown> }, request: JsonSchema, description: string) => ({
    ...post,
    operationId: `${post.operationId}Get`,
    description,
    parameters: [...queryParameters(request), IF_NONE_MATCH],
    responses: { ...post.responses, "200": { ...(post.responses["200"] as object), headers: GET_HEADERS }, ...NOT_MODIFIED },
  });
  return {
    openapi: "3.1.0",
    info: {
      title: "fungible-graph",
      version,
      description: "Which fungible tokens can move between blockchains (IBC and bridges), answered from a router.",
    },
    paths: {
      [PATHS.assetsFromSource]: {
        post: { ...fromSource, requestBody: { required: true, content: jsonContent("AssetsFromSourceRequest") } },
        get: getForm(fromSource, requests.AssetsFromSourceRequest!, "The same query as the POST form, read from the query string; cacheable (ETag, Cache-Control)."),
      },
      [PATHS.assetsBetweenChains]: {
        post: { ...betweenChains, requestBody: { required: true, content: jsonContent("AssetsBetweenChainsRequest") } },
        get: getForm(
          betweenChains,
          requests.AssetsBetweenChainsRequest!,
          "The same query as the POST form, read from the query string (the form @skip-go/client sends); cacheable (ETag, Cache-Control).",
        ),
      },
      [PATHS.health]: {
        get: {
          operationId: "health",
          summary: "Liveness, the data version served, its provenance, and how the last reload went",
          responses: { "200": { description: "The service answers", headers: DATA_VERSION_HEADER, content: jsonContent("HealthBody") } },
        },
      },
      ...explorerPaths({ paths: PATHS, requests, jsonContent, errorResponses, queryErrors: QUERY_ERRORS }),
    },
    components: { schemas: { ...requests, ...responses } },
  };
}
