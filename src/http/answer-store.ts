/**
 * What makes a repeated request cheap: answers kept as UTF-8 bytes by canonical request, their
 * gzip/brotli bytes by canonical request and encoding, and the canonical request of each raw
 * spelling seen (path + query string, or path + POST body), so a repeat skips parsing and zod.
 * Everything is bounded in bytes, LRU, and emptied when the data version changes.
 */
import { ByteLru } from "./byte-lru.js";
import type { Compressor, Encoding } from "./encoding.js";

export interface StoredAnswer {
  /** The answer's JSON text as UTF-8. */
  readonly bytes: Uint8Array;
  /** The GET validator, made on first use (POST answers never need it). */
  etag: string | undefined;
}

export interface AnswerStoreOptions {
  answerBytes: number;
  compressedBytes: number;
  compressor: Compressor;
}

/** A raw spelling longer than this is not remembered: real requests are a few hundred bytes. */
const MAX_SPELLING = 4096;
/** Per-entry bookkeeping (Map slot, object headers), so many tiny entries still count. */
const OVERHEAD = 64;

export class AnswerStore {
  readonly #answers: ByteLru<StoredAnswer>;
  readonly #encoded: ByteLru<Uint8Array>;
  readonly #spellings: ByteLru<string>;
  readonly #compress: Compressor;
  /** Compressions under way, so a burst of one new request compresses it once. */
  readonly #pending = new Map<string, Promise<Uint8Array>>();

  constructor(options: AnswerStoreOptions) {
    this.#answers = new ByteLru(options.answerBytes);
    this.#encoded = new ByteLru(options.compressedBytes);
    // Spellings are small; an eighth of the answer budget holds tens of thousands.
    this.#spellings = new ByteLru(Math.floor(options.answerBytes / 8));
    this.#compress = options.compressor;
  }

  /** Called at the start of each request with the version it answers from. */
  adopt(version: string): void {
    if (version === this.#answers.version) return;
    this.#answers.adopt(version);
    this.#encoded.adopt(version);
    this.#spellings.adopt(version);
  }

  /** Bytes held, for tests and metrics. */
  get usage(): { answers: number; compressed: number; spellings: number } {
    return { answers: this.#answers.bytes, compressed: this.#encoded.bytes, spellings: this.#spellings.bytes };
  }

  canonicalOf(version: string, spelling: string): string | undefined {
    return this.#spellings.get(version, spelling);
  }

  rememberSpelling(version: string, spelling: string, canonical: string): void {
    if (spelling.length <= MAX_SPELLING) this.#spellings.set(version, spelling, canonical, canonical.length * 2 + OVERHEAD);
  }

  answer(version: string, canonical: string): StoredAnswer | undefined {
    return this.#answers.get(version, canonical);
  }

  keep(version: string, canonical: string, answer: StoredAnswer): void {
    this.#answers.set(version, canonical, answer, answer.bytes.byteLength + OVERHEAD);
  }

  /** The answer's bytes in `encoding` if they are already kept (no compression here). */
  encodedIfKept(version: string, canonical: string, encoding: Encoding): Uint8Array | undefined {
    return this.#encoded.get(version, `${encoding}\u0000${canonical}`);
  }

  /** The answer's bytes in `encoding`, compressed once and then served from the cache. */
  async encoded(version: string, canonical: string, encoding: Encoding, bytes: Uint8Array): Promise<Uint8Array> {
    const kept = this.encodedIfKept(version, canonical, encoding);
    if (kept !== undefined) return kept;
    const key = `${encoding}\u0000${canonical}`;
    const pendingKey = `${version}\u0000${key}`;
    let pending = this.#pending.get(pendingKey);
    if (pending === undefined) {
      pending = (async () => this.#compress(bytes, encoding))().finally(() => this.#pending.delete(pendingKey));
      this.#pending.set(pendingKey, pending);
    }
    const result = await pending;
    this.#encoded.set(version, key, result, result.byteLength + OVERHEAD);
    return result;
  }
}
