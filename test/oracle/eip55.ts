/**
 * The oracle's own EIP-55 (https://eips.ethereum.org/EIPS/eip-55): answers write an EVM address
 * with each hex letter upper-cased where the matching nibble of keccak-256 of the lower-case hex
 * is 8 or more. Written apart from src/denom so the two are compared, not shared.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import type { WireAsset } from "../../src/index.js";

export function oracleChecksum(value: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return value;
  const lower = value.slice(2).toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString("hex");
  return `0x${[...lower].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join("")}`;
}

/**
 * A wire asset as an answer writes it (docs/behaviour.md section 1, "Asset key"): EIP-55 for an
 * address that is the asset's own denom on an EVM chain, or a native's origin on one, and for a
 * token_contract; a voucher's origin_denom exactly as the registry has it, the text its hash is over.
 */
export function answerWire(wire: WireAsset, evmChains: ReadonlySet<string>): WireAsset {
  const voucher = wire.trace !== "";
  const out: Record<string, unknown> = {
    ...wire,
    denom: evmChains.has(wire.chain_id) ? oracleChecksum(wire.denom) : wire.denom,
    origin_denom: !voucher && evmChains.has(wire.origin_chain_id) ? oracleChecksum(wire.origin_denom) : wire.origin_denom,
  };
  if (typeof wire.token_contract === "string") out.token_contract = oracleChecksum(wire.token_contract);
  return out as unknown as WireAsset;
}
