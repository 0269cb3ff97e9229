/**
 * The message of one bridge leg (./bridge-legs.ts says which), with what it leaves to a fee the
 * hosted API quotes: this service quotes none and invents none, so each such fee is named in
 * `unquoted_fees` with what it pays for and what happens without it (docs/msgs.md "Bridge legs").
 */
import { base64 } from "@scure/base";
import { FungibleError } from "../errors.js";
import { bridgeLegFacts, citeLeg } from "../registry/bridge-leg-facts.js";
import type * as z from "zod/mini";
import { MSG_DEPOSIT_FOR_BURN_TYPE_URL, MSG_TRANSFER_TYPE_URL, type UnquotedFeeSchema } from "../wire/msgs.js";
import type { Leg } from "./bridge-legs.js";
import { evmMintRecipient, msgDepositForBurnBytes, type MsgDepositForBurnEncodeObject } from "./msg-deposit-for-burn.js";
import { msgTransferBytes, type MsgTransferEncodeObject } from "./msg-transfer.js";

export type LegEncodeObject = MsgTransferEncodeObject | MsgDepositForBurnEncodeObject;

/** A fee the hosted API adds to this leg from a quote of its own, left out here (src/wire/msgs.ts). */
export type UnquotedFee = z.infer<typeof UnquotedFeeSchema>;

export interface LegMessage {
  encode_object: LegEncodeObject;
  bytes: Uint8Array;
  unquoted_fees: readonly UnquotedFee[];
}

export interface LegContext {
  fn: string;
  amount: string;
  sender: string;
  /** The user's address where the leg delivers (an EVM address). */
  receiver: string;
  nowMs: number;
  timeoutSeconds: number;
}

const SKIP_CLIENT = "@skip-go/client 1.6.1 (npm) dist/esm/index.d.ts";

export function legMessage(leg: Exclude<Leg, { kind: "ibc" }>, context: LegContext): LegMessage {
  if (leg.kind === "cctp") return cctpMessage(leg, context);
  if (leg.kind === "eureka") return eurekaMessage(leg, context);
  return axelarMessage(leg, context);
}

function cctpMessage(leg: Extract<Leg, { kind: "cctp" }>, { amount, sender, receiver }: LegContext): LegMessage {
  const value = { from: sender, amount, destinationDomain: leg.domain, mintRecipient: base64.encode(evmMintRecipient(receiver)), burnToken: leg.burnToken };
  return {
    encode_object: { typeUrl: MSG_DEPOSIT_FOR_BURN_TYPE_URL, value },
    bytes: msgDepositForBurnBytes(value),
    unquoted_fees: [
      {
        bridge: "CCTP",
        what: `The USDC is minted on ${leg.hop.to.chain_id} when Circle's attestation of this burn is submitted to its MessageTransmitter there (receiveMessage): by the user, or by a paid relayer. The hosted API's smart relay quotes that fee (cctp_transfer.smart_relay_fee_quote: fee_amount, fee_denom, fee_payment_address on Noble); none is quoted or paid here.`,
        source: `${citeLeg(bridgeLegFacts().cctp.sources)}; ${SKIP_CLIENT}: CCTPTransferJson.smart_relay_fee_quote (SmartRelayFeeQuoteJson)`,
      },
    ],
  };
}

function eurekaMessage(leg: Extract<Leg, { kind: "eureka" }>, { fn, amount, sender, receiver, nowMs, timeoutSeconds }: LegContext): LegMessage {
  const { eureka } = bridgeLegFacts();
  if (timeoutSeconds > eureka.max_timeout_seconds) {
    throw new FungibleError("invalid_request", `${fn}: an Eureka transfer times out at most ${eureka.max_timeout_seconds} s after it is sent (IBC v2, ${citeLeg(eureka.sources)}); timeout_seconds is ${timeoutSeconds}`);
  }
  const value = {
    sourcePort: "transfer",
    sourceChannel: leg.clientId,
    token: { denom: leg.hop.from.denom, amount },
    sender,
    receiver,
    timeoutHeight: { revisionNumber: "0", revisionHeight: "0" },
    // IBC v2 reads the timeout in seconds (04-channel/v2 sendPacket), not nanoseconds as IBC v1.
    timeoutTimestamp: String(Math.floor(nowMs / 1000) + timeoutSeconds),
    memo: "",
    encoding: eureka.encoding,
  };
  return {
    encode_object: { typeUrl: MSG_TRANSFER_TYPE_URL, value },
    bytes: msgTransferBytes(value),
    unquoted_fees: [
      {
        bridge: "EUREKA",
        what: `The packet reaches ${leg.hop.to.chain_id} when a relayer delivers it there (the Ethereum side of Eureka accepts packets from authorised relayers). The hosted API pays its relayer a fee it quotes (eureka_transfer.smart_relay_fee_quote) through its own entry contract on the source chain; this message is the plain ICS-20 transfer, with no relay fee: it waits for a relayer that takes it without one, and is refunded if none does before the timeout.`,
        source: `${citeLeg(eureka.sources)}; ${SKIP_CLIENT}: EurekaTransferJson.smart_relay_fee_quote, entry_contract_address`,
      },
    ],
  };
}

/** Solidity's abi.encode(bool, address): two 32-byte words (skip-go-evm-contracts AxelarHandler reads (unwrap, destination)). */
function handlerPayload(unwrap: boolean, destination: string): number[] {
  const words = new Array<number>(64).fill(0);
  words[31] = unwrap ? 1 : 0;
  const hex = destination.slice(2);
  for (let i = 0; i < 20; i++) words[44 + i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return words;
}

function axelarMessage(leg: Extract<Leg, { kind: "axelar" }>, { amount, sender, receiver, nowMs, timeoutSeconds }: LegContext): LegMessage {
  const { axelar } = bridgeLegFacts();
  // The token arrives as the ERC-20 itself: nothing to unwrap.
  const memo = JSON.stringify({ destination_chain: leg.chainName, destination_address: leg.handler, payload: handlerPayload(false, receiver), type: axelar.message_type });
  const value = {
    sourcePort: leg.ibc.port,
    sourceChannel: leg.ibc.channel,
    token: { denom: leg.ibc.from.denom, amount },
    sender,
    receiver: leg.gmpAccount,
    timeoutHeight: { revisionNumber: "0", revisionHeight: "0" },
    timeoutTimestamp: (BigInt(nowMs) * 1_000_000n + BigInt(timeoutSeconds) * 1_000_000_000n).toString(),
    memo,
  };
  const hub = axelar.hubs.find((h) => h.gmp_account === leg.gmpAccount)!;
  return {
    encode_object: { typeUrl: MSG_TRANSFER_TYPE_URL, value },
    bytes: msgTransferBytes(value),
    unquoted_fees: [
      {
        bridge: "AXELAR",
        what: `Axelar approves the call on ${leg.chainName}; its relayer executes it (the handler contract pays the user) when the gas is paid. The hosted API adds that gas to the memo as fee {amount: its quote in the token sent, recipient: ${hub.fee_recipient}}; this memo has no fee, so the call waits on ${leg.chainName} until someone pays the gas (Axelar's gas service) or executes it.`,
        source: `${citeLeg(axelar.sources)}; ${hub.source}`,
      },
    ],
  };
}
