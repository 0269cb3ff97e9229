/**
 * SHA-256 as lowercase hex: the one hash of the package (IBC denoms, content hashes, ETags).
 * Where node:crypto is reachable without importing it (`process.getBuiltinModule`: Node >= 20.16,
 * Deno, Bun) the digest is native, several times faster than JavaScript on the hundreds of
 * thousands of short inputs a large registry's build hashes; elsewhere (browsers, Workers) it is
 * @noble/hashes. Both give the same digest, so denoms and data versions agree on every runtime.
 * No import of a Node built-in: the core stays runtime-neutral for bundlers.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

type NativeHash = (data: string | Uint8Array) => string;

interface NodeCrypto {
  hash?: (algorithm: string, data: string | Uint8Array, encoding: "hex") => string;
  createHash?: (algorithm: string) => { update(data: string | Uint8Array): { digest(encoding: "hex"): string } };
}

function nativeSha256(): NativeHash | undefined {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const crypto = runtime?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined;
    const { hash, createHash } = crypto ?? {};
    if (typeof hash === "function") return (data) => hash("sha256", data, "hex");
    if (typeof createHash === "function") return (data) => createHash("sha256").update(data).digest("hex");
  } catch {
    // A runtime that has the function but refuses the module: the JavaScript digest serves.
  }
  return undefined;
}

/** Looked up on the first hash, not at import: the package is side-effect free, importing it does nothing. */
let native: NativeHash | null | undefined;

/** SHA-256 of `data` (a string is hashed as its UTF-8 bytes) in lowercase hex. */
export function sha256Hex(data: string | Uint8Array): string {
  native ??= nativeSha256() ?? null;
  if (native !== null) return native(data);
  return bytesToHex(sha256(typeof data === "string" ? utf8ToBytes(data) : data));
}
