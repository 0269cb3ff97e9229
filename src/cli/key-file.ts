/**
 * The key file `keygen` writes and `publish --key` reads: JSON naming its format, the Ed25519
 * secret key (32 bytes, base64) and its public key. Written 0600 and never over an existing file
 * (a key replaced by mistake is a fleet that refuses every later publish).
 */
import { base64 } from "@scure/base";
import { FungibleError } from "../errors.js";
import { encodeKey, parsePublicKey, publicKeyOf } from "../dataset/pointer.js";
import { readTextFile } from "../files/load-registry-file.js";

export const KEY_FORMAT = "fungible-graph-key/1";

export interface KeyFile {
  format: typeof KEY_FORMAT;
  algorithm: "ed25519";
  secret_key: string;
  public_key: string;
}

export async function keyFileOf(secretKey: Uint8Array): Promise<KeyFile> {
  return { format: KEY_FORMAT, algorithm: "ed25519", secret_key: encodeKey(secretKey), public_key: encodeKey(await publicKeyOf(secretKey)) };
}

/** The secret key of a key file, checked: its format, 32 bytes, and a public key that is its own. */
export async function readKeyFile(path: string, command: string): Promise<{ secretKey: Uint8Array; publicKey: string }> {
  const text = await readTextFile(path, "key");
  const bad = (why: string) => new FungibleError("invalid_config", `${command}: "${path}" is not a key file of \`fungible-graph keygen\`: ${why}`);
  let value: Partial<KeyFile>;
  try {
    value = JSON.parse(text) as Partial<KeyFile>;
  } catch {
    throw bad("not JSON");
  }
  if (value?.format !== KEY_FORMAT || value.algorithm !== "ed25519") throw bad(`format must be ${KEY_FORMAT}, algorithm ed25519`);
  let secretKey: Uint8Array;
  try {
    secretKey = base64.decode(String(value.secret_key));
  } catch {
    throw bad("secret_key is not base64");
  }
  if (secretKey.length !== 32) throw bad("secret_key is not 32 bytes");
  const publicKey = encodeKey(await publicKeyOf(secretKey));
  if (encodeKey(parsePublicKey(value.public_key, command)) !== publicKey) throw bad("public_key is not the secret key's");
  return { secretKey, publicKey };
}
