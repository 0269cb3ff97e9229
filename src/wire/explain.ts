/**
 * The wire format of `explain` (why a source asset does or does not reach a destination chain)
 * and of discovery (`chains`, `assetsOnChain`). The library, HTTP, the CLI and the explorer page
 * read these schemas. Reason codes are stable: callers switch on `code`, never on `message`.
 */
import * as z from "zod/mini";
import { RouteSchema } from "./route.js";
import { RECOMMENDATION_REASON_FIELD, SWAP_FIELDS, WireAssetSchema, withSwapRule } from "./schema.js";

const requiredString = (field: string, meaning: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .check(z.minLength(1, `${field} must not be empty`), z.describe(meaning));

const flag = (fallback: boolean, meaning: string) =>
  z
    .pipe(
      z.nullish(z.boolean()),
      z.transform((value) => value ?? fallback),
    )
    .check(z.describe(`${meaning} (default ${fallback})`));

/**
 * The filters are those of both queries, with their names and their defaults: every flag is
 * false unless set, as in assets_between_chains, so EVM assets and assets without metadata count
 * only with `include_evm_assets` / `include_no_metadata_assets`. assets_from_source has neither
 * filter (it lists them all): set both to true to ask its question. Filters apply to the
 * destination side only.
 */
export const ExplainRequestSchema = withSwapRule(
  z.object({
    source_asset_denom: requiredString("source_asset_denom", "Denom of the source asset"),
    source_asset_chain_id: requiredString("source_asset_chain_id", "Chain-id of the source asset"),
    dest_chain_id: requiredString("dest_chain_id", "Chain-id of the destination chain"),
    dest_asset_denom: z
      .pipe(
        z.nullish(z.string()),
        z.transform((value) => (value === "" || value === undefined ? null : value)),
      )
      .check(z.describe("Ask about this one destination asset only")),
    allow_multi_tx: flag(false, "Count assets that need several transactions"),
    include_cw20_assets: flag(false, "Count CW20 tokens"),
    include_evm_assets: flag(false, "Count EVM tokens"),
    include_no_metadata_assets: flag(false, "Count assets without metadata"),
    native_only: flag(false, "Count only native assets (empty trace)"),
    recommendation_reason: RECOMMENDATION_REASON_FIELD,
    ...SWAP_FIELDS,
  }),
);
export type ExplainRequest = z.input<typeof ExplainRequestSchema.def.out>;
export type ExplainOptions = z.output<typeof ExplainRequestSchema>;

export const FILTERS = [
  "include_cw20_assets",
  "include_evm_assets",
  "include_no_metadata_assets",
  "native_only",
  "recommendation_reason",
  "dest_asset_denom",
] as const;
const FilterNameSchema = z.enum(FILTERS);
export type FilterName = z.infer<typeof FilterNameSchema>;

const AssetRefSchema = z.readonly(z.object({ chain_id: z.string(), denom: z.string() }));
const DenomSuggestionSchema = z.readonly(z.object({ denom: z.string(), symbol: z.optional(z.string()) }));
/** A close match for a denom: the denom and its symbol when it has one. */
export type DenomSuggestion = z.infer<typeof DenomSuggestionSchema>;

const CHANNEL_STATUSES = ["INACTIVE", "UNKNOWN"] as const;

const reason = <C extends string, S extends z.core.$ZodShape>(code: C, facts: S) =>
  z.readonly(z.object({ code: z.literal(code), message: z.string().check(z.describe("One human sentence")), ...facts }));

/**
 * Reasons from a state snapshot (docs/behaviour.md "Live network state"): the nearest path crosses
 * a channel or an Eureka bridge link the chains say is dead (`channel_closed`, `client_expired`,
 * `client_frozen`, `client_unauthorized`: its light client or IBC v2 client not Active), one of a
 * halted chain (`chain_halted`: its latest block too old), one whose light client expires within
 * the warning window (`client_expiring`), or an untagged one the snapshot could not vouch for
 * (`state_unknown`, `state_stale`); or it takes a hop one way that a chain refuses
 * (`transfers_disabled`: the sending chain's `send_enabled` or the receiving chain's
 * `receive_enabled` is false; `rate_limited`: an IBC rate limit of the denom over that channel has
 * less than one base unit left that way). Each names the fact with its date and source.
 */
function stateReasons() {
  const facts = {
    chain_id: z.string().check(z.describe("The chain of the channel end whose fact decided")),
    port: z.string(),
    channel: z.string(),
    counterparty_chain_id: z.string(),
    fact: z.enum(["state", "client_status", "client_expires_at", "latest_block_time", "send_enabled", "receive_enabled", "rate_limit"]).check(z.describe("Which fact of that end or its chain")),
    value: z.nullable(z.string()).check(z.describe("Its value as read (null: never read)")),
    read_at: z.nullable(z.string()).check(z.describe("When it was read (ISO 8601); null: never read")),
    source: z.nullable(z.string()).check(z.describe("Where it was read: the endpoint's URL, or who set it by hand")),
    expires_at: z.nullable(z.string()).check(z.describe("When that end's light client expires, where known")),
    direction: z.optional(z.enum(["send", "receive"]).check(z.describe("transfers_disabled, rate_limited: the way the chain refuses (sending out, or receiving in)"))),
    denom: z.optional(z.string().check(z.describe("rate_limited: the denom as that chain names it"))),
    path: z.readonly(z.array(z.string())),
    route: RouteSchema,
  };
  return (["channel_closed", "client_expired", "client_frozen", "client_unauthorized", "state_unknown", "state_stale", "transfers_disabled", "chain_halted", "client_expiring", "rate_limited"] as const).map((code) => reason(code, facts));
}

export const ReasonSchema = z.discriminatedUnion("code", [
  reason("unknown_chain", {
    chain_id: z.string(),
    /** Which chain of the request: the source's or the destination. */
    side: z.enum(["source", "dest"]),
    suggestions: z.readonly(z.array(z.string())).check(z.describe("Close chain ids (by id, chain_name or pretty_name)")),
  }),
  /** The chain is not in the graph because the registry marks it killed (it has stopped): no hop to or from it. */
  reason("chain_killed", { chain_id: z.string(), side: z.enum(["source", "dest"]) }),
  reason("unknown_asset", {
    chain_id: z.string(),
    denom: z.string(),
    suggestions: z.readonly(z.array(DenomSuggestionSchema)).check(z.describe("Denoms of the chain by symbol, ibc/ hash case or spelling")),
  }),
  reason("same_chain", { chain_id: z.string() }),
  reason("no_path", {
    /** The nearest chain path over any channel or bridge, when the chains are connected at all. */
    chain_path: z.nullable(z.readonly(z.array(z.string()))),
  }),
  reason("inactive_channel", {
    chain_id: z.string(),
    port: z.string(),
    channel: z.string(),
    counterparty_chain_id: z.string(),
    /** The channel's status in the registry: INACTIVE (no hop over it) or UNKNOWN (no voucher derived over it). */
    status: z.enum(CHANNEL_STATUSES).check(z.describe("INACTIVE: the router takes no hop over it; UNKNOWN: the router derives no voucher over it")),
    /** Chains of the nearest path that would work if every channel were active. */
    path: z.readonly(z.array(z.string())),
    /** That path as a route, as if every channel on it were ACTIVE (so its denoms may be ones the router does not derive). */
    route: RouteSchema,
  }),
  ...stateReasons(),
  /** The nearest path takes a hop a chain's own transfer stack refuses (a transfer rule, with the code it was read from). */
  reason("chain_refuses_token", {
    chain_id: z.string().check(z.describe("The chain whose rule refuses (for a bridge rule, the chain the hop leaves)")),
    rule: z.enum(["inbound_returning_only", "ibc_v2_base_denom"]),
    summary: z.string().check(z.describe("What the rule is, in a few sentences")),
    sources: z.readonly(z.array(z.readonly(z.object({ repository: z.string(), path: z.string(), commit: z.string(), what: z.optional(z.string()) })))),
    path: z.readonly(z.array(z.string())),
    route: RouteSchema,
  }),
  reason("needs_multiple_txs", {
    txs_required: z.number().check(z.int(), z.gte(2)),
    /** The first chain where funds land and a new transaction must be signed. */
    chain_id: z.string(),
    /** Every chain where a new transaction must be signed, in route order (`chain_id` is the first). */
    chain_ids: z.readonly(z.array(z.string()).check(z.minLength(1))),
    missing: z
      .enum(["pfm", "forwards_after_bridge"])
      .check(z.describe("pfm: no packet-forward middleware; forwards_after_bridge: does not forward after a bridge hop (or into a bridge after IBC)")),
    route: RouteSchema,
  }),
  reason("filtered_out", { filter: FilterNameSchema, assets: z.readonly(z.array(AssetRefSchema)) }),
  reason("bridge_not_routed", {
    provider: z.string(),
    chain_id: z.optional(z.string()),
    denom: z.optional(z.string()),
  }),
  reason("origin_unresolved", { chain_id: z.string(), denom: z.string() }),
  reason("dest_asset_not_on_chain", { chain_id: z.string(), denom: z.string(), suggestions: z.readonly(z.array(DenomSuggestionSchema)) }),
]);
export type Reason = z.infer<typeof ReasonSchema>;
export type ReasonCode = Reason["code"];
export const REASON_CODES = ReasonSchema.def.options.map((option) => option.def.innerType.shape.code.def.values[0]) as ReasonCode[];

/**
 * What a request option would have to be for a route to pass: the filters applied after the
 * search (the destination filters and allow_multi_tx), each to the value that lets an asset pass.
 */
export const OptionChangeSchema = z.discriminatedUnion("option", [
  z.readonly(
    z.object({ option: z.enum(["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets"]), value: z.literal(true) }),
  ),
  z.readonly(z.object({ option: z.literal("native_only"), value: z.literal(false) })),
  z.readonly(z.object({ option: z.literal("recommendation_reason"), value: z.literal("UNKNOWN") })),
]);
export type OptionChange = z.infer<typeof OptionChangeSchema>;

/**
 * The one-line answer every explanation leads with. `reachable`: a route passes every filter.
 * `reachable_if`: a route exists but a filter removes it; `changes` is the smallest set of option
 * changes that lets the best such route pass. `not_reachable`: no option change that keeps the
 * question (source, destination, asset asked for, swaps) finds a route; the reasons say why.
 */
export const VerdictSchema = z.discriminatedUnion("kind", [
  z.readonly(z.object({ kind: z.literal("reachable"), message: z.string().check(z.describe("One human sentence")) })),
  z.readonly(
    z.object({
      kind: z.literal("reachable_if"),
      changes: z.readonly(z.array(OptionChangeSchema).check(z.minLength(1))),
      message: z.string().check(z.describe("One human sentence")),
    }),
  ),
  z.readonly(z.object({ kind: z.literal("not_reachable"), message: z.string().check(z.describe("One human sentence, from the first reason")) })),
]);
export type Verdict = z.infer<typeof VerdictSchema>;
export const VERDICTS = VerdictSchema.def.options.map((option) => option.def.innerType.shape.kind.def.values[0]);

export const ExplainResponseSchema = z.readonly(
  z.object({
    /** The answer in one line: reachable, reachable if an option changes (which), or not reachable. */
    verdict: VerdictSchema,
    /** `null` when the source is unknown. */
    source: z.nullable(WireAssetSchema),
    dest_chain_id: z.string(),
    /** At least one destination asset passes every filter (`verdict.kind` is `reachable`). */
    reachable: z.boolean(),
    /** The chosen route to each destination asset that passes, best first; empty when unreachable. */
    routes: z.readonly(z.array(RouteSchema)),
    /** Why nothing passes; empty when reachable. */
    reasons: z.readonly(z.array(ReasonSchema)),
  }),
);
export type ExplainResponse = z.infer<typeof ExplainResponseSchema>;

export const ChainSummarySchema = z.readonly(
  z.object({
    chain_id: z.string(),
    chain_name: z.optional(z.string()),
    pretty_name: z.optional(z.string()),
    chain_type: z.string(),
    pfm_enabled: z.boolean(),
    supports_memo: z.boolean(),
    /** Moves funds on after a bridge hop without a new transaction (what routes read besides pfm_enabled). */
    forwards_after_bridge: z.boolean(),
    /** Canonical assets on the chain, derived vouchers included. */
    asset_count: z.number().check(z.int(), z.gte(0)),
  }),
);
export type ChainSummary = z.infer<typeof ChainSummarySchema>;

export const AssetSummarySchema = z.readonly(
  z.object({
    chain_id: z.string(),
    denom: z.string(),
    symbol: z.optional(z.string()),
    origin_chain_id: z.string(),
    origin_denom: z.string(),
    trace: z.string(),
    is_cw20: z.boolean(),
    is_evm: z.boolean(),
    has_metadata: z.boolean(),
    /** Listed by the registry (false for a derived single-hop voucher). */
    listed: z.boolean(),
  }),
);
export type AssetSummary = z.infer<typeof AssetSummarySchema>;

// Its own module: a dataset stores notes, so loading reads this schema without the rest of this file.
export { RegistryNoteSchema, type RegistryNote } from "./registry-note.js";
