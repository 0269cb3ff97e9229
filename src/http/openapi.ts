/**
 * The OpenAPI 3.1 document of the HTTP surface, generated from the wire schemas (zod 4's
 * JSON Schema output) so it cannot drift from what the handler validates. Requests are described
 * as clients may send them (io "input": nulls, omitted flags); responses as the server writes them.
 */
import { z } from "zod";
import { version } from "../../package.json";
import {
  AssetsBetweenChainsRequestSchema,
  AssetsBetweenChainsResponseSchema,
  AssetsFromSourceRequestSchema,
  AssetsFromSourceResponseSchema,
  WireAssetSchema,
} from "../wire/schema.js";
import { ErrorBodySchema } from "../wire/error-body.js";

export const PATHS = {
  assetsFromSource: "/v2/fungible/assets_from_source",
  assetsBetweenChains: "/v2/fungible/assets_between_chains",
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

/** Query parameters for the GET form, one per request field; a query string cannot carry null. */
function queryParameters(schema: JsonSchema): unknown[] {
  const properties = schema.properties as Record<string, JsonSchema>;
  const required = new Set(schema.required as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const types = ([] as unknown[]).concat(property.type).filter((t) => t !== "null");
    return {
      name,
      in: "query",
      required: required.has(name),
      description: property.description,
      schema: { type: types[0] ?? "string" },
    };
  });
}

export function buildOpenApiDocument(): JsonSchema {
  const requests = componentSchemas(
    [
      [AssetsFromSourceRequestSchema, "AssetsFromSourceRequest"],
      [AssetsBetweenChainsRequestSchema, "AssetsBetweenChainsRequest"],
    ],
    "input",
  );
  const responses = componentSchemas(
    [
      [WireAssetSchema, "Asset"],
      [AssetsFromSourceResponseSchema, "AssetsFromSourceResponse"],
      [AssetsBetweenChainsResponseSchema, "AssetsBetweenChainsResponse"],
      [ErrorBodySchema, "ErrorBody"],
    ],
    "output",
  );
  const betweenChains = {
    operationId: "assetsBetweenChains",
    summary: "Assets that can move from a source chain to a destination chain",
    responses: { "200": { description: "One pair per movable asset", content: jsonContent("AssetsBetweenChainsResponse") }, ...errorResponses(QUERY_ERRORS) },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "fungible-graph",
      version,
      description: "Which fungible tokens can move between blockchains (IBC and bridges), answered from a graph.",
    },
    paths: {
      [PATHS.assetsFromSource]: {
        post: {
          operationId: "assetsFromSource",
          summary: "Assets reachable from one source asset, grouped by destination chain",
          requestBody: { required: true, content: jsonContent("AssetsFromSourceRequest") },
          responses: { "200": { description: "Reachable assets by chain id", content: jsonContent("AssetsFromSourceResponse") }, ...errorResponses(QUERY_ERRORS) },
        },
      },
      [PATHS.assetsBetweenChains]: {
        post: { ...betweenChains, requestBody: { required: true, content: jsonContent("AssetsBetweenChainsRequest") } },
        get: {
          ...betweenChains,
          operationId: "assetsBetweenChainsGet",
          description: "The same query as the POST form, read from the query string (the form @skip-go/client sends).",
          parameters: queryParameters(requests.AssetsBetweenChainsRequest!),
        },
      },
      [PATHS.health]: {
        get: {
          operationId: "health",
          summary: "Liveness and the size of the loaded graph",
          responses: { "200": { description: "The service answers" } },
        },
      },
    },
    components: { schemas: { ...requests, ...responses } },
  };
}
