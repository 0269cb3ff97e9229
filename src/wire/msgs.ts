/**
 * Transfer messages: the library's request (`transferMessages`), and the Skip Go API's
 * `/v2/fungible/route`, `/v2/fungible/msgs` and `/v2/fungible/msgs_direct` for IBC transfers and
 * bridge legs from Cosmos chains, in the hosted API's wire format (skip-mev/skip-go
 * docs/swagger.yml: RouteRequest, Route, Operation, Transfer, MsgsRequest, MsgsDirectRequest,
 * MultiChainMsg, CosmosTx; and `@skip-go/client`'s types: CCTPTransfer, EurekaTransfer, AxelarTransfer). Only what a transfer without swaps needs is modelled; fields a request may carry that
 * change nothing here (affiliates, slippage, smart relay...) are accepted and ignored, as
 * docs/http.md lists.
 */
import * as z from "zod/mini";
import { RouteSchema, routeSchemaOver, type Route } from "./route.js";
import type { WireAsset } from "./schema.js";

/** The largest amount an ICS-20 packet carries: a Cosmos SDK `Int` is at most 256 bits. */
export const MAX_AMOUNT = (1n << 256n) - 1n;

export const AmountSchema = z.string({ error: "amount must be a string of decimal digits" }).check(
  z.regex(/^[1-9][0-9]{0,77}$/, "amount must be a positive whole number of base units, decimal digits without a leading zero"),
  z.refine((text) => BigInt(text) <= MAX_AMOUNT, "amount must be below 2^256 (the Cosmos SDK Int bound)"),
  z.describe("Amount in the asset's base units (e.g. uatom), decimal digits"),
);

/** Seconds until the first packet times out, and each forward's relative timeout (PFM `timeout`). */
export const DEFAULT_TIMEOUT_SECONDS = 300;
/** PFM `retries` on each forward, as the packet-forward middleware README's examples write. */
export const DEFAULT_FORWARD_RETRIES = 2;

const TimeoutSecondsSchema = z
  .number()
  .check(
    z.int(),
    z.gte(1),
    z.lte(7 * 24 * 3600, "timeout_seconds is at most 7 days"),
    z.describe(
      `Seconds until each packet times out (default ${DEFAULT_TIMEOUT_SECONDS}): the first transfer's timeout_timestamp is now + this; each forward's PFM timeout is this, relative`,
    ),
  );

/**
 * The user's address by chain id, read into a Map from the object's own keys: a chain id such as
 * `__proto__` is data here (zod's record would drop it, and a plain object would read the prototype).
 */
const AddressesSchema = z
  .pipe(
    z.custom<Record<string, string>>(
      (value) => typeof value === "object" && value !== null && !Array.isArray(value),
      "addresses must be an object {chain_id: address}",
    ),
    z.transform((value, ctx) => {
      const addresses = new Map<string, string>();
      for (const [chainId, address] of Object.entries(value)) {
        if (typeof address !== "string" || address.length > 128)
          ctx.issues.push({ code: "custom", input: value, path: [chainId], message: "an address is a string of at most 128 characters" });
        else addresses.set(chainId, address);
      }
      return addresses;
    }),
  )
  .check(z.describe("The user's bech32 address on each chain that needs one (the source, each chain a transaction starts on, the destination), by chain id"));

const TransferOptionFields = {
  amount: AmountSchema,
  addresses: AddressesSchema,
  timeout_seconds: z._default(TimeoutSecondsSchema, DEFAULT_TIMEOUT_SECONDS),
  forward_retries: z
    ._default(z.number().check(z.int(), z.gte(0), z.lte(255)), DEFAULT_FORWARD_RETRIES)
    .check(z.describe("PFM retries on each forward (uint8)")),
  // Bounded so that the timeout in nanoseconds stays a uint64 (year 2286 at most).
  now_ms: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1e13))).check(z.describe("The clock, milliseconds since the Unix epoch (default Date.now())")),
};

/** The msgs request over `route`, the schema of its route (see transferMessagesRequestOver). */
function requestOver<R extends z.core.$ZodType<Route>>(route: R) {
  return z.union([
    z.strictObject({ route, ...TransferOptionFields }),
    z.strictObject({
      from: z.object({ chain_id: z.string(), denom: z.string() }),
      to: z.object({ chain_id: z.string(), denom: z.string() }),
      ...TransferOptionFields,
    }),
  ]);
}

/** `transferMessages(router, request)`: a route, or the two assets the router finds one between. */
export const TransferMessagesRequestSchema = requestOver(RouteSchema);

/**
 * The same request with its route's assets read by `asset`: src/msgs passes one that takes the
 * router's own frozen asset objects as they are. It must accept what `WireAssetSchema` accepts
 * and give the same value, so the two requests agree (test/msgs/shared-assets-parse.test.ts).
 */
export function transferMessagesRequestOver(asset: z.core.$ZodType<WireAsset>) {
  return requestOver(routeSchemaOver(asset));
}
export type TransferMessagesRequest = z.input<typeof TransferMessagesRequestSchema>;
export type TransferMessagesOptions = z.output<typeof TransferMessagesRequestSchema>;

// ---- Skip Go: POST /v2/fungible/route ----

const text = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .check(z.minLength(1, `${field} must not be empty`));

const RouteAssetsFields = {
  source_asset_denom: text("source_asset_denom"),
  source_asset_chain_id: text("source_asset_chain_id"),
  dest_asset_denom: text("dest_asset_denom"),
  dest_asset_chain_id: text("dest_asset_chain_id"),
};

const AmountInField = {
  amount_in: z.optional(AmountSchema),
  amount_out: z.optional(AmountSchema).check(z.describe("For a transfer without swaps amount_out equals amount_in: give either")),
};

const RouteOptionFields = {
  allow_multi_tx: z.nullish(z.boolean()).check(z.describe("Allow routes of several transactions (default false, as the hosted API)")),
  allow_swaps: z.nullish(z.boolean()).check(z.describe("Swaps are not offered: a route that needs one is refused either way")),
  bridges: z.nullish(z.array(z.string())).check(z.describe("Bridges the route may use; IBC must be among them when given")),
};

export const SkipRouteRequestSchema = z.looseObject({ ...RouteAssetsFields, ...AmountInField, ...RouteOptionFields });
export type SkipRouteRequest = z.input<typeof SkipRouteRequestSchema>;

export const SkipTransferSchema = z.readonly(
  z.object({
    port: z.string(),
    channel: z.string(),
    from_chain_id: z.string(),
    to_chain_id: z.string(),
    pfm_enabled: z.boolean().check(z.describe("The sending chain runs the packet-forward middleware")),
    supports_memo: z.boolean(),
    denom_in: z.string(),
    denom_out: z.string(),
    bridge_id: z.literal("IBC"),
    smart_relay: z.literal(false),
    chain_id: z.string().check(z.describe("The sending chain (as from_chain_id)")),
    dest_denom: z.string().check(z.describe("As denom_out")),
  }),
);

const CctpTransferSchema = z.readonly(
  z.object({
    from_chain_id: z.string(),
    to_chain_id: z.string(),
    burn_token: z.string().check(z.describe("Noble's burn token (uusdc)")),
    denom_in: z.string(),
    denom_out: z.string(),
    bridge_id: z.literal("CCTP"),
    smart_relay: z.literal(false),
  }),
);

const EurekaTransferSchema = z.readonly(
  z.object({
    destination_port: z.string(),
    source_client: z.string().check(z.describe("The source chain's IBC v2 client: the MsgTransfer's source_channel")),
    from_chain_id: z.string(),
    to_chain_id: z.string(),
    pfm_enabled: z.boolean(),
    supports_memo: z.boolean(),
    denom_in: z.string(),
    denom_out: z.string(),
    bridge_id: z.literal("EUREKA"),
    smart_relay: z.literal(false),
  }),
);

const AxelarTransferSchema = z.readonly(
  z.object({
    from_chain_id: z.string(),
    to_chain: z.string().check(z.describe("Axelar's name of the destination chain")),
    to_chain_id: z.string(),
    asset: z.string().check(z.describe("The token's denom on Axelar")),
    should_unwrap: z.literal(false),
    denom_in: z.string().check(z.describe("The token's denom on Axelar")),
    denom_out: z.string(),
    is_testnet: z.boolean(),
    ibc_transfer_to_axelar: SkipTransferSchema,
    bridge_id: z.literal("AXELAR"),
    smart_relay: z.literal(false),
  }),
);

const operationFields = {
  tx_index: z.number().check(z.int(), z.gte(0)),
  amount_in: z.string(),
  amount_out: z.string(),
};

export const SkipOperationSchema = z.union([
  z.readonly(z.object({ transfer: SkipTransferSchema, ...operationFields })),
  z.readonly(z.object({ cctp_transfer: CctpTransferSchema, ...operationFields })),
  z.readonly(z.object({ eureka_transfer: EurekaTransferSchema, ...operationFields })),
  z.readonly(z.object({ axelar_transfer: AxelarTransferSchema, ...operationFields }).check(z.describe("One operation for the IBC hop into Axelar and the Axelar transfer, as the hosted API writes it"))),
]);
export type SkipOperation = z.infer<typeof SkipOperationSchema>;

export const SkipRouteResponseSchema = z.readonly(
  z.object({
    source_asset_denom: z.string(),
    source_asset_chain_id: z.string(),
    dest_asset_denom: z.string(),
    dest_asset_chain_id: z.string(),
    amount_in: z.string(),
    amount_out: z.string(),
    operations: z.readonly(z.array(SkipOperationSchema)),
    chain_ids: z.readonly(z.array(z.string())),
    required_chain_addresses: z
      .readonly(z.array(z.string()))
      .check(z.describe("The chains whose address msgs needs, in order: the source, each chain a later transaction starts on, the destination")),
    does_swap: z.literal(false),
    estimated_amount_out: z.string(),
    swap_venues: z.readonly(z.array(z.never())),
    txs_required: z.number().check(z.int(), z.gte(1)),
    estimated_route_duration_seconds: z
      .number()
      .check(
        z.int(),
        z.gte(0),
        z.describe(
          "An estimate, in seconds, once signed: a block of each transaction's signing chain plus each hop's relaying delay by bridge, from cited figures (docs/msgs.md); a later transaction's signing time is not counted",
        ),
      ),
  }),
);
export type SkipRouteResponse = z.infer<typeof SkipRouteResponseSchema>;

// ---- Skip Go: POST /v2/fungible/msgs and /v2/fungible/msgs_direct ----

const TimeoutSecondsTextSchema = z
  .nullish(z.union([z.string().check(z.regex(/^[1-9][0-9]{0,6}$/, "timeout_seconds must be whole seconds")), z.number().check(z.int())]))
  .check(z.describe(`Seconds until each packet times out (default ${DEFAULT_TIMEOUT_SECONDS})`));

export const SkipMsgsRequestSchema = z.looseObject({
  ...RouteAssetsFields,
  ...AmountInField,
  address_list: z.array(z.string()).check(z.describe("An address for each chain of required_chain_addresses, in the same order")),
  operations: z.array(z.unknown()).check(z.describe("The operations of the route answer; they must be the route this service finds")),
  timeout_seconds: TimeoutSecondsTextSchema,
});
export type SkipMsgsRequest = z.input<typeof SkipMsgsRequestSchema>;

export const SkipMsgsDirectRequestSchema = z.looseObject({
  ...RouteAssetsFields,
  ...AmountInField,
  ...RouteOptionFields,
  chain_ids_to_addresses: z.record(z.string(), z.string()).check(z.describe("The user's address by chain id: at least every chain the route needs one on")),
  timeout_seconds: TimeoutSecondsTextSchema,
});
export type SkipMsgsDirectRequest = z.input<typeof SkipMsgsDirectRequestSchema>;

export const MSG_TRANSFER_TYPE_URL = "/ibc.applications.transfer.v1.MsgTransfer";
export const MSG_DEPOSIT_FOR_BURN_TYPE_URL = "/circle.cctp.v1.MsgDepositForBurn";
const MsgTypeUrlSchema = z.enum([MSG_TRANSFER_TYPE_URL, MSG_DEPOSIT_FOR_BURN_TYPE_URL]);

export const UnquotedFeeSchema = z.readonly(
  z.object({
    bridge: z.enum(["CCTP", "EUREKA", "AXELAR"]),
    what: z.string().check(z.describe("What the fee pays for, where the hosted API puts it, and what happens without it")),
    source: z.string().check(z.describe("Where that is read")),
  }),
);

const MultiChainMsgSchema = z.readonly(
  z.object({
    chain_id: z.string().check(z.describe("The chain the transaction is signed and broadcast on")),
    path: z.readonly(z.array(z.string())).check(z.describe("The chains the tokens cross in this transaction, the signing chain first")),
    msg: z
      .string()
      .check(
        z.describe(
          "The message as JSON text with proto field names. A MsgTransfer's timeout_timestamp is a bare number above 2^53, as the hosted API writes it: read its digits from the text (an Eureka transfer's is in seconds); a MsgDepositForBurn's mint_recipient is base64",
        ),
      ),
    msg_type_url: MsgTypeUrlSchema,
  }),
);

const CosmosTxSchema = z.readonly(
  z.object({
    cosmos_tx: z.readonly(
      z.object({
        chain_id: z.string(),
        path: z.readonly(z.array(z.string())),
        msgs: z.readonly(z.array(z.readonly(z.object({ msg: z.string(), msg_type_url: MsgTypeUrlSchema })))),
        signer_address: z.string(),
      }),
    ),
    operations_indices: z.readonly(z.array(z.number().check(z.int()))),
  }),
);

const MsgsFields = {
  msgs: z.readonly(z.array(z.readonly(z.object({ multi_chain_msg: MultiChainMsgSchema })))).check(z.describe("One message per transaction, in signing order")),
  txs: z.readonly(z.array(CosmosTxSchema)).check(z.describe("The same messages as transactions: one message each, with its signer")),
  unquoted_fees: z
    .readonly(z.array(z.readonly(z.object({ tx_index: z.number().check(z.int(), z.gte(0)), ...UnquotedFeeSchema.def.innerType.shape }))))
    .check(z.describe("This service's own field: the fees the hosted API adds to a bridge leg from a quote of its own, left out of these messages (none is invented); empty for IBC")),
};

export const SkipMsgsResponseSchema = z.readonly(z.object(MsgsFields));
export type SkipMsgsResponse = z.infer<typeof SkipMsgsResponseSchema>;

export const SkipMsgsDirectResponseSchema = z.readonly(
  z.object({
    ...MsgsFields,
    route: SkipRouteResponseSchema,
  }),
);
export type SkipMsgsDirectResponse = z.infer<typeof SkipMsgsDirectResponseSchema>;

// ---- fungible-graph: resume a route from where the funds are ----

const AssetRefSchema = z.object({ chain_id: text("chain_id"), denom: text("denom") });

/** `resumeTransfer(router, request)` and POST /fungible-graph/v1/resume. */
const ResumeFields = {
  at: z
    .object({ chain_id: text("at.chain_id"), denom: text("at.denom"), amount: AmountSchema })
    .check(z.describe("Where the funds are now: the chain, the denom as that chain holds it (an ibc/ voucher on an intermediate chain), and the amount")),
  to: AssetRefSchema.check(z.describe("The asset the transfer was to end as")),
  route: z
    .optional(RouteSchema)
    .check(z.describe("The interrupted route, as route answers give it: when the funds sit at one of its hops, the rest of it is resumed; otherwise a route is searched from where they are")),
  timeout_seconds: z._default(TimeoutSecondsSchema, DEFAULT_TIMEOUT_SECONDS),
  forward_retries: TransferOptionFields.forward_retries,
  now_ms: TransferOptionFields.now_ms,
};
export const ResumeRequestSchema = z.strictObject({ ...ResumeFields, addresses: AddressesSchema });
/** The same request as the OpenAPI document shows it: `addresses` an object (read into a Map, own keys only). */
export const ResumeRequestDocSchema = z.strictObject({
  ...ResumeFields,
  addresses: z.record(z.string(), z.string().check(z.maxLength(128))).check(z.describe("The user's bech32 address on each chain that needs one, by chain id")),
});
export type ResumeRequest = z.input<typeof ResumeRequestSchema>;

const MsgTransferValueSchema = z.readonly(
  z.object({
    sourcePort: z.string(),
    sourceChannel: z.string(),
    token: z.readonly(z.object({ denom: z.string(), amount: z.string() })),
    sender: z.string(),
    receiver: z.string(),
    timeoutHeight: z.readonly(z.object({ revisionNumber: z.string(), revisionHeight: z.string() })),
    timeoutTimestamp: z.string().check(z.describe("Nanoseconds since the Unix epoch, decimal digits")),
    memo: z.string(),
    encoding: z.optional(z.string()).check(z.describe("Set on an Eureka transfer only: the IBC v2 packet encoding")),
  }),
);

const MsgDepositForBurnValueSchema = z.readonly(
  z.object({
    from: z.string(),
    amount: z.string(),
    destinationDomain: z.number().check(z.int(), z.describe("Circle's CCTP domain of the destination chain")),
    mintRecipient: z.string().check(z.describe("The 32-byte mint recipient, base64")),
    burnToken: z.string(),
  }),
);

export const LegEncodeObjectSchema = z.union([
  z.readonly(z.object({ typeUrl: z.literal(MSG_TRANSFER_TYPE_URL), value: MsgTransferValueSchema })),
  z.readonly(z.object({ typeUrl: z.literal(MSG_DEPOSIT_FOR_BURN_TYPE_URL), value: MsgDepositForBurnValueSchema })),
]);

export const ResumeResponseSchema = z.readonly(
  z.object({
    resumed_from: z.enum(["rest_of_route", "searched"]).check(z.describe("rest_of_route: the given route from the hop the funds sit at; searched: a route found from where they are")),
    hops_done: z.nullable(z.number().check(z.int(), z.gte(0))).check(z.describe("Hops of the given route already done; null when searched")),
    route: RouteSchema,
    required_chain_addresses: z.readonly(z.array(z.string())),
    txs: z.readonly(
      z.array(
        z.readonly(
          z.object({
            tx_index: z.number().check(z.int(), z.gte(0)),
            chain_id: z.string(),
            path: z.readonly(z.array(z.string())),
            hops: z.readonly(z.array(z.number().check(z.int()))),
            signer: z.string(),
            encode_object: LegEncodeObjectSchema,
            bytes_base64: z.string().check(z.describe("The protobuf bytes of the message, base64")),
            unquoted_fees: z.readonly(z.array(UnquotedFeeSchema)).check(z.describe("Fees the hosted API adds to a bridge leg from its own quote, left out here; empty for IBC")),
          }),
        ),
      ),
    ),
  }),
);
export type ResumeResponse = z.infer<typeof ResumeResponseSchema>;
