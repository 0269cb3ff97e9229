/**
 * Transfer messages: the library's request (`transferMessages`), and the Skip Go API's
 * `/v2/fungible/route`, `/v2/fungible/msgs` and `/v2/fungible/msgs_direct` for IBC transfers, in
 * the hosted API's wire format (skip-mev/skip-go docs/swagger.yml: RouteRequest, Route, Operation,
 * Transfer, MsgsRequest, MsgsDirectRequest, MultiChainMsg, CosmosTx; and `@skip-go/client`'s
 * types). Only what a transfer without swaps needs is modelled; fields a request may carry that
 * change nothing here (affiliates, slippage, smart relay...) are accepted and ignored, as
 * docs/http.md lists.
 */
import * as z from "zod";
import { RouteSchema } from "./route.js";

/** The largest amount an ICS-20 packet carries: a Cosmos SDK `Int` is at most 256 bits. */
export const MAX_AMOUNT = (1n << 256n) - 1n;

export const AmountSchema = z
  .string({ error: "amount must be a string of decimal digits" })
  .regex(/^[1-9][0-9]{0,77}$/, "amount must be a positive whole number of base units, decimal digits without a leading zero")
  .refine((text) => BigInt(text) <= MAX_AMOUNT, "amount must be below 2^256 (the Cosmos SDK Int bound)")
  .describe("Amount in the asset's base units (e.g. uatom), decimal digits");

/** Seconds until the first packet times out, and each forward's relative timeout (PFM `timeout`). */
export const DEFAULT_TIMEOUT_SECONDS = 300;
/** PFM `retries` on each forward, as the packet-forward middleware README's examples write. */
export const DEFAULT_FORWARD_RETRIES = 2;

const TimeoutSecondsSchema = z
  .number()
  .int()
  .min(1)
  .max(7 * 24 * 3600, "timeout_seconds is at most 7 days")
  .describe(`Seconds until each packet times out (default ${DEFAULT_TIMEOUT_SECONDS}): the first transfer's timeout_timestamp is now + this; each forward's PFM timeout is this, relative`);

/**
 * The user's address by chain id, read into a Map from the object's own keys: a chain id such as
 * `__proto__` is data here (zod's record would drop it, and a plain object would read the prototype).
 */
const AddressesSchema = z
  .custom<Record<string, string>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), "addresses must be an object {chain_id: address}")
  .transform((value, ctx) => {
    const addresses = new Map<string, string>();
    for (const [chainId, address] of Object.entries(value)) {
      if (typeof address !== "string" || address.length > 128) ctx.addIssue({ code: "custom", path: [chainId], message: "an address is a string of at most 128 characters" });
      else addresses.set(chainId, address);
    }
    return addresses;
  })
  .describe("The user's bech32 address on each chain that needs one (the source, each chain a transaction starts on, the destination), by chain id");

const TransferOptionFields = {
  amount: AmountSchema,
  addresses: AddressesSchema,
  timeout_seconds: TimeoutSecondsSchema.default(DEFAULT_TIMEOUT_SECONDS),
  forward_retries: z.number().int().min(0).max(255).default(DEFAULT_FORWARD_RETRIES).describe("PFM retries on each forward (uint8)"),
  // Bounded so that the timeout in nanoseconds stays a uint64 (year 2286 at most).
  now_ms: z.number().int().min(0).max(1e13).optional().describe("The clock, milliseconds since the Unix epoch (default Date.now())"),
};

/** `transferMessages(router, request)`: a route, or the two assets the router finds one between. */
export const TransferMessagesRequestSchema = z.union([
  z.object({ route: RouteSchema, ...TransferOptionFields }).strict(),
  z
    .object({
      from: z.object({ chain_id: z.string(), denom: z.string() }),
      to: z.object({ chain_id: z.string(), denom: z.string() }),
      ...TransferOptionFields,
    })
    .strict(),
]);
export type TransferMessagesRequest = z.input<typeof TransferMessagesRequestSchema>;
export type TransferMessagesOptions = z.output<typeof TransferMessagesRequestSchema>;

// ---- Skip Go: POST /v2/fungible/route ----

const text = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) }).min(1, `${field} must not be empty`);

const RouteAssetsFields = {
  source_asset_denom: text("source_asset_denom"),
  source_asset_chain_id: text("source_asset_chain_id"),
  dest_asset_denom: text("dest_asset_denom"),
  dest_asset_chain_id: text("dest_asset_chain_id"),
};

const AmountInField = {
  amount_in: AmountSchema.optional(),
  amount_out: AmountSchema.optional().describe("For a transfer without swaps amount_out equals amount_in: give either"),
};

const RouteOptionFields = {
  allow_multi_tx: z.boolean().nullish().describe("Allow routes of several transactions (default false, as the hosted API)"),
  allow_swaps: z.boolean().nullish().describe("Swaps are not offered: a route that needs one is refused either way"),
  bridges: z.array(z.string()).nullish().describe("Bridges the route may use; IBC must be among them when given"),
};

export const SkipRouteRequestSchema = z.looseObject({ ...RouteAssetsFields, ...AmountInField, ...RouteOptionFields });
export type SkipRouteRequest = z.input<typeof SkipRouteRequestSchema>;

export const SkipTransferSchema = z
  .object({
    port: z.string(),
    channel: z.string(),
    from_chain_id: z.string(),
    to_chain_id: z.string(),
    pfm_enabled: z.boolean().describe("The sending chain runs the packet-forward middleware"),
    supports_memo: z.boolean(),
    denom_in: z.string(),
    denom_out: z.string(),
    bridge_id: z.literal("IBC"),
    smart_relay: z.literal(false),
    chain_id: z.string().describe("The sending chain (as from_chain_id)"),
    dest_denom: z.string().describe("As denom_out"),
  })
  .readonly();

export const SkipOperationSchema = z
  .object({
    transfer: SkipTransferSchema,
    tx_index: z.number().int().min(0),
    amount_in: z.string(),
    amount_out: z.string(),
  })
  .readonly();
export type SkipOperation = z.infer<typeof SkipOperationSchema>;

export const SkipRouteResponseSchema = z
  .object({
    source_asset_denom: z.string(),
    source_asset_chain_id: z.string(),
    dest_asset_denom: z.string(),
    dest_asset_chain_id: z.string(),
    amount_in: z.string(),
    amount_out: z.string(),
    operations: z.array(SkipOperationSchema).readonly(),
    chain_ids: z.array(z.string()).readonly(),
    required_chain_addresses: z.array(z.string()).readonly().describe("The chains whose address msgs needs, in order: the source, each chain a later transaction starts on, the destination"),
    does_swap: z.literal(false),
    estimated_amount_out: z.string(),
    swap_venues: z.array(z.never()).readonly(),
    txs_required: z.number().int().min(1),
  })
  .readonly();
export type SkipRouteResponse = z.infer<typeof SkipRouteResponseSchema>;

// ---- Skip Go: POST /v2/fungible/msgs and /v2/fungible/msgs_direct ----

const TimeoutSecondsTextSchema = z
  .union([z.string().regex(/^[1-9][0-9]{0,6}$/, "timeout_seconds must be whole seconds"), z.number().int()])
  .nullish()
  .describe(`Seconds until each packet times out (default ${DEFAULT_TIMEOUT_SECONDS})`);

export const SkipMsgsRequestSchema = z.looseObject({
  ...RouteAssetsFields,
  ...AmountInField,
  address_list: z.array(z.string()).describe("An address for each chain of required_chain_addresses, in the same order"),
  operations: z.array(z.unknown()).describe("The operations of the route answer; they must be the route this service finds"),
  timeout_seconds: TimeoutSecondsTextSchema,
});
export type SkipMsgsRequest = z.input<typeof SkipMsgsRequestSchema>;

export const SkipMsgsDirectRequestSchema = z.looseObject({
  ...RouteAssetsFields,
  ...AmountInField,
  ...RouteOptionFields,
  chain_ids_to_addresses: z.record(z.string(), z.string()).describe("The user's address by chain id: at least every chain the route needs one on"),
  timeout_seconds: TimeoutSecondsTextSchema,
});
export type SkipMsgsDirectRequest = z.input<typeof SkipMsgsDirectRequestSchema>;

export const MSG_TRANSFER_TYPE_URL = "/ibc.applications.transfer.v1.MsgTransfer";

const MultiChainMsgSchema = z
  .object({
    chain_id: z.string().describe("The chain the transaction is signed and broadcast on"),
    path: z.array(z.string()).readonly().describe("The chains the tokens cross in this transaction, the signing chain first"),
    msg: z.string().describe("The MsgTransfer as JSON text with proto field names; timeout_timestamp is a bare number above 2^53, as the hosted API writes it: read its digits from the text"),
    msg_type_url: z.literal(MSG_TRANSFER_TYPE_URL),
  })
  .readonly();

const CosmosTxSchema = z
  .object({
    cosmos_tx: z
      .object({
        chain_id: z.string(),
        path: z.array(z.string()).readonly(),
        msgs: z.array(z.object({ msg: z.string(), msg_type_url: z.literal(MSG_TRANSFER_TYPE_URL) }).readonly()).readonly(),
        signer_address: z.string(),
      })
      .readonly(),
    operations_indices: z.array(z.number().int()).readonly(),
  })
  .readonly();

const MsgsFields = {
  msgs: z.array(z.object({ multi_chain_msg: MultiChainMsgSchema }).readonly()).readonly().describe("One message per transaction, in signing order"),
  txs: z.array(CosmosTxSchema).readonly().describe("The same messages as transactions: one MsgTransfer each, with its signer"),
};

export const SkipMsgsResponseSchema = z.object(MsgsFields).readonly();
export type SkipMsgsResponse = z.infer<typeof SkipMsgsResponseSchema>;

export const SkipMsgsDirectResponseSchema = z
  .object({
    ...MsgsFields,
    route: SkipRouteResponseSchema,
  })
  .readonly();
export type SkipMsgsDirectResponse = z.infer<typeof SkipMsgsDirectResponseSchema>;
