/**
 * fungible-graph/schemas: the zod schemas behind every type of the library, for callers who
 * validate their own data or generate documents from it. zod is a dependency of the package
 * (declared, not bundled), so these are the same zod objects as the caller's own `zod`. They are
 * `zod/mini` schemas (the browser core's size): `schema.safeParse(value)`, `z.toJSONSchema(schema)`,
 * zod/mini's functions rather than classic methods; docs/library.md, "The schemas".
 */
export { RegistrySchema, ChainSchema, AssetSchema, IbcChannelSchema, BridgeLinkSchema, SwapVenueSchema, AssetRefSchema } from "../registry/schema.js";
export {
  AssetsFromSourceRequestSchema,
  AssetsBetweenChainsRequestSchema,
  AssetsFromSourceResponseSchema,
  AssetsBetweenChainsResponseSchema,
  WireAssetSchema,
  BridgeTypeSchema,
  RECOMMENDATION_REASONS,
  BRIDGE_TYPES,
} from "../wire/schema.js";
export { RouteSchema, RouteHopSchema } from "../wire/route.js";
export {
  ExplainRequestSchema,
  ExplainResponseSchema,
  ReasonSchema,
  REASON_CODES,
  ChainSummarySchema,
  AssetSummarySchema,
  RegistryNoteSchema,
} from "../wire/explain.js";
export type { ExplainRequest, ExplainResponse, Reason, ReasonCode, FilterName } from "../wire/explain.js";
export { OverridesSchema, AssetOverrideSchema } from "../registry/overrides.js";
export { SwapVenuesFileSchema } from "../registry/swap-venues.js";
export type { SwapVenuesFile } from "../registry/swap-venues.js";
export { ProvenanceSchema } from "../dataset/data-version.js";
export { ErrorDetailSchema, ERROR_KINDS } from "../errors.js";
