/**
 * The messages share one protobuf writer (src/msgs/proto-writer.ts). Judged by cosmjs-types' own
 * MsgTransfer encoder: each message's bytes are its own, whatever was written before it (a longer
 * message, a write that threw halfway through a nested field), and a later message does not
 * change an earlier one's bytes.
 */
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { describe, expect, it } from "vitest";
import { msgTransferBytes, type MsgTransferValue } from "../../src/msgs/msg-transfer.js";
import { protoBytes } from "../../src/msgs/proto-writer.js";

const cosmjsBytes = (value: MsgTransferValue) => MsgTransfer.encode(MsgTransfer.fromPartial(value as unknown as Parameters<typeof MsgTransfer.fromPartial>[0])).finish();

const long: MsgTransferValue = {
  sourcePort: "transfer",
  sourceChannel: "channel-141",
  token: { denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2", amount: "1000000" },
  sender: "osmo1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du",
  receiver: "pfm",
  timeoutHeight: { revisionNumber: "0", revisionHeight: "0" },
  timeoutTimestamp: "1800000300000000000",
  memo: JSON.stringify({ forward: { receiver: "cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpeuq6pu", port: "transfer", channel: "channel-0", timeout: 300e9, retries: 2 } }),
};
const short: MsgTransferValue = { ...long, sourceChannel: "channel-0", token: { denom: "uatom", amount: "1" }, receiver: "cosmos1x", memo: "" };

describe("the shared protobuf writer", () => {
  it("writes each message alone: a shorter one after a longer one, and the earlier bytes stay as they were", () => {
    const first = msgTransferBytes(long);
    const kept = Uint8Array.from(first);
    const second = msgTransferBytes(short);
    expect(first).toEqual(cosmjsBytes(long));
    expect(second).toEqual(cosmjsBytes(short));
    expect(first).toEqual(kept);
  });

  it("is reset by a write that throws inside a nested field", () => {
    expect(() =>
      protoBytes((writer) => {
        writer.tag(3, 2).fork().string("left over");
        throw new Error("halfway");
      }),
    ).toThrow("halfway");
    expect(msgTransferBytes(short)).toEqual(cosmjsBytes(short));
  });
});
