/**
 * One ICS-20 MsgTransfer (ibc-go proto ibc/applications/transfer/v1/tx.proto) in the three forms a
 * wallet uses: cosmjs's EncodeObject (`{typeUrl, value}`, camelCase, 64-bit integers as decimal
 * strings so the object is JSON; `MsgTransfer.fromPartial(value)` of cosmjs-types takes it as is),
 * the protobuf bytes of the message, and the JSON text the Skip Go API writes in `msg`.
 */
import { WireType } from "@bufbuild/protobuf/wire";
import { protoBytes } from "./proto-writer.js";
import { MSG_TRANSFER_TYPE_URL } from "../wire/msgs.js";

export interface MsgTransferValue {
  sourcePort: string;
  sourceChannel: string;
  token: { denom: string; amount: string };
  sender: string;
  receiver: string;
  /** Unused (zero): the transfer times out by timestamp only. */
  timeoutHeight: { revisionNumber: string; revisionHeight: string };
  /** Nanoseconds since the Unix epoch, as a decimal string (a uint64). */
  timeoutTimestamp: string;
  /** "" on a plain transfer; the packet-forward memo (JSON text) when the transfer is forwarded. */
  memo: string;
  /** ibc-go v10's packet encoding (field 9), set only on a transfer over an IBC v2 client (Eureka). */
  encoding?: string;
}

export interface MsgTransferEncodeObject {
  typeUrl: typeof MSG_TRANSFER_TYPE_URL;
  value: MsgTransferValue;
}

/**
 * The protobuf bytes of the message, as Go's gogoproto writes them: fields in number order, empty
 * strings and a zero timestamp left out, and the non-nullable `timeout_height` always written (an
 * empty message, `32 00`), as cosmjs-types writes it too.
 */
export function msgTransferBytes(value: MsgTransferValue): Uint8Array {
  return protoBytes((writer, str) => {
    str(1, value.sourcePort);
    str(2, value.sourceChannel);
    writer.tag(3, WireType.LengthDelimited).fork();
    str(1, value.token.denom);
    str(2, value.token.amount);
    writer.join();
    str(4, value.sender);
    str(5, value.receiver);
    writer.tag(6, WireType.LengthDelimited).fork();
    if (value.timeoutHeight.revisionNumber !== "0") writer.tag(1, WireType.Varint).uint64(value.timeoutHeight.revisionNumber);
    if (value.timeoutHeight.revisionHeight !== "0") writer.tag(2, WireType.Varint).uint64(value.timeoutHeight.revisionHeight);
    writer.join();
    if (value.timeoutTimestamp !== "0") writer.tag(7, WireType.Varint).uint64(value.timeoutTimestamp);
    str(8, value.memo);
    str(9, value.encoding ?? "");
  });
}

/**
 * The message as the hosted Skip Go API writes `multi_chain_msg.msg`: proto field names in proto
 * order, `timeout_height` `{}`, `timeout_timestamp` a bare JSON number (its digits exact in the
 * text, above 2^53 so `JSON.parse` rounds it), and no `memo` key on a plain transfer.
 */
export function skipMsgText(value: MsgTransferValue): string {
  const body = [
    `"source_port":${JSON.stringify(value.sourcePort)}`,
    `"source_channel":${JSON.stringify(value.sourceChannel)}`,
    `"token":{"denom":${JSON.stringify(value.token.denom)},"amount":${JSON.stringify(value.token.amount)}}`,
    `"sender":${JSON.stringify(value.sender)}`,
    `"receiver":${JSON.stringify(value.receiver)}`,
    `"timeout_height":{}`,
    `"timeout_timestamp":${value.timeoutTimestamp}`,
  ];
  if (value.memo !== "") body.push(`"memo":${JSON.stringify(value.memo)}`);
  if (value.encoding !== undefined && value.encoding !== "") body.push(`"encoding":${JSON.stringify(value.encoding)}`);
  return `{${body.join(",")}}`;
}
