/**
 * The package's one SHA-256 (src/sha256.ts) is native under Node; it must give exactly the
 * digest of @noble/hashes, which browsers and Workers use, on any text (lone surrogates included:
 * both hash the UTF-8 a TextEncoder makes) and any bytes, so denoms and data versions agree on
 * every runtime. Checked against a literal vector (FIPS 180-2, "abc") and against noble itself.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { sha256Hex } from "../../src/sha256.js";

const noble = (data: string | Uint8Array) => bytesToHex(sha256(typeof data === "string" ? new TextEncoder().encode(data) : data));

describe("sha256Hex", () => {
  test("the FIPS 180-2 vector", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex(new TextEncoder().encode("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  test("agrees with @noble/hashes on any text and any bytes", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.uint8Array({ maxLength: 300 })), (data) => {
        expect(sha256Hex(data)).toBe(noble(data));
      }),
    );
  });
});
