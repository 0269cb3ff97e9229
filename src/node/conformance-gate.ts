/**
 * The readiness check of `serve --check-conformance` (and `startServer({ conformance })`): the
 * corpus (../export/conformance.ts) sent to the service in-process, as the server will answer (with
 * node:zlib's compression, decoded again here), before the port is taken. Any difference refuses
 * the start with one message naming the failing requests: a replica that would answer other bytes
 * or ETags than its fleet for the same data version never takes traffic.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { FungibleError } from "../errors.js";
import { checkConformance, describeFailures, parseConformanceCorpus, type ConformanceReport } from "../export/conformance.js";
import type { FetchHandler } from "../http/handler.js";

/** Undoes the encodings the Node server sends (br, gzip) and deflate. */
export function nodeDecode(encoding: string, bytes: Uint8Array): Uint8Array {
  if (encoding === "br") return brotliDecompressSync(bytes);
  if (encoding === "gzip" || encoding === "x-gzip") return gunzipSync(bytes);
  if (encoding === "deflate") return inflateSync(bytes);
  throw new FungibleError("not_implemented", `Content-Encoding ${encoding} is not one the server sends`);
}

/** Resolves with the report when every request of `corpus` is answered as it says; else `unavailable` naming the failures. */
export async function passConformance(fetch: FetchHandler, corpus: unknown): Promise<ConformanceReport> {
  const report = await checkConformance(fetch, parseConformanceCorpus(corpus), { decode: nodeDecode });
  if (report.failures.length === 0) return report;
  const failing = new Set(report.failures.map((f) => f.name)).size;
  throw new FungibleError(
    "unavailable",
    `conformance check failed: ${failing} of ${report.checked} requests are not answered as the corpus for ${report.data_version} says; not listening\n${describeFailures(report)}`,
  );
}
