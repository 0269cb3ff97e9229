/**
 * Which data produced an answer: a content hash of everything the router reads, plus where that
 * data came from. Two graphs with the same `data_version` answer every query alike.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import * as z from "zod";

export const ProvenanceSchema = z
  .object({
    /** How the graph was made: from the chain-registry package, a registry file, or a compiled dataset. */
    source: z.enum(["chain-registry", "registry", "dataset"]),
    network: z.enum(["mainnet", "testnet"]).optional(),
    chain_registry_version: z.string().optional(),
    overlay_hash: z.string().optional(),
    overrides_hash: z.string().optional(),
    venues_hash: z.string().optional(),
    compiled_at: z.string().optional(),
  })
  .readonly();
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** `sha256:` + the first 32 hex digits of SHA-256 of `text`: short enough for a header, wide enough never to collide. */
export function contentHash(text: string): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(text))).slice(0, 32)}`;
}
