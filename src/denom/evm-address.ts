/**
 * EVM contract addresses as denoms: recognised by shape (`0x` and 40 hex digits, which no Cosmos
 * denom can be: an SDK denom starts with a letter), and written in their EIP-55 checksummed form
 * (https://eips.ethereum.org/EIPS/eip-55), as every answer of the hosted Skip Go API writes them.
 * keccak-256 comes from @noble/hashes, the project's one hashing library.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Whether `denom` is an EVM contract address (any letter case). */
export function isEvmAddress(denom: string): boolean {
  // The length and "0x" first: most denoms are not addresses.
  return denom.length === 42 && denom.startsWith("0x") && EVM_ADDRESS.test(denom);
}

/**
 * EIP-55: the hex digits of the lower-case address, each letter upper-cased where the matching
 * nibble of keccak-256(lower-case hex, as ASCII) is 8 or more.
 */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(utf8ToBytes(hex));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

/** The one spelling of a denom in the data and in answers: an EVM address checksummed, any other denom as it is. */
export function denomSpelling(denom: string): string {
  return isEvmAddress(denom) ? checksumAddress(denom) : denom;
}
