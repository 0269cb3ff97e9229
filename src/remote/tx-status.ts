/**
 * GET /v2/tx/status from the chains' own REST: the transaction, then each ICS-20 packet it sent
 * followed across every hop by the chains' IBC events (ibc-go modules/core/04-channel/types/events.go
 * and keeper/events.go: `send_packet`, `recv_packet`, `write_acknowledgement`, `acknowledge_packet`,
 * `timeout_packet`, attributes `packet_sequence`, `packet_src_port`, `packet_src_channel`,
 * `packet_dst_port`, `packet_dst_channel`, `packet_data`, `packet_ack`, `packet_timeout_timestamp`).
 * A packet the receiving chain forwards (packet-forward middleware) sends a new packet in the same
 * transaction that received it: that one is followed next. Stateless: every call reads the chains.
 * States as the hosted API names them (skip-mev/skip-go docs/swagger.yml TransactionState,
 * TransferState); `transfer_asset_release` says where the funds are now: the `at` of a resume.
 */
import { sha256Hex } from "../sha256.js";
import type { ChainTransaction, IbcTransferInfo, StatusTxResponse, TransferStatus } from "../wire/skip-tx.js";
import { getTx, searchTxs, type ChainEvent, type ChainRest, type ChainTx } from "./chain-rest.js";

/** Forwards followed at most: a packet-forward chain longer than this is not a route this service builds. */
const MAX_HOPS = 8;
/** A packet still unsettled this long after its timeout is abandoned (the hosted API: stalled for more than 10 minutes). */
export const ABANDON_AFTER_MS = 10 * 60 * 1000;

/** Where a channel end leads: the counterparty chain of (chain, port, channel), or undefined. */
export type ChannelLookup = (chainId: string, port: string, channel: string) => string | undefined;
/** A transaction's page on its chain's block explorer, "" for a chain without one (registry/explorer-links.ts). */
export type ExplorerLinkOf = (chainId: string, txHash: string) => string;

/** What the registry tells the follower: where each channel end leads, and each chain's explorer. */
export interface KnownChains {
  counterparty: ChannelLookup;
  explorerLink: ExplorerLinkOf;
}

interface PacketRef {
  chainId: string;
  port: string;
  channel: string;
  dstPort: string;
  dstChannel: string;
  sequence: string;
  data: { denom: string; amount: string } | null;
  timeoutNs: bigint;
}

interface Hop {
  info: IbcTransferInfo;
  packet: PacketRef;
  /** Received and acknowledged with a result: the denom the receiver holds. */
  arrived: { chainId: string; denom: string; amount: string } | null;
  settledOnSource: boolean;
  timeoutNs: bigint;
}

/** A transaction as the hosted API names one (ChainTransaction), linked on its own chain's explorer. */
const linkOf = (known: KnownChains) => (chainId: string, tx: ChainTx): ChainTransaction => ({
  chain_id: chainId,
  tx_hash: tx.hash,
  explorer_link: known.explorerLink(chainId, tx.hash),
  ...(tx.timestamp === undefined ? {} : { on_chain_at: tx.timestamp }),
});

function packetOf(chainId: string, event: ChainEvent): PacketRef | null {
  const a = event.attributes;
  const [port, channel, dstPort, dstChannel, sequence] = ["packet_src_port", "packet_src_channel", "packet_dst_port", "packet_dst_channel", "packet_sequence"].map((key) => a.get(key));
  if (port !== "transfer" || channel === undefined || dstPort === undefined || dstChannel === undefined || sequence === undefined || !/^[0-9]{1,20}$/.test(sequence)) return null;
  let data: PacketRef["data"] = null;
  try {
    const parsed = JSON.parse(a.get("packet_data") ?? "null") as { denom?: unknown; amount?: unknown } | null;
    if (typeof parsed?.denom === "string" && typeof parsed.amount === "string") data = { denom: parsed.denom, amount: parsed.amount };
  } catch {
    data = null;
  }
  const timeout = a.get("packet_timeout_timestamp") ?? "0";
  return { chainId, port, channel, dstPort, dstChannel, sequence, data, timeoutNs: /^[0-9]{1,20}$/.test(timeout) ? BigInt(timeout) : 0n };
}

const sendsOf = (chainId: string, tx: ChainTx) => tx.events.filter((event) => event.type === "send_packet").map((event) => packetOf(chainId, event)).filter((p): p is PacketRef => p !== null);

/** ICS-20: the denom the receiving chain holds (unwound when it returns over its own trace, else prefixed with the receiving end). */
export function receivedDenom(packet: PacketRef, denom: string): string {
  const prefix = `${packet.port}/${packet.channel}/`;
  const path = denom.startsWith(prefix) ? denom.slice(prefix.length) : `${packet.dstPort}/${packet.dstChannel}/${denom}`;
  return path.includes("/") ? `ibc/${sha256Hex(path).toUpperCase()}` : path;
}

const matches = (packet: PacketRef) => (event: ChainEvent) =>
  event.attributes.get("packet_src_channel") === packet.channel && event.attributes.get("packet_src_port") === packet.port && event.attributes.get("packet_sequence") === packet.sequence;

const conditions = (type: string, packet: PacketRef) => [`${type}.packet_src_channel='${packet.channel}'`, `${type}.packet_sequence='${packet.sequence}'`];

/** The first transaction among `txs` with an event of `type` for the packet, and that event. */
function find(txs: readonly ChainTx[], type: string, packet: PacketRef): { tx: ChainTx; event: ChainEvent } | null {
  for (const tx of txs) {
    const event = tx.events.find((e) => e.type === type && matches(packet)(e));
    if (event !== undefined) return { tx, event };
  }
  return null;
}

async function followHop(rest: ChainRest, packet: PacketRef, sendTx: ChainTx, known: KnownChains): Promise<{ hop: Hop; next: { packet: PacketRef; tx: ChainTx } | null }> {
  const to = known.counterparty(packet.chainId, packet.port, packet.channel);
  const link = linkOf(known);
  const base = { from_chain_id: packet.chainId, to_chain_id: to ?? "", send_tx: link(packet.chainId, sendTx) };
  const settled = (state: IbcTransferInfo["state"], txs: Partial<Record<"receive_tx" | "acknowledge_tx" | "timeout_tx", ChainTransaction>>, error: IbcTransferInfo["packet_txs"]["error"]) => ({
    from_chain_id: base.from_chain_id,
    to_chain_id: base.to_chain_id,
    state,
    packet_txs: { send_tx: base.send_tx, receive_tx: txs.receive_tx ?? null, acknowledge_tx: txs.acknowledge_tx ?? null, timeout_tx: txs.timeout_tx ?? null, error },
  });
  const noArrival = { arrived: null, packet, timeoutNs: packet.timeoutNs };
  const timeout = rest.has(packet.chainId) ? find(await searchTxs(rest, packet.chainId, conditions("timeout_packet", packet)), "timeout_packet", packet) : null;
  if (timeout !== null) {
    const info = settled("TRANSFER_FAILURE", { timeout_tx: link(packet.chainId, timeout.tx) }, { type: "PACKET_ERROR_TIMEOUT", message: "the packet timed out: the funds are refunded on the sending chain" });
    return { hop: { info, settledOnSource: true, ...noArrival }, next: null };
  }
  if (to === undefined || !rest.has(to)) {
    return { hop: { info: settled("TRANSFER_UNKNOWN", {}, null), settledOnSource: false, ...noArrival }, next: null };
  }
  const recv = find(await searchTxs(rest, to, conditions("recv_packet", packet)), "recv_packet", packet);
  const written = find(await searchTxs(rest, to, conditions("write_acknowledgement", packet)), "write_acknowledgement", packet);
  const ack = find(await searchTxs(rest, packet.chainId, conditions("acknowledge_packet", packet)), "acknowledge_packet", packet);
  const txs = { ...(recv === null ? {} : { receive_tx: link(to, recv.tx) }), ...(ack === null ? {} : { acknowledge_tx: link(packet.chainId, ack.tx) }) };
  const ackText = written?.event.attributes.get("packet_ack") ?? "";
  // A packet the receiving chain forwards sends its next packet in the transaction that received it
  // (followed on failure too: the forward's own failure is the reason).
  const forward = recv === null ? undefined : sendsOf(to, recv.tx)[0];
  const next = forward === undefined ? null : { packet: forward, tx: recv!.tx };
  if (/^\s*\{\s*"error"/.test(ackText)) {
    const info = settled("TRANSFER_FAILURE", txs, { type: "PACKET_ERROR_ACKNOWLEDGEMENT", message: ackText.slice(0, 500) });
    return { hop: { info, settledOnSource: ack !== null, ...noArrival }, next };
  }
  const state = ack !== null ? "TRANSFER_SUCCESS" : recv !== null ? "TRANSFER_RECEIVED" : "TRANSFER_PENDING";
  const arrived = recv !== null && packet.data !== null ? { chainId: to, denom: receivedDenom(packet, packet.data.denom), amount: packet.data.amount } : null;
  const hop: Hop = { info: settled(state, txs, null), packet, arrived, settledOnSource: ack !== null, timeoutNs: packet.timeoutNs };
  return { hop, next };
}

/** One transfer (a packet the transaction sent and every forward of it), as the hosted API's TransferStatus. */
async function transferStatus(rest: ChainRest, first: PacketRef, sendTx: ChainTx, known: KnownChains, nowMs: number): Promise<TransferStatus> {
  const hops: Hop[] = [];
  let at: { packet: PacketRef; tx: ChainTx } | null = { packet: first, tx: sendTx };
  while (at !== null && hops.length < MAX_HOPS) {
    const { hop, next } = await followHop(rest, at.packet, at.tx, known);
    hops.push(hop);
    at = next;
  }
  const sequence = hops.map((hop) => ({ ibc_transfer: hop.info }));
  const source = first.data === null ? null : { chain_id: first.chainId, denom: sourceDenom(first, first.data.denom), amount: first.data.amount };
  // The deepest failure is the reason; the ones before it are its refund travelling back.
  const failedAt = hops.map((hop) => hop.info.state).lastIndexOf("TRANSFER_FAILURE");
  if (failedAt >= 0) {
    const error = { type: "STATUS_ERROR_TRANSFER" as const, message: hops[failedAt]!.info.packet_txs.error?.message ?? "a transfer failed" };
    // Refunds travel back hop by hop: the funds are spendable on the source once its own packet is settled there.
    const home = hops[0]!.info.state === "TRANSFER_FAILURE" && hops[0]!.settledOnSource;
    return { state: home ? "STATE_COMPLETED_ERROR" : "STATE_PENDING_ERROR", transfer_sequence: sequence, next_blocking_transfer: home ? null : { transfer_sequence_index: 0 }, transfer_asset_release: source === null ? null : { ...source, released: home }, error };
  }
  const last = hops.at(-1)!;
  if (hops.every((hop) => hop.info.state === "TRANSFER_SUCCESS") && last.arrived !== null) {
    return { state: "STATE_COMPLETED_SUCCESS", transfer_sequence: sequence, next_blocking_transfer: null, transfer_asset_release: { chain_id: last.arrived.chainId, denom: last.arrived.denom, amount: last.arrived.amount, released: true }, error: null };
  }
  const blocking = hops.findIndex((hop) => hop.info.state !== "TRANSFER_SUCCESS" && hop.info.state !== "TRANSFER_RECEIVED");
  const stalled = blocking >= 0 && hops[blocking]!.timeoutNs > 0n && BigInt(nowMs) * 1_000_000n > hops[blocking]!.timeoutNs + BigInt(ABANDON_AFTER_MS) * 1_000_000n;
  return {
    state: stalled ? "STATE_ABANDONED" : "STATE_PENDING",
    transfer_sequence: sequence,
    next_blocking_transfer: { transfer_sequence_index: blocking >= 0 ? blocking : hops.length - 1 },
    transfer_asset_release: null,
    error: null,
  };
}

/** The denom the sending chain holds of what a packet carries (its full path hashed, or the base denom). */
function sourceDenom(packet: PacketRef, denom: string): string {
  void packet;
  return denom.includes("/") ? `ibc/${sha256Hex(denom).toUpperCase()}` : denom;
}

/** The status of a transaction and every transfer it started. */
export async function txStatus(rest: ChainRest, chainId: string, hash: string, known: KnownChains, nowMs: number): Promise<StatusTxResponse> {
  const tx = await getTx(rest, chainId, hash);
  const empty = { transfer_sequence: [], next_blocking_transfer: null, transfer_asset_release: null, transfers: [] };
  if (tx === null) return { state: "STATE_SUBMITTED", error: null, ...empty };
  if (tx.code !== 0) return { state: "STATE_COMPLETED_ERROR", error: { type: "STATUS_ERROR_TRANSACTION_EXECUTION", message: `the transaction failed on ${chainId} (code ${tx.code}): ${tx.rawLog}` }, ...empty };
  const transfers: TransferStatus[] = [];
  for (const packet of sendsOf(chainId, tx).slice(0, MAX_HOPS)) transfers.push(await transferStatus(rest, packet, tx, known, nowMs));
  if (transfers.length === 0) return { state: "STATE_COMPLETED_SUCCESS", error: null, ...empty };
  // The transaction as a whole: the first transfer not done, else the last one (the hosted API's order).
  const lead = transfers.find((t) => t.state !== "STATE_COMPLETED_SUCCESS") ?? transfers.at(-1)!;
  return { ...lead, transfer_sequence: transfers.flatMap((t) => t.transfer_sequence), transfers };
}
