/**
 * Content negotiation for compressed answers, with no Node built-ins: `Accept-Encoding` parsing
 * (RFC 9110 12.5.3: q-values, `*`, `identity`) and a default gzip compressor on the web-standard
 * CompressionStream. Brotli needs a runtime's own library (the Node server passes node:zlib).
 */

import * as z from "zod/mini";
import { parseArgument } from "../arguments.js";

export type Encoding = "br" | "gzip";
export const ENCODINGS: readonly Encoding[] = ["br", "gzip"];

const BYTES = z.instanceof(Uint8Array);
const HEADER = z.nullable(z.string());
const OFFERED = z.array(z.enum(ENCODINGS as ["br", "gzip"]));

export type Compressor = (bytes: Uint8Array, encoding: Encoding) => Promise<Uint8Array> | Uint8Array;

/** gzip through CompressionStream (Node 18+, Deno, Bun, browsers, workers). */
export const webCompressor: Compressor = async (bytes, encoding) => {
  parseArgument(BYTES, bytes, { fn: "webCompressor", arg: "bytes", expected: "a Uint8Array" });
  parseArgument(z.literal("gzip"), encoding, { fn: "webCompressor", arg: "encoding", code: "invalid_config", expected: '"gzip" (the only encoding CompressionStream has here)' });
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
};

/**
 * The encoding to answer with: the offered one the client weights highest (q > 0), ties going to
 * the server's order in `offered`; null for identity. A malformed entry is skipped, not fatal.
 */
export function negotiateEncoding(header: string | null, offered: readonly Encoding[]): Encoding | null {
  parseArgument(HEADER, header, { fn: "negotiateEncoding", arg: "header", expected: "the Accept-Encoding header (string) or null" });
  parseArgument(OFFERED, offered, { fn: "negotiateEncoding", arg: "offered", expected: 'an array of "br" / "gzip"' });
  if (header === null || offered.length === 0) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    if (name === "") continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=", 2).map((s) => s.trim());
      if (key?.toLowerCase() !== "q" || value === undefined) continue;
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : Number.NaN;
    }
    if (Number.isNaN(q)) continue;
    // The first mention of a coding counts, as most servers read a repeated one.
    if (!weights.has(name)) weights.set(name, q);
  }
  const wildcard = weights.get("*");
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of offered) {
    const q = weights.get(encoding) ?? (encoding === "gzip" ? weights.get("x-gzip") : undefined) ?? wildcard ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/**
 * `negotiateEncoding` remembered per header text: clients send a handful of distinct values, so
 * the hot path is a Map look-up. Bounded by clearing when full (junk headers cannot grow it).
 */
export function encodingNegotiator(offered: readonly Encoding[], maxEntries = 256): (header: string | null) => Encoding | null {
  const memo = new Map<string, Encoding | null>();
  return (header) => {
    if (header === null || offered.length === 0) return null;
    let chosen = memo.get(header);
    if (chosen === undefined) {
      chosen = negotiateEncoding(header, offered);
      if (memo.size >= maxEntries) memo.clear();
      if (header.length <= 256) memo.set(header, chosen);
    }
    return chosen;
  };
}
