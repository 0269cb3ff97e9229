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

/** A wire asset as an answer writes it: denom, origin_denom and token_contract checksummed where they are addresses. */
export function answerWire(wire: WireAsset): WireAsset {
  const out: Record<string, unknown> = { ...wire, denom: oracleChecksum(wire.denom), origin_denom: oracleChecksum(wire.origin_denom) };
  if (typeof wire.token_contract === "string") out.token_contract = oracleChecksum(wire.token_contract);
  return out as unknown as WireAsset;
}
