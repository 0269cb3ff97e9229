/**
 * EVM contract addresses as denoms: recognised by shape (`0x` and 40 hex digits, which no Cosmos
 * denom can be: an SDK denom starts with a letter), and where they name a contract of an EVM chain
 * written in their EIP-55 checksummed form (https://eips.ethereum.org/EIPS/eip-55), as the hosted
 * Skip Go API writes them. keccak-256 comes from @noble/hashes, the project's one hashing library.
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

/** Where a denom stands: what decides its spelling in an answer (`spellDenom`). */
export interface DenomPlace {
  /** The chain the denom names an asset of is an EVM chain (`chain_type` "evm"). */
  evmChain: boolean;
  /** The denom is text an IBC chain hashed: a voucher's `origin_denom` (its trace is not empty). */
  hashed: boolean;
}

/**
 * The one spelling rule of denoms in answers. An EVM contract that is an asset's own denom on an
 * EVM chain is written EIP-55. Text a chain hashed keeps the exact case it was hashed in: a
 * voucher's denom is `ibc/` + SHA-256 of `trace/origin_denom`, and Eureka hashes an ERC-20 address
 * in lower case where Picasso hashed stETH's in EIP-55, so only the registry's own text adds up.
 * Every other denom (Cosmos denoms, `ibc/` hashes) is written as it is.
 */
export function spellDenom(denom: string, place: DenomPlace): string {
  return place.evmChain && !place.hashed && isEvmAddress(denom) ? checksumAddress(denom) : denom;
}

/** A `token_contract` (a contract address, never hashed by a chain): EIP-55 where it is an EVM address. */
export function spellContract(contract: string): string {
  return isEvmAddress(contract) ? checksumAddress(contract) : contract;
}
