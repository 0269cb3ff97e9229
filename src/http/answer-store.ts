/**
 * What makes a repeated request cheap: answers kept as UTF-8 bytes by canonical request, their
 * gzip/brotli bytes by canonical request and encoding, and the canonical request of each raw
 * spelling seen (path + query string, or path + POST body), so a repeat skips parsing and zod.
 * Each is an lru-cache bounded in bytes, emptied when the data version changes; a request still
 * answering from the old graph after a swap reads and writes nothing.
 */
import { LRUCache } from "lru-cache";
import type { Compressor, Encoding } from "./encoding.js";

export interface StoredAnswer {
  /** The answer's JSON text as UTF-8. */
  readonly bytes: Uint8Array;
  /** The GET validator, made on first use (POST answers never need it). */
  etag: string | undefined;
  /** The answer's own headers, for a GET kept by target (./kept-answers.ts); the queries set theirs. */
  readonly headers?: Readonly<Record<string, string>>;
}

interface AnswerStoreOptions {
  answerBytes: number;
  compressedBytes: number;
  /** None: nothing is compressed here (no encoding is offered), and no compressed bytes are kept. */
  compressor: Compressor | undefined;
}

/** A raw spelling longer than this is not remembered: real requests are a few hundred bytes. */
const MAX_SPELLING = 4096;
/** Per-entry bookkeeping (slot, object headers), so many tiny entries still count. */
const OVERHEAD = 64;

type Sized<V extends object | string> = LRUCache<string, V, { bytes: Uint8Array; encoding: Encoding }>;

/** An LRU of `maxSize` bytes, or none for a budget of 0 (lru-cache refuses a zero size). */
function bytesLru<V extends object | string>(maxSize: number, size: (value: V, key: string) => number, fetchMethod?: Sized<V>["fetchMethod"]): Sized<V> | null {
  if (maxSize <= 0) return null;
  return new LRUCache<string, V, { bytes: Uint8Array; encoding: Encoding }>({
    maxSize,
    sizeCalculation: (value, key) => Math.max(1, size(value, key) + key.length * 2 + OVERHEAD),
    ...(fetchMethod ? { fetchMethod } : {}),
  });
}

/** The handler offers no encoding without a compressor (handler-options.ts), so this is never reached. */
const noCompressor: Compressor = () => {
  throw new Error("AnswerStore: no compressor, so no encoding is offered");
};

export class AnswerStore {
  readonly #answers: Sized<StoredAnswer> | null;
  readonly #encoded: Sized<Uint8Array> | null;
  readonly #spellings: Sized<string> | null;
  readonly #compress: Compressor;
  #version = "";

  constructor(options: AnswerStoreOptions) {
    this.#compress = options.compressor ?? noCompressor;
    this.#answers = bytesLru<StoredAnswer>(options.answerBytes, (answer) => answer.bytes.byteLength);
    // fetch() runs one compression per key at a time: a burst of one new request compresses once.
    this.#encoded = bytesLru<Uint8Array>(options.compressor === undefined ? 0 : options.compressedBytes, (bytes) => bytes.byteLength, (_key, _stale, { context }) =>
      Promise.resolve(this.#compress(context.bytes, context.encoding)),
    );
    // Spellings are small; an eighth of the answer budget holds tens of thousands.
    this.#spellings = bytesLru<string>(Math.floor(options.answerBytes / 8), (canonical) => canonical.length * 2);
  }

  /** Serves `version` from now on, dropping everything kept for another. */
  adopt(version: string): void {
    if (version === this.#version) return;
    this.#version = version;
    this.#answers?.clear();
    this.#encoded?.clear();
    this.#spellings?.clear();
  }

  /** Bytes held, for tests and metrics. */
  get usage(): { answers: number; compressed: number; spellings: number } {
    return { answers: this.#answers?.calculatedSize ?? 0, compressed: this.#encoded?.calculatedSize ?? 0, spellings: this.#spellings?.calculatedSize ?? 0 };
  }

  canonicalOf(version: string, spelling: string): string | undefined {
    return version === this.#version ? this.#spellings?.get(spelling) : undefined;
  }

  rememberSpelling(version: string, spelling: string, canonical: string): void {
    if (version === this.#version && spelling.length <= MAX_SPELLING) this.#spellings?.set(spelling, canonical);
  }

  answer(version: string, canonical: string): StoredAnswer | undefined {
    const found = version === this.#version ? this.#answers?.get(canonical) : undefined;
    // Counted for GET /metrics: the hit ratio of kept answers sizes a deployment (docs/operations.md).
    if (found === undefined) this.misses++;
    else this.hits++;
    return found;
  }

  /** Lookups of kept answers that found one, and that did not (the answer was computed). */
  hits = 0;
  misses = 0;

  keep(version: string, canonical: string, answer: StoredAnswer): void {
    if (version === this.#version) this.#answers?.set(canonical, answer);
  }

  /** The answer's bytes in `encoding`, compressed once and then served from the cache. */
  async encoded(version: string, canonical: string, encoding: Encoding, bytes: Uint8Array): Promise<Uint8Array> {
    const key = `${encoding}\u0000${canonical}`;
    if (version !== this.#version || this.#encoded === null) return this.#compress(bytes, encoding);
    try {
      const kept = await this.#encoded.fetch(key, { context: { bytes, encoding } });
      if (kept !== undefined) return kept;
    } catch (error) {
      // A swap clears the cache and aborts its compressions; anything else is the compressor's failure.
      if (version === this.#version) throw error;
    }
    return this.#compress(bytes, encoding);
  }
}
