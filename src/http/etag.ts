/**
 * Validators for GET answers. The ETag names the data version and the canonical request, so two
 * spellings of one request share it and a reload changes it. It is weak (`W/`): the gzip, brotli
 * and identity bytes of an answer differ but mean the same, and If-None-Match compares weakly anyway
 * (RFC 9110 13.1.2), so one tag serves every encoding and a CDN that re-encodes keeps it valid.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** `W/"<16 hex of the data version>-<16 hex of SHA-256 of the canonical request>"`. */
export function answerEtag(dataVersion: string, canonical: string): string {
  const version = dataVersion.slice(dataVersion.indexOf(":") + 1, dataVersion.indexOf(":") + 17);
  return `W/"${version}-${bytesToHex(sha256(utf8ToBytes(canonical))).slice(0, 16)}"`;
}

/**
 * Whether an If-None-Match header matches `etag` by weak comparison: `*`, or a list of entity
 * tags, each with or without `W/`. A malformed header matches nothing (the full answer is sent).
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const trimmed = header.trim();
  if (trimmed === "*") return true;
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  let i = 0;
  while (i < trimmed.length) {
    while (trimmed[i] === " " || trimmed[i] === "\t" || trimmed[i] === ",") i++;
    if (i >= trimmed.length) break;
    if (trimmed.startsWith("W/", i)) i += 2;
    if (trimmed[i] !== '"') return false;
    const end = trimmed.indexOf('"', i + 1);
    if (end === -1) return false;
    if (trimmed.slice(i, end + 1) === opaque) return true;
    i = end + 1;
  }
  return false;
}
