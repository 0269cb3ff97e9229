/**
 * The Skip Go API's execution calls in its wire format (skip-mev/skip-go docs/swagger.yml:
 * /v2/info/balances BalanceRequestChainEntry and BalanceResponseChainEntry, /v2/tx/submit
 * SubmitTxRequest, /v2/tx/track TrackTxRequest and TrackTxResponse, /v2/tx/status StatusTxResponse,
 * TransferStatus, TransferEvent, IBCTransferInfo, Packet, ChainTransaction, PacketError,
 * TransactionState, TransferState, TransferAssetRelease, StatusError). Only the IBC transfer
 * events are written: this service follows ICS-20 packets, not other bridges.
 */
import * as z from "zod/mini";

const text = (field: string, max = 256) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .check(z.minLength(1, `${field} must not be empty`), z.maxLength(max, `${field} is at most ${max} characters`));

// ---- POST /v2/info/balances ----

export const BalancesRequestSchema = z.object({
  chains: z
    .record(
      z.string().check(z.maxLength(128)),
      z.object({
        address: text("address", 128),
        denoms: z.optional(z.array(text("denom")).check(z.maxLength(100, "at most 100 denoms per chain"))).check(z.describe("The denoms to answer; every denom the address holds when absent")),
      }),
    )
    .check(
      z.refine((chains) => Object.keys(chains).length <= 20, "at most 20 chains per request"),
      z.describe("By chain id: the address, and the denoms to read"),
    ),
});
export type BalancesRequest = z.input<typeof BalancesRequestSchema>;

const BalanceEntrySchema = z.readonly(z.object({ amount: z.string().check(z.describe("Base units, as the chain's bank module answers")) }));
export const BalancesResponseSchema = z.readonly(
  z.object({
    chains: z.readonly(
      z.record(z.string(), z.readonly(z.object({ address: z.string(), denoms: z.readonly(z.record(z.string(), BalanceEntrySchema)) }))),
    ),
  }),
);
export type BalancesResponse = z.infer<typeof BalancesResponseSchema>;

// ---- POST /v2/tx/submit, POST /v2/tx/track, GET /v2/tx/status ----

/** A signed transaction in base64 (cosmos TxRaw bytes); 1 MiB of bytes at most, the default max_tx_bytes of CometBFT's mempool. */
export const SubmitTxRequestSchema = z.object({
  tx: z
    .string({ error: "tx is required: the signed transaction, base64" })
    .check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/, "tx must be base64 encoded"), z.maxLength(1_400_000, "tx is larger than a chain accepts"), z.describe("Signed transaction, base64 (TxRaw bytes)")),
  chain_id: text("chain_id"),
});
export type SubmitTxRequest = z.input<typeof SubmitTxRequestSchema>;

const TxHashSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "tx_hash is required" : "tx_hash must be a string") })
  .check(z.regex(/^[0-9A-Fa-f]{64}$/, "tx_hash must be 64 hexadecimal digits"), z.describe("Hex encoded hash of the transaction"));

export const TrackTxRequestSchema = z.object({ tx_hash: TxHashSchema, chain_id: text("chain_id") });
export type TrackTxRequest = z.input<typeof TrackTxRequestSchema>;
export const StatusTxRequestSchema = TrackTxRequestSchema;

export const TxHashResponseSchema = z.readonly(
  z.object({
    tx_hash: z.string(),
    explorer_link: z.string().check(z.describe("The transaction's page on its chain's block explorer (the chain registry's explorers[].tx_page, Mintscan's where listed); \"\" for a chain without one")),
  }),
);
export type TxHashResponse = z.infer<typeof TxHashResponseSchema>;

export const TRANSACTION_STATES = ["STATE_SUBMITTED", "STATE_PENDING", "STATE_ABANDONED", "STATE_COMPLETED_SUCCESS", "STATE_COMPLETED_ERROR", "STATE_PENDING_ERROR"] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];
export const TRANSFER_STATES = ["TRANSFER_UNKNOWN", "TRANSFER_PENDING", "TRANSFER_RECEIVED", "TRANSFER_SUCCESS", "TRANSFER_FAILURE"] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

const ChainTransactionSchema = z.readonly(
  z.object({
    chain_id: z.string(),
    tx_hash: z.string(),
    explorer_link: z.string().check(z.describe("The transaction's page on the block explorer of chain_id; \"\" for a chain without one")),
    on_chain_at: z.optional(z.string()),
  }),
);
export type ChainTransaction = z.infer<typeof ChainTransactionSchema>;

const PacketErrorSchema = z.readonly(z.object({ type: z.enum(["PACKET_ERROR_UNKNOWN", "PACKET_ERROR_ACKNOWLEDGEMENT", "PACKET_ERROR_TIMEOUT"]), message: z.string() }));

export const IbcTransferInfoSchema = z.readonly(
  z.object({
    from_chain_id: z.string(),
    to_chain_id: z.string(),
    state: z.enum(TRANSFER_STATES),
    packet_txs: z.readonly(
      z.object({
        send_tx: z.nullable(ChainTransactionSchema),
        receive_tx: z.nullable(ChainTransactionSchema),
        acknowledge_tx: z.nullable(ChainTransactionSchema),
        timeout_tx: z.nullable(ChainTransactionSchema),
        error: z.nullable(PacketErrorSchema),
      }),
    ),
  }),
);
export type IbcTransferInfo = z.infer<typeof IbcTransferInfoSchema>;

const TransferAssetReleaseSchema = z
  .readonly(z.object({ chain_id: z.string(), denom: z.string(), amount: z.nullable(z.string()), released: z.boolean() }))
  .check(z.describe("Where the funds are: released true once they are spendable there; the `at` of a resume"));

const StatusErrorSchema = z.readonly(
  z.object({ type: z.enum(["STATUS_ERROR_UNKNOWN", "STATUS_ERROR_TRANSACTION_EXECUTION", "STATUS_ERROR_INDEXING", "STATUS_ERROR_TRANSFER"]), message: z.string() }),
);

const StatusFields = {
  state: z.enum(TRANSACTION_STATES),
  transfer_sequence: z.readonly(z.array(z.readonly(z.object({ ibc_transfer: IbcTransferInfoSchema })))),
  next_blocking_transfer: z.nullable(z.readonly(z.object({ transfer_sequence_index: z.number().check(z.int()) }))),
  transfer_asset_release: z.nullable(TransferAssetReleaseSchema),
  error: z.nullable(StatusErrorSchema),
};
const TransferStatusSchema = z.readonly(z.object(StatusFields));
export type TransferStatus = z.infer<typeof TransferStatusSchema>;

export const StatusTxResponseSchema = z.readonly(
  z.object({
    ...StatusFields,
    transfers: z.readonly(z.array(TransferStatusSchema)).check(z.describe("One entry per ICS-20 transfer the transaction sent, in order")),
  }),
);
export type StatusTxResponse = z.infer<typeof StatusTxResponseSchema>;
