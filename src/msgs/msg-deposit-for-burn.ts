/**
 * Noble's CCTP `MsgDepositForBurn` (circlefin/noble-cctp proto/circle/cctp/v1/tx.proto: from = 1,
 * amount = 2, destination_domain = 3, mint_recipient = 4, burn_token = 5) in the forms a wallet
 * uses: an EncodeObject whose value is JSON (the 32-byte mint recipient as base64, as proto3's JSON
 * mapping writes bytes), the protobuf bytes, and the JSON text the Skip Go API's `msg` holds.
 */
import { base64 } from "@scure/base";
import { WireType } from "@bufbuild/protobuf/wire";
import { protoBytes } from "./proto-writer.js";
import { MSG_DEPOSIT_FOR_BURN_TYPE_URL } from "../wire/msgs.js";

export interface MsgDepositForBurnValue {
  from: string;
  /** A cosmossdk.io/math.Int, decimal digits. */
  amount: string;
  /** Circle's domain of the destination chain. */
  destinationDomain: number;
  /** The 32-byte recipient on the destination domain, base64 (an EVM address left-padded with zeros). */
  mintRecipient: string;
  burnToken: string;
}

export interface MsgDepositForBurnEncodeObject {
  typeUrl: typeof MSG_DEPOSIT_FOR_BURN_TYPE_URL;
  value: MsgDepositForBurnValue;
}

/** An EVM address as CCTP's 32-byte mint recipient: 12 zero bytes, then the 20 address bytes (noble-cctp examples/depositForBurn.ts). */
export function evmMintRecipient(address: string): Uint8Array {
  const bytes = new Uint8Array(32);
  const hex = address.slice(2);
  for (let i = 0; i < 20; i++) bytes[12 + i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** The bytes as gogoproto writes them: fields in number order, an empty string or a zero domain left out. */
export function msgDepositForBurnBytes(value: MsgDepositForBurnValue): Uint8Array {
  return protoBytes((writer, str) => {
    str(1, value.from);
    str(2, value.amount);
    if (value.destinationDomain !== 0) writer.tag(3, WireType.Varint).uint32(value.destinationDomain);
    const recipient = base64.decode(value.mintRecipient);
    if (recipient.length > 0) writer.tag(4, WireType.LengthDelimited).bytes(recipient);
    str(5, value.burnToken);
  });
}

/** The message as proto-named JSON (proto3 JSON mapping: bytes as base64, the uint32 a number). */
export function depositForBurnText(value: MsgDepositForBurnValue): string {
  return JSON.stringify({
    from: value.from,
    amount: value.amount,
    destination_domain: value.destinationDomain,
    mint_recipient: value.mintRecipient,
    burn_token: value.burnToken,
  });
}
