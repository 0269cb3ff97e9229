/**
 * Validators for GET answers. The ETag names the data version and the canonical request, so two
 * spellings of one request share it and a reload changes it. It is weak (`W/`): the gzip, brotli
 * and identity bytes of an answer differ but mean the same, and If-None-Match compares weakly anyway
 * (RFC 9110 13.1.2; hono/etag compares it and answers 304), so one tag serves every encoding and a
 * CDN that re-encodes keeps it valid.
 */
import { sha256Hex } from "../sha256.js";

/** `W/"<16 hex of the data version>-<16 hex of SHA-256 of the canonical request>"`. */
export function answerEtag(dataVersion: string, canonical: string): string {
  const version = dataVersion.slice(dataVersion.indexOf(":") + 1, dataVersion.indexOf(":") + 17);
  return `W/"${version}-${sha256Hex(canonical).slice(0, 16)}"`;
}
