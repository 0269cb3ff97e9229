/**
 * A least-recently-used map bounded by bytes, not entries: answers range from a few hundred bytes
 * to hundreds of KB, so a count limit would bound nothing. Tagged with the data version it holds;
 * `adopt` empties it when the version changes, and reads or writes for another version miss, so
 * a request still answering from the old graph after a swap can never fill the new cache.
 */
export class ByteLru<V> {
  readonly #limit: number;
  #map = new Map<string, { value: V; size: number }>();
  #bytes = 0;
  #version = "";

  constructor(limitBytes: number) {
    this.#limit = limitBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#map.size;
  }

  get version(): string {
    return this.#version;
  }

  /** Serves `version` from now on, dropping everything kept for another. */
  adopt(version: string): void {
    if (version === this.#version) return;
    this.#version = version;
    this.clear();
  }

  clear(): void {
    this.#map = new Map();
    this.#bytes = 0;
  }

  get(version: string, key: string): V | undefined {
    if (version !== this.#version) return undefined;
    const slot = this.#map.get(key);
    if (slot === undefined) return undefined;
    // Re-inserting moves the key to the young end: Map iterates in insertion order.
    this.#map.delete(key);
    this.#map.set(key, slot);
    return slot.value;
  }

  /** Keeps `value`, counted as `size` bytes plus its key; something larger than the whole limit is not kept. */
  set(version: string, key: string, value: V, size: number): void {
    if (version !== this.#version) return;
    const cost = size + key.length * 2;
    const old = this.#map.get(key);
    if (old !== undefined) {
      this.#map.delete(key);
      this.#bytes -= old.size;
    }
    if (cost > this.#limit) return;
    this.#map.set(key, { value, size: cost });
    this.#bytes += cost;
    for (const [oldest, slot] of this.#map) {
      if (this.#bytes <= this.#limit) break;
      this.#map.delete(oldest);
      this.#bytes -= slot.size;
    }
  }
}
