/**
 * A user's address on a chain, checked before it goes into a message: bech32 (BIP-173, checksum
 * included, via @scure/base), the chain's own prefix, and an account-sized payload. A wrong prefix
 * sends funds nowhere the user controls; a chain whose prefix the data does not know is refused
 * rather than guessed. An EVM chain's address is 0x hex, checked by its EIP-55 checksum when mixed case.
 */
import { bech32 } from "@scure/base";
import { FungibleError } from "../errors.js";
import type { Chain } from "../registry/schema.js";
import { checksumAddress, isEvmAddress } from "../denom/evm-address.js";

/** 20 bytes (accounts, secp256k1 and eth_secp256k1 keys) or 32 (contracts, interchain and module accounts). */
const ADDRESS_BYTES = new Set([20, 32]);
/** A 32-byte address with a long prefix stays well below this; bech32's own default limit is 90. */
const MAX_LENGTH = 128;

export function checkAddress(fn: string, chain: Chain, address: string | undefined, role: string): string {
  const where = `chain "${chain.chain_id}"`;
  if (address === undefined || address === "") throw new FungibleError("invalid_request", `${fn}: an address on ${where} is required (${role})`);
  const prefix = chain.bech32_prefix;
  if (prefix === undefined || prefix === "") {
    throw new FungibleError("invalid_request", `${fn}: ${where} has no bech32 prefix in the data, so its address cannot be checked; messages are not built for it`);
  }
  const decoded = address.length <= MAX_LENGTH ? bech32.decodeUnsafe(address, MAX_LENGTH) : undefined;
  if (decoded === undefined) throw new FungibleError("invalid_request", `${fn}: the address for ${where} is not valid bech32 (${role}): ${JSON.stringify(address.slice(0, MAX_LENGTH))}`);
  if (decoded.prefix !== prefix) {
    throw new FungibleError("invalid_request", `${fn}: the address for ${where} must start with "${prefix}1", got prefix "${decoded.prefix}" (${role})`);
  }
  if (address !== address.toLowerCase()) throw new FungibleError("invalid_request", `${fn}: the address for ${where} must be lowercase, as the chain writes it (${role})`);
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  if (bytes === undefined || !ADDRESS_BYTES.has(bytes.length)) {
    throw new FungibleError("invalid_request", `${fn}: the address for ${where} holds ${bytes?.length ?? "a malformed"} bytes; an account or contract address holds 20 or 32 (${role})`);
  }
  return address;
}

/** A user's address on an EVM chain: 0x and 40 hex digits; in mixed case, its EIP-55 checksum must hold (a typo is caught, not sent). */
export function checkEvmAddress(fn: string, chain: Chain, address: string | undefined, role: string): string {
  const where = `chain "${chain.chain_id}"`;
  if (address === undefined || address === "") throw new FungibleError("invalid_request", `${fn}: an address on ${where} is required (${role})`);
  if (!isEvmAddress(address)) throw new FungibleError("invalid_request", `${fn}: the address for ${where} must be 0x and 40 hex digits (${role}): ${JSON.stringify(address.slice(0, MAX_LENGTH))}`);
  const mixed = address.slice(2) !== address.slice(2).toLowerCase() && address.slice(2) !== address.slice(2).toUpperCase();
  if (mixed && checksumAddress(address) !== address) throw new FungibleError("invalid_request", `${fn}: the address for ${where} fails its EIP-55 checksum (${role})`);
  return address;
}

/** The address check of a chain's kind: 0x hex on an EVM chain without a bech32 prefix (where a bridge leg delivers), bech32 elsewhere. */
export function checkChainAddress(fn: string, chain: Chain, address: string | undefined, role: string): string {
  const evm = chain.chain_type === "evm" && (chain.bech32_prefix ?? "") === "";
  return evm ? checkEvmAddress(fn, chain, address, role) : checkAddress(fn, chain, address, role);
}
