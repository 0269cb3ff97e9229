/**
 * The pipeline's finished answers to the two queries, as they left the Hono app (every header,
 * the body bytes): a GET's by request target and negotiated encoding, a POST's by target, content
 * type, body text and negotiated encoding, for the current data version. A
 * runtime adapter may write a repeat straight from here without building a web Request or
 * Response (see ../node/start-server.ts): the headers and bytes are the pipeline's own output,
 * captured after every middleware ran, so there is no second implementation to keep in step.
 */
import { LRUCache } from "lru-cache";

export interface ReplayedAnswer {
  /** Lower-case names; shared by every repeat: read, never write. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** A POST body longer than this is not replayed (nor kept): real requests are a few hundred bytes. */
export const MAX_REPLAYED_BODY = 4096;

/** Headers, key and slot, counted beside the body (which the answer cache may share). */
const OVERHEAD = 512;

export class ReplayCache {
  readonly #cache: LRUCache<string, ReplayedAnswer> | null;
  #version = "";

  constructor(maxBytes: number) {
    this.#cache =
      maxBytes > 0
        ? new LRUCache<string, ReplayedAnswer>({ maxSize: maxBytes, sizeCalculation: (answer, key) => answer.body.byteLength + key.length * 2 + OVERHEAD })
        : null;
  }

  /** The key of a GET of `target` answered in `encoding` (null: identity). */
  static key(target: string, encoding: string | null): string {
    return encoding === null ? target : `${target}\u0000${encoding}`;
  }

  /**
   * The key of a POST: everything of the request its answer depends on (the body as the pipeline
   * decodes it: UTF-8, BOM dropped). The leading NUL keeps it apart from every GET's key.
   */
  static postKey(target: string, contentType: string | null, body: string, encoding: string | null): string {
    return `\u0000${target}\u0000${contentType ?? ""}\u0000${encoding ?? ""}\u0000${body}`;
  }

  get(version: string, key: string): ReplayedAnswer | undefined {
    if (version !== this.#version) {
      this.#version = version;
      this.#cache?.clear();
      return undefined;
    }
    return this.#cache?.get(key);
  }

  keep(version: string, key: string, answer: ReplayedAnswer): void {
    if (version === this.#version) this.#cache?.set(key, answer);
  }
}
