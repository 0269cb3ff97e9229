/**
 * The wire format of docs/behaviour.md §6-§8: request and response bodies of both endpoints.
 * The library API, the HTTP handler, the CLI and the OpenAPI document all read these schemas.
 * Optional request fields accept `null` as "absent" (proto3 JSON clients send it).
 */
import * as z from "zod/mini";
import { preprocess } from "./preprocess.js";
import { parseArgument, REQUEST } from "../arguments.js";
import { fastPathOf } from "./fast-parse.js";
import { unordered } from "./unordered.js";

const flag = (meaning: string) =>
  z
    .pipe(
      z.nullish(z.boolean()),
      z.transform((value) => value ?? false),
    )
    .check(z.describe(meaning));

const requiredString = (field: string, meaning: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .check(z.minLength(1, `${field} must not be empty`), z.describe(meaning));

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

/** Where a GET form spells a venue `<chain_id>:<name>` (src/http/query-params.ts), the one it could not split arrives as its text. */
const venueError = (issue: { input?: unknown }) =>
  typeof issue.input === "string"
    ? `swap_venues must be <chain_id>:<name> in a query string ({name, chain_id} in a body), got ${JSON.stringify(issue.input.slice(0, 200))}`
    : undefined;

export const SwapVenueRefSchema = z
  .looseObject({ name: z.string().check(z.minLength(1)), chain_id: z.string().check(z.minLength(1)) }, { error: venueError })
  .check(z.describe("A swap venue, matched by name and chain_id; extra fields such as logo_uri are ignored"));

/**
 * A field that counts only when a flag is true: without the flag it is dropped before any check,
 * so whatever it holds is ignored, unchecked. The schema states such a rule once: parsing applies
 * it (a preprocess), and its JSON Schema says it (`describeRequestRules` moves the field's schema
 * under `if`/`then`), so the OpenAPI document, the canonical cache key (which reads the parsed
 * options) and the queries all follow it from here.
 */
interface ReadOnlyWith {
  field: string;
  flag: string;
}
const readOnlyWith = z.registry<ReadOnlyWith>();

function onlyWithFlag<S extends z.ZodMiniObject>(fields: S, rule: ReadOnlyWith) {
  const { field, flag } = rule;
  const dropUnread = (input: unknown): unknown => {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
    const record = input as Record<string, unknown>;
    if (record[flag] === true || !(field in record)) return input;
    const { [field]: _ignored, ...rest } = record;
    return rest;
  };
  const schema = preprocess(dropUnread, fields);
  readOnlyWith.add(schema, rule);
  return schema;
}

/** The swaps of a request: `swap_venues` only with `include_swaps: true` (docs/behaviour.md §6). */
const SWAP_VENUES_RULE: ReadOnlyWith = { field: "swap_venues", flag: "include_swaps" };
/** The recommendation filter of assets_from_source and explain: absent or null is UNKNOWN (no filter). */
export const RECOMMENDATION_REASON_FIELD = z
  .pipe(
    z.nullish(z.enum(RECOMMENDATION_REASONS)),
    z.transform((value) => value ?? "UNKNOWN"),
  )
  .check(z.describe("UNKNOWN (no filter), MOST_LIQUID, BASE_TOKEN or DIRECT"));

export const SWAP_FIELDS = {
  include_swaps: flag("Let routes swap in place on the registry's swap venues"),
  swap_venues: z
    .pipe(
      z.nullish(unordered(z.array(SwapVenueRefSchema))),
      z.transform((value) => value ?? null),
    )
    .check(z.describe("Limit swaps to these venues; ignored, unchecked, unless include_swaps is true")),
};
/** A request's fields (with `SWAP_FIELDS` among them) under the swap rule: every request with swaps is made so. */
export const withSwapRule = <S extends z.ZodMiniObject>(fields: S) => onlyWithFlag(fields, SWAP_VENUES_RULE);

/**
 * JSON Schema for the rules zod's own output cannot say (a `toJSONSchema` override): a field read
 * only with a flag becomes `if` the flag is true `then` the field's schema; otherwise anything.
 */
export function describeRequestRules(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const rule = readOnlyWith.get(ctx.zodSchema as z.ZodMiniType);
  if (rule === undefined) return;
  const properties = ctx.jsonSchema.properties as Record<string, Record<string, unknown>>;
  const checked = properties[rule.field]!;
  properties[rule.field] = { description: checked.description };
  ctx.jsonSchema.if = { properties: { [rule.flag]: { const: true } }, required: [rule.flag] };
  ctx.jsonSchema.then = { properties: { [rule.field]: checked } };
}

export const AssetsFromSourceRequestSchema = withSwapRule(
  z.object({
    source_asset_denom: requiredString("source_asset_denom", "Denom of the source asset"),
    source_asset_chain_id: requiredString("source_asset_chain_id", "Chain-id of the source asset"),
    allow_multi_tx: flag("Include assets that need several transactions to reach"),
    recommendation_reason: RECOMMENDATION_REASON_FIELD,
    ...SWAP_FIELDS,
    native_only: flag("Return only native assets (empty trace)"),
    group_by: z
      .pipe(
        z.nullish(z.literal("chain_id", { error: 'group_by supports only "chain_id" (or null / absent)' })),
        z.transform(() => "chain_id" as const),
      )
      .check(z.describe('Grouping key; only "chain_id" is supported')),
    include_cw20_assets: flag("Include CW20 tokens"),
  }),
);
export type AssetsFromSourceRequest = z.input<typeof AssetsFromSourceRequestSchema.def.out>;
export type AssetsFromSourceOptions = z.output<typeof AssetsFromSourceRequestSchema>;
/** The swap part of a request, which `route()` takes too (absent: no swaps). */
export const SwapOptionsSchema = z.optional(withSwapRule(z.object(SWAP_FIELDS)));
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
  .check(
    z.refine((request) => request.source_chain_id !== request.dest_chain_id, {
      message: "source_chain_id and dest_chain_id must differ",
      path: ["dest_chain_id"],
    }),
    z.describe("source_chain_id and dest_chain_id must differ (400 otherwise)"),
  );
export type AssetsBetweenChainsRequest = z.input<typeof AssetsBetweenChainsRequestSchema>;
export type AssetsBetweenChainsOptions = z.output<typeof AssetsBetweenChainsRequestSchema>;

export const WireAssetSchema = z.readonly(
  z.object({
    denom: z.string(),
    chain_id: z.string(),
    origin_denom: z.string(),
    origin_chain_id: z.string(),
    trace: z.string(),
    is_cw20: z.boolean(),
    is_evm: z.boolean(),
    is_svm: z.boolean().check(z.describe("An asset of an SVM chain (Solana)")),
    symbol: z.optional(z.string()),
    name: z.optional(z.string()),
    logo_uri: z.optional(z.string()),
    decimals: z.optional(z.number().check(z.int())),
    token_contract: z.optional(z.string()).check(z.describe("The token's contract address where the registry names one (ERC-20, CW20)")),
    description: z.optional(z.string()),
    coingecko_id: z.optional(z.string()),
    recommended_symbol: z.optional(z.string()),
  }),
);
/** Answers share frozen asset objects, so the type is readonly too. */
export type WireAsset = z.infer<typeof WireAssetSchema>;

const AssetGroupSchema = z.readonly(z.object({ assets: z.readonly(z.array(WireAssetSchema)) }));

export const AssetsFromSourceResponseSchema = z.readonly(
  z.object({
    dest_assets: z.readonly(z.record(z.string(), AssetGroupSchema)),
  }),
);
export type AssetsFromSourceResponse = z.infer<typeof AssetsFromSourceResponseSchema>;

/**
 * An assets_from_source answer a caller hands back (to draw it), read as `[chain_id, group]`
 * entries: `z.record` skips a `__proto__` key, and here that is a chain id like any other.
 */
export const AssetGroupEntriesSchema = z.object({
  dest_assets: z.pipe(
    z.transform((groups) => (typeof groups === "object" && groups !== null ? Object.entries(groups) : groups)),
    z.array(z.tuple([z.string(), AssetGroupSchema])),
  ),
});

const AssetPairSchema = z.readonly(
  z.object({
    asset_on_source: WireAssetSchema,
    asset_on_dest: WireAssetSchema,
    txs_required: z.number().check(z.int(), z.gte(1)),
    bridges: z.readonly(z.array(BridgeTypeSchema)),
  }),
);
export type AssetPair = z.infer<typeof AssetPairSchema>;

export const AssetsBetweenChainsResponseSchema = z.readonly(
  z.object({
    assets_between_chains: z.readonly(z.array(AssetPairSchema)),
  }),
);
export type AssetsBetweenChainsResponse = z.infer<typeof AssetsBetweenChainsResponseSchema>;

/**
 * Validates a request body; a bad one throws `FungibleError("invalid_request")` naming each path.
 * A plain, well-formed one takes the fast path generated from the schema (./fast-parse.ts), which
 * also takes its own outputs again (the HTTP layer parses once for its cache key, then asks the
 * router, through any wrapper, with the parsed request).
 */
export function parseRequest<S extends z.ZodMiniType>(schema: S, body: unknown, operation: string): z.output<S> {
  const fast = fastPathOf(schema)?.(body);
  if (fast !== undefined) return fast as z.output<S>;
  if (typeof body === "object" && body !== null && parsedBy.get(body) === schema) return body as z.output<S>;
  const parsed = parseArgument(schema, body, { fn: operation, arg: REQUEST, expected: "a JSON object" }) as z.output<S>;
  if (typeof parsed === "object" && parsed !== null) parsedBy.set(parsed, schema);
  return parsed;
}

/**
 * The requests zod parsed here (those the fast path declines: swap venues, ...), with the schema
 * that parsed each: one handed on again is not validated a second time. Only this module's own
 * outputs are in it, never a caller's object; the fast path's are not (a WeakMap entry per query
 * cost more than parsing its output again).
 */
const parsedBy = new WeakMap<object, z.ZodMiniType>();
