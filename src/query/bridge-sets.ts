/**
 * Interned "bridges used so far" lists: every route's `bridges` array is one of a few dozen
 * distinct lists, so routes store a small id and answers share one frozen array per list.
 */
import { FungibleError } from "../errors.js";
import type { BridgeType } from "../wire/schema.js";

export class BridgeSets {
  private readonly lists: (readonly BridgeType[])[] = [Object.freeze([])];
  private readonly ids = new Map<string, number>([["", 0]]);
  private readonly extensions = new Map<string, number>();

  static readonly EMPTY = 0;

  /** Every list, by id: what a snapshot stores. */
  all(): (readonly BridgeType[])[] {
    return [...this.lists];
  }

  /** Interns `lists` in order, so each keeps its index as id; `lists[0]` must be empty. */
  static fromLists(lists: readonly (readonly BridgeType[])[]): BridgeSets {
    const sets = new BridgeSets();
    lists.forEach((list, id) => {
      let at = BridgeSets.EMPTY;
      for (const bridge of list) at = sets.extend(at, bridge);
      if (at !== id) throw new FungibleError("internal", `BridgeSets.fromLists: list ${id} is not in first-use order`);
    });
    return sets;
  }

  get size(): number {
    return this.lists.length;
  }

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
