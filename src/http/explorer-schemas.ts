/**
 * Requests and answers of the explorer endpoints (explain, chains, assets, route) that are not
 * already wire schemas: the query strings they read and the envelopes they answer in. Every
 * answer is a JSON object, pictures included (`{format, text}`), so clients parse one way.
 */
import * as z from "zod/mini";
import { AssetSummarySchema, ChainSummarySchema, ExplainResponseSchema } from "../wire/explain.js";
import { RouteSchema } from "../wire/route.js";
import { AssetsFromSourceResponseSchema, WireAssetSchema } from "../wire/schema.js";

/** Pictures as text: Mermaid, Graphviz DOT, or SVG (the DOT drawn by Graphviz, loaded on first use). */
const PICTURE_FORMATS = ["mermaid", "dot", "svg"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];
const ROUTE_FORMATS = ["json", ...PICTURE_FORMATS] as const;

/** `cosmoshub-4:uatom` -> {chain_id, denom}, split at the first ':' since chain ids contain none (cw20:... denoms do). */
const assetArgument = (field: string) =>
  z
    .pipe(
      z
        .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
        .check(z.regex(/^[^:]+:.+$/, `${field} must be <chain_id>:<denom>, such as cosmoshub-4:uatom`)),
      z.transform((text) => {
        const colon = text.indexOf(":");
        return { chain_id: text.slice(0, colon), denom: text.slice(colon + 1) };
      }),
    )
    .check(z.describe(`The ${field === "from" ? "source" : "destination"} asset as <chain_id>:<denom>, split at the first ':'`));

export const RouteQuerySchema = z.object({
  from: assetArgument("from"),
  to: assetArgument("to"),
  include_swaps: z
    .pipe(
      z.nullish(z.boolean()),
      z.transform((value) => value ?? false),
    )
    .check(z.describe("Let the route swap on the registry's swap venues")),
  format: z
    .pipe(
      z.nullish(z.enum(ROUTE_FORMATS)),
      z.transform((value) => value ?? "json"),
    )
    .check(z.describe("json (the route only), mermaid, dot or svg (the route plus its picture as text)")),
});

export const RouteAnswerSchema = z
  .object({
    format: z.enum(ROUTE_FORMATS),
    route: z.nullable(RouteSchema).check(z.describe("The chosen route; null when none exists")),
    text: z.nullable(z.string()).check(z.describe("The picture in the asked format; null for json or when there is no route")),
  })
  .check(z.describe("The chosen route between two assets; no route is an answer (route null), not an error"));
export type RouteAnswer = z.infer<typeof RouteAnswerSchema>;

export const AssetsQuerySchema = z.object({
  chain_id: z
    .string({ error: (issue) => (issue.input === undefined ? "chain_id is required" : "chain_id must be a string") })
    .check(z.minLength(1, "chain_id must not be empty"), z.describe("Chain-id whose assets to list")),
});

export const ChainsAnswerSchema = z.object({ chains: z.array(ChainSummarySchema) }).check(z.describe("Every chain, sorted by chain id"));
export type ChainsAnswer = z.infer<typeof ChainsAnswerSchema>;

export const AssetsAnswerSchema = z
  .object({ chain_id: z.string(), assets: z.array(AssetSummarySchema) })
  .check(z.describe("The assets of one chain, registry-listed and derived vouchers, in canonical order"));
export type AssetsAnswer = z.infer<typeof AssetsAnswerSchema>;

/** explain's picture: `format` in the query string of the GET and of the POST alike. */
export const ExplainFormatQuerySchema = z.object({
  format: z
    .pipe(
      z.nullish(z.enum(PICTURE_FORMATS)),
      z.transform((value) => value ?? null),
    )
    .check(z.describe("Also draw the answer (its route, the path over an INACTIVE or UNKNOWN channel, or the multi-transaction route): mermaid, dot or svg")),
});

export const ExplainPictureSchema = z
  .readonly(
    z.object({
      format: z.enum(PICTURE_FORMATS),
      explanation: ExplainResponseSchema,
      text: z.string().check(z.describe("The picture in the asked format")),
    }),
  )
  .check(z.describe("An explain answer with its picture as text (when the request asks for a format)"));
export type ExplainPicture = z.infer<typeof ExplainPictureSchema>;

export const ExplainAnswerSchema = z
  .union([ExplainResponseSchema, ExplainPictureSchema])
  .check(z.describe("The ExplainResponse, or with ?format=mermaid|dot|svg the ExplainResponse and its picture"));

/**
 * Where the project's own endpoints live (explain, the pictures, the page's listings), apart from
 * the Skip Go API's paths, so no Skip path answers a contract of the project's own.
 */
export const EXTENSION_PREFIX = "/fungible-graph/v1";

/** GET /fungible-graph/v1/reach: the assets_from_source answer drawn (the source, each chain, its assets). */
export const REACH_PATH = `${EXTENSION_PREFIX}/reach`;

export const ReachFormatQuerySchema = z.object({
  format: z
    .pipe(
      z.nullish(z.enum(PICTURE_FORMATS)),
      z.transform((value) => value ?? "mermaid"),
    )
    .check(z.describe("mermaid (default), dot or svg")),
});

export const ReachPictureSchema = z
  .readonly(
    z.object({
      format: z.enum(PICTURE_FORMATS),
      source: WireAssetSchema,
      response: AssetsFromSourceResponseSchema,
      text: z.string().check(z.describe("The picture in the asked format")),
    }),
  )
  .check(z.describe("The assets_from_source answer (the GET form's query) and its picture as text"));
export type ReachPicture = z.infer<typeof ReachPictureSchema>;
