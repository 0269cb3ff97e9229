/**
 * The wire format of docs/behaviour.md §6-§8: request and response bodies of both endpoints.
 * The library API, the HTTP handler, the CLI and the OpenAPI document all read these schemas.
 * Optional request fields accept `null` as "absent" (proto3 JSON clients send it).
 */
import * as z from "zod";
import { parseArgument, REQUEST } from "../arguments.js";

const flag = (meaning: string) =>
  z
    .boolean()
    .nullish()
    .transform((value) => value ?? false)
    .describe(meaning);

const requiredString = (field: string, meaning: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, `${field} must not be empty`)
    .describe(meaning);

/** Bridge types a route may use (docs/behaviour.md §5), spelled as the answers spell them. */
export const BRIDGE_TYPES = [
  "IBC",
  "AXELAR",
  "CCTP",
  "HYPERLANE",
  "OPINIT",
  "GO_FAST",
  "STARGATE",
  "LAYER_ZERO",
  "EUREKA",
  "CCTP_V2",
] as const;
export const BridgeTypeSchema = z.enum(BRIDGE_TYPES);
export type BridgeType = z.infer<typeof BridgeTypeSchema>;

/** A chain id a caller passes on its own (`assetsOnChain(chainId)`): any text; an unknown one is `unknown_chain`. */
export const ChainIdArgumentSchema = z.string();

export const RECOMMENDATION_REASONS = ["UNKNOWN", "MOST_LIQUID", "BASE_TOKEN", "DIRECT"] as const;

export const SwapVenueRefSchema = z
  .looseObject({ name: z.string().min(1), chain_id: z.string().min(1) })
  .describe("A swap venue, matched by name and chain_id; extra fields such as logo_uri are ignored");

export const AssetsFromSourceRequestSchema = z.object({
  source_asset_denom: requiredString("source_asset_denom", "Denom of the source asset"),
  source_asset_chain_id: requiredString("source_asset_chain_id", "Chain-id of the source asset"),
  allow_multi_tx: flag("Include assets that need several transactions to reach"),
  recommendation_reason: z
    .enum(RECOMMENDATION_REASONS)
    .nullish()
    .transform((value) => value ?? "UNKNOWN")
    .describe("UNKNOWN (no filter), MOST_LIQUID, BASE_TOKEN or DIRECT"),
  include_swaps: flag("Let routes swap in place on the registry's swap venues"),
  swap_venues: z
    .array(SwapVenueRefSchema)
    .nullish()
    .transform((value) => value ?? null)
    .describe("Limit swaps to these venues; ignored unless include_swaps"),
  native_only: flag("Return only native assets (empty trace)"),
  group_by: z
    .string()
    .nullish()
    .refine((value) => value == null || value === "chain_id", {
      message: 'group_by supports only "chain_id" (or null / absent)',
    })
    .transform(() => "chain_id" as const)
    .describe('Grouping key; only "chain_id" is supported'),
  include_cw20_assets: flag("Include CW20 tokens"),
});
export type AssetsFromSourceRequest = z.input<typeof AssetsFromSourceRequestSchema>;
export type AssetsFromSourceOptions = z.output<typeof AssetsFromSourceRequestSchema>;
/** The swap part of a request, which `route()` takes too (absent: no swaps). */
export const SwapOptionsSchema = AssetsFromSourceRequestSchema.pick({ include_swaps: true, swap_venues: true }).optional();
export type SwapOptions = Pick<AssetsFromSourceRequest, "include_swaps" | "swap_venues">;

export const AssetsBetweenChainsRequestSchema = z
  .object({
    source_chain_id: requiredString("source_chain_id", "Chain-id of the source chain"),
    dest_chain_id: requiredString("dest_chain_id", "Chain-id of the destination chain"),
    include_no_metadata_assets: flag("Include assets without metadata (symbol, name, logo_uri...)"),
    include_cw20_assets: flag("Include CW20 tokens"),
    include_evm_assets: flag("Include EVM tokens"),
    allow_multi_tx: flag("Include pairs that need several transactions"),
  })
  .refine((request) => request.source_chain_id !== request.dest_chain_id, {
    message: "source_chain_id and dest_chain_id must differ",
    path: ["dest_chain_id"],
  });
export type AssetsBetweenChainsRequest = z.input<typeof AssetsBetweenChainsRequestSchema>;
export type AssetsBetweenChainsOptions = z.output<typeof AssetsBetweenChainsRequestSchema>;

export const WireAssetSchema = z.object({
  denom: z.string(),
  chain_id: z.string(),
  origin_denom: z.string(),
  origin_chain_id: z.string(),
  trace: z.string(),
  is_cw20: z.boolean(),
  is_evm: z.boolean(),
  is_svm: z.boolean().describe("An asset of an SVM chain (Solana)"),
  symbol: z.string().optional(),
  name: z.string().optional(),
  logo_uri: z.string().optional(),
  decimals: z.number().int().optional(),
  token_contract: z.string().optional().describe("The token's contract address where the registry names one (ERC-20, CW20)"),
  description: z.string().optional(),
  coingecko_id: z.string().optional(),
  recommended_symbol: z.string().optional(),
}).readonly();
/** Answers share frozen asset objects, so the type is readonly too. */
export type WireAsset = z.infer<typeof WireAssetSchema>;

const AssetGroupSchema = z.object({ assets: z.array(WireAssetSchema).readonly() }).readonly();

export const AssetsFromSourceResponseSchema = z.object({
  dest_assets: z.record(z.string(), AssetGroupSchema).readonly(),
}).readonly();
export type AssetsFromSourceResponse = z.infer<typeof AssetsFromSourceResponseSchema>;

/**
 * An assets_from_source answer a caller hands back (to draw it), read as `[chain_id, group]`
 * entries: `z.record` skips a `__proto__` key, and here that is a chain id like any other.
 */
export const AssetGroupEntriesSchema = z.object({
  dest_assets: z.preprocess(
    (groups) => (typeof groups === "object" && groups !== null ? Object.entries(groups) : groups),
    z.array(z.tuple([z.string(), AssetGroupSchema])),
  ),
});

const AssetPairSchema = z.object({
  asset_on_source: WireAssetSchema,
  asset_on_dest: WireAssetSchema,
  txs_required: z.number().int().min(1),
  bridges: z.array(BridgeTypeSchema).readonly(),
}).readonly();
export type AssetPair = z.infer<typeof AssetPairSchema>;

export const AssetsBetweenChainsResponseSchema = z.object({
  assets_between_chains: z.array(AssetPairSchema).readonly(),
}).readonly();
export type AssetsBetweenChainsResponse = z.infer<typeof AssetsBetweenChainsResponseSchema>;

/** Validates a request body; a bad one throws `FungibleError("invalid_request")` naming each path. */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown, operation: string): z.output<S> {
  return parseArgument(schema, body, { fn: operation, arg: REQUEST, expected: "a JSON object" });
}
