/**
 * The last step of every kept answer (the two queries, ./query-routes.ts, and every other GET,
 * ./kept-answers.ts): its bytes in the encoding the client accepts, compressed once per data
 * version and encoding and then served from the store, with `Vary` and `Content-Length`.
 */
import type { AnswerStore } from "./answer-store.js";
import type { AppContext } from "./app-env.js";
import type { Encoding } from "./encoding.js";

export interface SendServices {
  store: AnswerStore;
  minCompressBytes: number;
  /** The encoding offered for an Accept-Encoding header (null: identity); the replay cache keys by it too. */
  negotiate: (acceptEncoding: string | null) => Encoding | null;
  /** Whether any encoding is offered (false: every answer is identity, nothing varies). */
  compresses: boolean;
  /** A compressor that fails is a bug of the embedding program: reported, and identity is served. */
  reportBug: (error: unknown, request: Request) => void;
}

/**
 * The body to send for `bytes` kept under `key`, setting content-encoding, vary and
 * content-length in `headers`; `alwaysVary` for a GET with an ETag, which every encoding shares.
 */
export async function encodedAnswer(
  c: AppContext,
  services: SendServices,
  version: string,
  key: string,
  bytes: Uint8Array,
  headers: Record<string, string>,
  alwaysVary: boolean,
): Promise<{ body: Uint8Array; offered: Encoding | null }> {
  const offered = services.negotiate(c.req.header("accept-encoding") ?? null);
  const compressible = services.compresses && bytes.byteLength >= services.minCompressBytes;
  // A GET answer varies even when too small to compress: its ETag (and 304) is shared by every
  // encoding, and a cache keyed without Accept-Encoding would mix the two for a larger answer.
  if (compressible || (alwaysVary && services.compresses)) headers.vary = "accept-encoding";
  let body = bytes;
  if (compressible && offered !== null) {
    try {
      body = await services.store.encoded(version, key, offered, bytes);
      headers["content-encoding"] = offered;
    } catch (error) {
      services.reportBug(error, c.req.raw);
    }
  }
  headers["content-length"] = String(body.byteLength);
  return { body, offered };
}
