/**
 * EIP-55 checksummed addresses against the test vectors EIP-55 itself publishes
 * (https://eips.ethereum.org/EIPS/eip-55, "Test Cases"), and the properties the data relies on:
 * one spelling per address whatever case it arrives in, and no other denom touched; EIP-55 only
 * for an EVM chain's own contract, never for text a chain hashed (a voucher's origin denom).
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { checksumAddress, isEvmAddress, spellContract, spellDenom } from "../../src/denom/evm-address.js";

const OWN_EVM_DENOM = { evmChain: true, hashed: false };

// EIP-55 "Test Cases": all caps, all lower, normal.
const EIP55_VECTORS = [
  "0x52908400098527886E0F7030069857D2E4169EE7",
  "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
  "0xde709f2102306220921060314715629080e2fb77",
  "0x27b1fdb04752bbc536007a920d24acb045561c26",
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

describe("EIP-55", () => {
  test.each(EIP55_VECTORS)("%s: the checksum of its lower- and upper-case forms", (vector) => {
    expect(checksumAddress(vector.toLowerCase())).toBe(vector);
    expect(checksumAddress(`0x${vector.slice(2).toUpperCase()}`)).toBe(vector);
  });

  test("the USDC contract as every recorded Skip answer writes it", () => {
    expect(spellDenom("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", OWN_EVM_DENOM)).toBe("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
  });

  test("one spelling whatever the case; the letters are the address's", () => {
    const address = fc.stringMatching(/^[0-9a-f]{40}$/).map((hex) => `0x${hex}`);
    const caseMask = fc.array(fc.boolean(), { minLength: 40, maxLength: 40 });
    fc.assert(
      fc.property(address, caseMask, (lower, mask) => {
        const mixed = `0x${[...lower.slice(2)].map((c, i) => (mask[i] ? c.toUpperCase() : c)).join("")}`;
        const spelled = spellDenom(mixed, OWN_EVM_DENOM);
        expect(spelled).toBe(checksumAddress(lower));
        expect(spelled.toLowerCase()).toBe(lower);
        expect(spellDenom(spelled, OWN_EVM_DENOM)).toBe(spelled);
        expect(spellContract(mixed)).toBe(spelled);
        // Hashed text, or an address named off an EVM chain, keeps the case it came in.
        expect(spellDenom(mixed, { evmChain: true, hashed: true })).toBe(mixed);
        expect(spellDenom(mixed, { evmChain: false, hashed: false })).toBe(mixed);
      }),
    );
  });

  test("other denoms keep their exact case: IBC hashes, Cosmos denoms, near-addresses", () => {
    for (const denom of ["ibc/27394fb092d2eccd56123c74f36e4c1f926001ceada9ca97ea622b25f41e5eb2", "uATOM", "wei", "0xabc", `0x${"g".repeat(40)}`, `0X${"a".repeat(40)}`, `cw20:0x${"a".repeat(40)}`]) {
      expect(isEvmAddress(denom)).toBe(false);
      expect(spellDenom(denom, OWN_EVM_DENOM)).toBe(denom);
      expect(spellContract(denom)).toBe(denom);
    }
  });
});
