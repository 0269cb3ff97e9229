/**
 * Interned "bridges used so far" lists: every route's `bridges` array is one of a few dozen
 * distinct lists, so routes store a small id and answers share one frozen array per list.
 */
import type { BridgeType } from "../wire/schema.js";

export class BridgeSets {
  private readonly lists: (readonly BridgeType[])[] = [Object.freeze([])];
  private readonly ids = new Map<string, number>([["", 0]]);
  private readonly extensions = new Map<string, number>();

  static readonly EMPTY = 0;

  get(id: number): readonly BridgeType[] {
    return this.lists[id]!;
  }

  /** The id of `get(id)` with `bridge` appended unless already present (order of first use). */
  extend(id: number, bridge: BridgeType | null): number {
    if (bridge === null) return id;
    const memo = `${id}|${bridge}`;
    const known = this.extensions.get(memo);
    if (known !== undefined) return known;
    const current = this.lists[id]!;
    const next = current.includes(bridge) ? current : [...current, bridge];
    const key = next.join(",");
    let nextId = this.ids.get(key);
    if (nextId === undefined) {
      nextId = this.lists.length;
      this.lists.push(Object.freeze(next));
      this.ids.set(key, nextId);
    }
    this.extensions.set(memo, nextId);
    return nextId;
  }
}
