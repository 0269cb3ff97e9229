/**
 * The fetch handler's `compressor` on Node: node:zlib on the libuv thread pool, so encoding never
 * blocks the event loop. Brotli at quality 5, not the default 11: the handler caches encoded
 * answers, but a cold cache after a reload must not cost ~100x gzip's time per answer.
 */
import { brotliCompress, constants, gzip } from "node:zlib";

export function nodeCompressor(bytes: Uint8Array, encoding: "br" | "gzip"): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === "br") {
      brotliCompress(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }, done);
    } else {
      gzip(bytes, { level: 6 }, done);
    }
  });
}
