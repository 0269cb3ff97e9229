/**
 * The explorer's part of the OpenAPI document (explain, chains, assets, route and the page), built
 * with the document's own helpers so both parts describe requests, answers and errors alike.
 */
import * as z from "zod";
import { AssetsQuerySchema, ExplainFormatQuerySchema, REACH_PATH, ReachFormatQuerySchema, RouteQuerySchema } from "./explorer-schemas.js";
import { SWAP_VENUES_PARAM } from "./query-params.js";

type JsonSchema = Record<string, unknown>;

export interface DocumentParts {
  paths: { explain: string; chains: string; assets: string; route: string };
  /** The request components (io "input"), to list the GET form's parameters. */
  requests: Record<string, JsonSchema>;
  jsonContent: (id: string) => unknown;
  errorResponses: (statuses: Record<string, string>) => Record<string, unknown>;
  queryErrors: Record<string, string>;
}

/** A query-string schema (not a component: no body has it), for its GET parameters. */
const queryOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" }) as JsonSchema;

/**
 * One query parameter per request field, with the field's own schema minus its null branch (a
 * query string cannot carry null); swap_venues is repeated, one `<chain_id>:<name>` per venue.
 */
function parameters(schema: JsonSchema): unknown[] {
  const properties = schema.properties as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, anyOf, type, ...rest } = property;
    const nonNull = ((anyOf as JsonSchema[] | undefined) ?? []).find((branch) => branch.type !== "null");
    const types = ([] as unknown[]).concat(type).filter((t) => t !== undefined && t !== "null");
    const venues = { type: "array", items: { type: "string", pattern: "^[^:]+:.+$" } };
    return {
      name,
      in: "query",
      required: required.has(name),
      description: name === SWAP_VENUES_PARAM ? "Limit swaps to these venues, one <chain_id>:<name> per parameter" : description,
      schema: name === SWAP_VENUES_PARAM ? venues : (nonNull ?? { ...rest, type: types[0] ?? "string" }),
      ...(name === SWAP_VENUES_PARAM ? { style: "form", explode: true } : {}),
    };
  });
}

const pick = (errors: Record<string, string>, statuses: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([status]) => statuses.includes(status)));

export function explorerPaths(parts: DocumentParts): Record<string, unknown> {
  const { paths, jsonContent, errorResponses, queryErrors } = parts;
  const ok = (description: string, id: string) => ({ "200": { description, content: jsonContent(id) } });
  // An unknown chain or asset is an answer of explain (a reason with close matches), not a 404.
  const explainErrors = errorResponses(pick(queryErrors, ["400", "405", "413", "415", "500"]));
  const getErrors = errorResponses({
    ...pick(queryErrors, ["400", "405", "500"]),
    "404": "Unknown chain or asset; the message suggests close matches (gRPC code 5)",
  });
  const explain = {
    summary: "Why a source asset does or does not reach a destination chain",
    description:
      "The chosen routes when the asset can go; otherwise every reason, each with a stable `code`, a one-sentence " +
      "`message` and its facts (unknown chain or asset with close matches, no path, inactive channel, several " +
      "transactions, a filter, an unrouted bridge, an unresolved origin). With `?format=mermaid|dot|svg` (in the query " +
      "string, for the POST too) the answer is `{format, explanation, text}`: the ExplainResponse and its picture as text.",
    responses: { ...ok("Routes or reasons (with ?format, also the picture)", "ExplainAnswer"), ...explainErrors },
  };
  const formatParameter = parameters(queryOf(ExplainFormatQuerySchema));
  return {
    [paths.explain]: {
      post: { ...explain, operationId: "explain", parameters: formatParameter, requestBody: { required: true, content: jsonContent("ExplainRequest") } },
      get: {
        ...explain,
        operationId: "explainGet",
        description: `${explain.description} The same request as the POST form, read from the query string.`,
        parameters: [...parameters(parts.requests.ExplainRequest!), ...formatParameter],
      },
    },
    [paths.chains]: {
      get: {
        operationId: "chains",
        summary: "Every chain of the registry with its capability flags and asset count",
        responses: { ...ok("Chains sorted by chain id", "ChainsAnswer"), ...errorResponses(pick(queryErrors, ["405", "500"])) },
      },
    },
    [paths.assets]: {
      get: {
        operationId: "assets",
        summary: "The assets of one chain: symbol, origin, metadata or not, listed or derived",
        parameters: parameters(queryOf(AssetsQuerySchema)),
        responses: { ...ok("The chain's assets", "AssetsAnswer"), ...getErrors },
      },
    },
    [paths.route]: {
      get: {
        operationId: "route",
        summary: "The chosen route between two assets, optionally with its picture as Mermaid, DOT or SVG text",
        parameters: parameters(queryOf(RouteQuerySchema)),
        responses: { ...ok("The route (null when none exists) and its picture", "RouteAnswer"), ...getErrors },
      },
    },
    [REACH_PATH]: {
      get: {
        operationId: "reachPicture",
        summary: "The assets reachable from one asset (the assets_from_source query) drawn as Mermaid, DOT or SVG text",
        parameters: [...parameters(parts.requests.AssetsFromSourceRequest!), ...parameters(queryOf(ReachFormatQuerySchema))],
        responses: { ...ok("The answer and its picture", "ReachPicture"), ...getErrors },
      },
    },
    "/": {
      get: {
        operationId: "explorerPage",
        summary: "The explorer page for people (HTML; its script and style are served from /explorer/)",
        responses: { "200": { description: "The page", content: { "text/html": { schema: { type: "string" } } } } },
      },
    },
  };
}
