/**
 * The pieces every OpenAPI operation of the route table (./routes.ts) is written with: references
 * to component schemas, the error answers, GET parameters read off a request schema, and the
 * headers of query answers. One set of helpers, so every operation describes requests, answers
 * and errors alike.
 */
import * as z from "zod/mini";
import { SWAP_VENUES_PARAM } from "./query-params.js";

export type JsonSchema = Record<string, unknown>;

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const jsonContent = (id: string) => ({ "application/json": { schema: ref(id) } });

export function errorResponses(statuses: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(statuses).map(([status, description]) => [status, { description, content: jsonContent("ErrorBody") }]));
}

export const QUERY_ERRORS: Record<string, string> = {
  "400": "Malformed JSON, wrong field type, missing field, bad enum value (gRPC code 3)",
  "404": "Unknown chain or source asset (gRPC code 5)",
  "405": "Wrong method; the Allow header lists the right ones (gRPC code 12)",
  "413": "Body over the size limit, 64 KiB by default (gRPC code 8)",
  "415": "Content-Type is not JSON (gRPC code 3)",
  "500": "A bug in the server (gRPC code 13)",
  "503": "The request's work passed its budget; retry after the Retry-After header's seconds (gRPC code 8)",
};

export const pickErrors = (statuses: string[], extra: Record<string, string> = {}) =>
  errorResponses({ ...Object.fromEntries(Object.entries(QUERY_ERRORS).filter(([status]) => statuses.includes(status))), ...extra });

/** A query-string schema (not a component: no body has it), as JSON Schema, for its GET parameters. */
export const queryOf = (schema: z.ZodMiniType) => z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" }) as JsonSchema;

/**
 * Query parameters for a GET form, one per request field; a query string cannot carry null, so
 * that branch goes. `swap_venues` is the one list: `swap_venues=<chain_id>:<name>`, repeated
 * (what it means, and when it is read, is the field's own description).
 */
export function queryParameters(schema: JsonSchema): unknown[] {
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
        description: `${String(property.description)}; one \`${name}=<chain_id>:<name>\` each (split at the first ':')`,
        schema: { type: "array", items: { type: "string", pattern: "^[^:]+:.+$" } },
      };
    }
    const branches = (property.anyOf as JsonSchema[] | undefined) ?? [property];
    const nonNull = branches.find((branch) => branch.type !== "null") ?? {};
    const types = ([] as unknown[]).concat(nonNull.type).filter((t) => t !== undefined && t !== "null");
    const enumValues = nonNull.enum ?? (nonNull.const !== undefined ? [nonNull.const] : undefined);
    const pattern = typeof nonNull.pattern === "string" ? { pattern: nonNull.pattern } : {};
    return {
      name,
      in: "query",
      required: required.has(name),
      description: property.description,
      schema: enumValues ? { type: "string", enum: enumValues } : { type: types[0] ?? "string", ...pattern },
    };
  });
}

/** Headers of every answer, and the validators of GET answers (see README, "Caching and compression"). */
export const DATA_VERSION_HEADER = {
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

/** A query's POST form: the body, its answer, every error. */
export function queryPost(operationId: string, summary: string, request: string, response: string, description: string): Record<string, unknown> {
  return {
    operationId,
    summary,
    requestBody: { required: true, content: jsonContent(request) },
    responses: {
      "200": { description, headers: DATA_VERSION_HEADER, content: jsonContent(response) },
      ...errorResponses(QUERY_ERRORS),
    },
  };
}

/** A query's GET form: the same answer read from the query string, plus its validators and 304. */
export function queryGet(post: Record<string, unknown>, request: JsonSchema, description: string): Record<string, unknown> {
  const { requestBody: _body, ...rest } = post;
  const responses = post.responses as Record<string, object>;
  return {
    ...rest,
    operationId: `${post.operationId as string}Get`,
    description,
    parameters: [...queryParameters(request), IF_NONE_MATCH],
    responses: {
      ...responses,
      "200": { ...responses["200"], headers: GET_HEADERS },
      "304": { description: "The client's copy is current (no body)", headers: GET_HEADERS },
    },
  };
}
