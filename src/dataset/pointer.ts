/**
 * The signed "latest" pointer of a published dataset (`fungible-graph-pointer/1`): which
 * `data_version` a publisher serves now, the size and SHA-256 of its file, the file names (plain,
 * gzip, brotli), when it was published and a sequence that only grows, signed with Ed25519
 * (@noble/ed25519). The signature covers the canonical encoding of every other field (keys sorted,
 * no spaces: the fields are strings, integers and one object of strings, for which this is RFC
 * 8785's encoding too), so a reader checks exactly the bytes the publisher signed. The format field
 * is signed too: a signature over another kind of document never verifies as a pointer.
 * Ed25519 is @noble/ed25519's asynchronous API: its SHA-512 is the runtime's WebCrypto (Node,
 * Deno, Bun, Workers, browsers), so no second hash library comes along; verification is RFC
 * 8032's strict rule (not ZIP-215), as OpenSSL's.
 */
import * as ed25519 from "@noble/ed25519";
import { base64 } from "@scure/base";
import * as z from "zod/mini";
import { errorFromZod, FungibleError, parse, safeParse } from "../errors.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { encodeKey } from "./public-key.js";

export { encodeKey, parsePublicKey } from "./public-key.js";

export const POINTER_FORMAT = "fungible-graph-pointer/1";
/** A pointer is a few hundred bytes: more is not a pointer (and is not read further). */
export const POINTER_MAX_BYTES = 64 * 1024;

/** A file name beside the pointer: no directory, no `..`, so a pointer cannot point elsewhere on its server. */
const FileName = z.string().check(z.regex(/^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/, "a plain file name (letters, digits, . _ -)"));
const Hex = (bytes: number) => z.string().check(z.regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), `${bytes * 2} lowercase hex digits`));

const PointerFieldsSchema = z.strictObject({
  format: z.literal(POINTER_FORMAT),
  data_version: z.string().check(z.regex(/^sha256:[0-9a-f]{32}$/, "sha256: and 32 hex digits")),
  size: z.int().check(z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)),
  sha256: Hex(32),
  files: z.strictObject({ json: FileName, gzip: FileName, br: FileName }),
  published_at: z.iso.datetime(),
  sequence: z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)),
});
export const PointerSchema = z.extend(PointerFieldsSchema, { signature: z.string().check(z.regex(/^[A-Za-z0-9+/]{86}==$/, "64 bytes in base64")) });

/** What a pointer says, before it is signed. */
export type PointerFields = z.infer<typeof PointerFieldsSchema>;
/** A signed pointer, as published. */
export type Pointer = z.infer<typeof PointerSchema>;

/** The bytes the signature covers: every field but `signature`, keys sorted at every level, no spaces. */
export function canonicalPointerBytes(fields: PointerFields): Uint8Array {
  const { format, data_version, size, sha256, files, published_at, sequence } = fields;
  return utf8ToBytes(canonicalJson({ format, data_version, size, sha256, files, published_at, sequence }));
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
}

/** The pointer's text as fetched, checked against the format (`invalid_pointer`); the signature is checked by `verifyPointer`. */
export function parsePointer(text: string, where: string): Pointer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FungibleError("invalid_pointer", `${where}: the pointer is not JSON (${(error as Error).message})`);
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== POINTER_FORMAT) {
    throw new FungibleError("invalid_pointer", `${where}: not a dataset pointer of format ${POINTER_FORMAT} (format ${JSON.stringify(format)?.slice(0, 80) ?? "missing"})`);
  }
  const parsed = safeParse(PointerSchema, value);
  if (!parsed.success) throw errorFromZod("invalid_pointer", `${where}: the pointer is malformed`, parsed.error);
  return parsed.data;
}

/** Refuses (`untrusted_data`, path ["signature"]) a pointer whose signature does not verify with `publicKey`. */
export async function verifyPointer(pointer: Pointer, publicKey: Uint8Array, where: string): Promise<void> {
  let valid = false;
  try {
    valid = await ed25519.verifyAsync(base64.decode(pointer.signature), canonicalPointerBytes(pointer), publicKey, { zip215: false });
  } catch {
    valid = false; // a signature that is not a curve point: not valid, like any other
  }
  if (!valid) {
    throw new FungibleError("untrusted_data", `${where}: the pointer's signature does not verify with the public key given (tampered, or signed with another key)`, [
      { path: ["signature"], message: "does not verify" },
    ]);
  }
}

/** The fields signed with a 32-byte Ed25519 secret key: the pointer as published. */
export async function signPointer(fields: PointerFields, secretKey: Uint8Array): Promise<Pointer> {
  const checked = parse(PointerFieldsSchema, fields);
  return { ...checked, signature: base64.encode(await ed25519.signAsync(canonicalPointerBytes(checked), secretKey)) };
}

/** A new key pair (the runtime's secure random source). */
export async function newKeyPair(): Promise<{ secretKey: Uint8Array; publicKey: Uint8Array }> {
  const { secretKey, publicKey } = await ed25519.keygenAsync();
  return { secretKey, publicKey };
}

/** The public key of a secret key. */
export function publicKeyOf(secretKey: Uint8Array): Promise<Uint8Array> {
  return ed25519.getPublicKeyAsync(secretKey);
}

