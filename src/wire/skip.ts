/**
 * The Skip Go API's read-only discovery calls, in its wire format (snake_case): /v2/info/chains,
 * /v2/fungible/assets, /v2/info/bridges, /v2/fungible/venues, /v2/fungible/ibc_origin_assets and
 * /v2/fungible/recommend_assets. Field names, enums and defaults follow the hosted API's published
 * OpenAPI document (skip-mev/skip-go docs/swagger.yml, components Chain, FeeAsset, IbcCapabilities,
 * CosmosModuleSupport, Bridge, SwapVenue, OptionalAsset, RecommendationRequest, AssetRecommendation)
 * and the types of `@skip-go/client`. Optional request fields accept `null` as absent.
 */
import * as z from "zod/mini";
import { preprocess } from "./preprocess.js";
import { unordered } from "./unordered.js";
import { BridgeTypeSchema, RECOMMENDATION_REASONS, WireAssetSchema } from "./schema.js";

const flag = (meaning: string) =>
  z
    .pipe(
      z.nullish(z.boolean()),
      z.transform((value) => value ?? false),
    )
    .check(z.describe(`${meaning} (default false)`));

/** A repeated query parameter arrives as a list, a single one as a string: both are a list here. */
const ChainIdsSchema = z
  .pipe(
    preprocess(
      (value) => (typeof value === "string" ? [value] : value),
      z.nullish(unordered(z.array(z.string().check(z.minLength(1, "a chain id must not be empty"))))),
    ),
    z.transform((value) => value ?? null),
  )
  .check(z.describe("Limit the answer to these chain ids (repeat the parameter: chain_ids=a&chain_ids=b); all chains when absent"));

const text = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .check(z.minLength(1, `${field} must not be empty`));

// ---- GET /v2/info/chains ----

export const SkipChainsRequestSchema = z.object({
  chain_ids: ChainIdsSchema,
  include_evm: flag("Include EVM chains"),
  include_svm: flag("Include SVM chains"),
  only_testnets: flag("List testnet chains only (otherwise mainnet chains only)"),
});
export type SkipChainsRequest = z.input<typeof SkipChainsRequestSchema>;

const GasPriceSchema = z.readonly(z.object({ low: z.optional(z.string()), average: z.optional(z.string()), high: z.optional(z.string()) }));
const FeeAssetSchema = z.readonly(z.object({ denom: z.string(), gas_price: z.optional(GasPriceSchema) }));

const SkipChainSchema = z.readonly(
  z.object({
    chain_name: z.string(),
    chain_id: z.string(),
    pretty_name: z.string(),
    chain_type: z.enum(["cosmos", "evm", "svm"]),
    bech32_prefix: z.string().check(z.describe('The chain\'s bech32 address prefix; "" where it has none (EVM, SVM)')),
    fee_assets: z.readonly(z.array(FeeAssetSchema)),
    logo_uri: z.optional(z.string()),
    pfm_enabled: z.boolean().check(z.describe("Packet-forward middleware: an arriving IBC transfer is forwarded over IBC (by its memo)")),
    supports_memo: z.boolean().check(z.describe("The chain's ICS-20 transfer accepts a memo; true wherever pfm_enabled is")),
    ibc_capabilities: z
      .readonly(
        z.object({
          cosmos_pfm: z.boolean().check(z.describe("pfm_enabled")),
          cosmos_ibc_hooks: z.boolean().check(z.describe("Wasm IBC hooks: a memo can call a contract on arrival")),
          cosmos_memo: z.boolean().check(z.describe("supports_memo")),
          cosmos_autopilot: z.boolean().check(z.describe("Stride's autopilot")),
        }),
      )
      .check(z.describe("Each flag false where no cited fact says otherwise")),
    cosmos_module_support: z
      .readonly(z.object({ authz: z.optional(z.boolean()), feegrant: z.optional(z.boolean()) }))
      .check(z.describe("Empty: the registry does not say which modules a chain runs")),
    is_testnet: z.boolean(),
  }),
);
export type SkipChain = z.infer<typeof SkipChainSchema>;

export const SkipChainsResponseSchema = z.readonly(z.object({ chains: z.readonly(z.array(SkipChainSchema)) }));
export type SkipChainsResponse = z.infer<typeof SkipChainsResponseSchema>;

// ---- GET /v2/fungible/assets ----

export const SkipAssetsRequestSchema = z.object({
  chain_ids: ChainIdsSchema,
  native_only: flag("Only assets native to their chain (empty trace)"),
  include_no_metadata_assets: flag("Include assets without metadata (symbol, name, logo_uri...)"),
  include_cw20_assets: flag("Include CW20 tokens"),
  include_evm_assets: flag("Include EVM tokens"),
  include_svm_assets: flag("Include SVM tokens"),
  only_testnets: flag("Assets of testnet chains only (otherwise of mainnet chains only)"),
});
export type SkipAssetsRequest = z.input<typeof SkipAssetsRequestSchema>;

export const SkipAssetsResponseSchema = z.readonly(
  z.object({ chain_to_assets_map: z.readonly(z.record(z.string(), z.readonly(z.object({ assets: z.readonly(z.array(WireAssetSchema)) })))) }),
);
export type SkipAssetsResponse = z.infer<typeof SkipAssetsResponseSchema>;

// ---- GET /v2/info/bridges, GET /v2/fungible/venues ----

export const SkipBridgesResponseSchema = z.readonly(
  z.object({ bridges: z.readonly(z.array(z.readonly(z.object({ id: BridgeTypeSchema, name: z.string(), logo_uri: z.optional(z.string()) })))) }),
);
export type SkipBridgesResponse = z.infer<typeof SkipBridgesResponseSchema>;

export const SkipVenuesRequestSchema = z.object({ only_testnets: flag("Venues of testnet chains only (otherwise of mainnet chains only)") });
export type SkipVenuesRequest = z.input<typeof SkipVenuesRequestSchema>;

export const SkipVenuesResponseSchema = z.readonly(
  z.object({ venues: z.readonly(z.array(z.readonly(z.object({ name: z.string(), chain_id: z.string(), logo_uri: z.optional(z.string()) })))) }),
);
export type SkipVenuesResponse = z.infer<typeof SkipVenuesResponseSchema>;

// ---- POST /v2/fungible/ibc_origin_assets ----

export const IbcOriginAssetsRequestSchema = z.object({
  assets: z
    .array(z.object({ denom: text("denom").check(z.describe("Denom of the asset")), chain_id: text("chain_id").check(z.describe("Chain id of the asset")) }))
    .check(z.maxLength(1000, "at most 1000 assets per request"), z.describe("The assets whose IBC origin to look up")),
});
export type IbcOriginAssetsRequest = z.input<typeof IbcOriginAssetsRequestSchema>;

const OriginAssetSchema = z
  .readonly(z.object({ asset: z.optional(WireAssetSchema), asset_found: z.boolean() }))
  .check(z.describe("The asset at the origin of the asset's IBC path; asset_found false (no asset) where the registry does not know the asset or its origin"));

export const IbcOriginAssetsResponseSchema = z.readonly(z.object({ origin_assets: z.readonly(z.array(OriginAssetSchema)) }));
export type IbcOriginAssetsResponse = z.infer<typeof IbcOriginAssetsResponseSchema>;

// ---- POST /v2/fungible/recommend_assets ----

const RecommendationRequestSchema = z.object({
  source_asset_denom: text("source_asset_denom").check(z.describe("Denom of the source asset")),
  source_asset_chain_id: text("source_asset_chain_id").check(z.describe("Chain id of the source asset")),
  dest_chain_id: text("dest_chain_id").check(z.describe("Chain id to recommend an asset on")),
  reason: z
    .pipe(
      z.nullish(z.enum(RECOMMENDATION_REASONS)),
      z.transform((value) => value ?? "UNKNOWN"),
    )
    .check(z.describe("BASE_TOKEN, MOST_LIQUID or DIRECT; UNKNOWN or absent: the base token where the source comes home, else the most liquid")),
});

export const RecommendAssetsRequestSchema = z.object({
  requests: z.array(RecommendationRequestSchema).check(z.maxLength(1000, "at most 1000 requests per call"), z.describe("One entry per recommendation asked")),
});
export type RecommendAssetsRequest = z.input<typeof RecommendAssetsRequestSchema>;

const RecommendationEntrySchema = z.readonly(
  z.object({
    recommendations: z.readonly(z.array(z.readonly(z.object({ asset: WireAssetSchema, reason: z.enum(RECOMMENDATION_REASONS) })))),
    error: z
      .optional(z.readonly(z.object({ message: z.string() })))
      .check(z.describe("Why this entry has no recommendation (unknown chain or asset, nothing reachable)")),
  }),
);

export const RecommendAssetsResponseSchema = z.readonly(z.object({ recommendation_entries: z.readonly(z.array(RecommendationEntrySchema)) }));
export type RecommendAssetsResponse = z.infer<typeof RecommendAssetsResponseSchema>;
