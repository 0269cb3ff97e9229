/**
 * An Ed25519 public key as a caller spells it. Apart from the signature code (./pointer.ts), so a
 * command line can check its --public-key flag without loading that.
 */
import { base64 } from "@scure/base";
import { FungibleError } from "../errors.js";

/**
 * A public key as the caller gives it: its 32 bytes, or their base64 (what `keygen` prints) or
 * hex. Anything else is `invalid_config`: a wrong key is the caller's set-up, not the data.
 */
export function parsePublicKey(key: unknown, fn: string, what = "publicKey"): Uint8Array {
  let bytes: Uint8Array | undefined;
  if (key instanceof Uint8Array) bytes = key;
  else if (typeof key === "string") {
    const text = key.trim();
    if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Uint8Array.from(text.match(/../g)!, (pair) => Number.parseInt(pair, 16));
    else if (/^[A-Za-z0-9+/]{43}=$/.test(text)) bytes = base64.decode(text);
  }
  if (bytes?.length !== 32) {
    throw new FungibleError("invalid_config", `${fn}: ${what} must be an Ed25519 public key: 32 bytes, or their base64 (as \`fungible-graph keygen\` prints) or hex`);
  }
  return bytes;
}

export const encodeKey = (bytes: Uint8Array): string => base64.encode(bytes);
