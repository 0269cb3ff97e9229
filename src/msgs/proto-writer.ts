/**
 * The protobuf writer the messages share. A fresh `BinaryWriter` starts with no buffer and grows
 * one on each message (128 bytes, then 256 for a MsgTransfer of an `ibc/` denom): two typed-array
 * allocations per message that cost more than writing its fields. This one keeps its buffer;
 * `finish()` returns a copy of what was written and resets it, as does a write that throws, so a
 * message never starts with another's bytes. Writes are synchronous: no two messages share it at once.
 */
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";

const writer = new BinaryWriter();

/** A string field as gogoproto writes it: left out when empty. */
export type StringField = (field: number, text: string) => void;
const stringField: StringField = (field, text) => {
  if (text !== "") writer.tag(field, WireType.LengthDelimited).string(text);
};

/** The bytes `write` writes, in a Uint8Array of their own. */
export function protoBytes(write: (writer: BinaryWriter, str: StringField) => void): Uint8Array {
  try {
    write(writer, stringField);
  } catch (error) {
    writer.finish();
    throw error;
  }
  return writer.finish();
}
