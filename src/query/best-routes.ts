/**
 * Best-route search from one source asset (docs/behaviour.md §4 and §5): fewest transactions, then fewest
 * hops, then the lexicographically smallest (chain_id, channel) sequence. A label-setting search
 * over (asset, how the funds arrived) states, because whether a chain forwards depends on both
 * the hop that brought the funds and the hop that takes them on.
 */
import type { Chain } from "../registry/schema.js";
import type { Model, HopEdge } from "../model/model.js";
import type { BridgeSets } from "./bridge-sets.js";
import type { SwapVenueHops } from "./swap-venue-hops.js";

/** How funds reached an asset: still on the source, by an IBC hop, or by a bridge hop. */
export const enum Arrival {
  Start = 0,
  Ibc = 1,
  Bridge = 2,
}

export interface RouteLabel {
  asset: number;
  txs: number;
  hops: number;
  /** Id in `BridgeSets` of the distinct bridges used, in order of first use. */
  bridges: number;
  parent: RouteLabel | null;
  edge: HopEdge | null;
  /** A new transaction starts with `edge`. */
  startsTx: boolean;
  arrival: Arrival;
}


/** The label a search from `asset` as the source starts with. */
export function sourceLabel(asset: number): RouteLabel {
  return { asset, txs: 1, hops: 0, bridges: 0, parent: null, edge: null, startsTx: false, arrival: Arrival.Start };
}

/** Per-build scratch space, so thousands of searches allocate no per-search sets. */
export class SearchScratch {
  private stamp = 0;
  private readonly stateStamps: Uint32Array;
  private readonly assetStamps: Uint32Array;
  private venueStamps = new Uint32Array(0);

  constructor(assetCount: number) {
    this.stateStamps = new Uint32Array(assetCount * 3);
    this.assetStamps = new Uint32Array(assetCount);
  }

  /** Marks a (venue, arrival) expanded; false if it already was in this search. */
  settleVenue(key: number): boolean {
    if (key >= this.venueStamps.length) {
      const grown = new Uint32Array(Math.max(key + 1, this.venueStamps.length * 2));
      grown.set(this.venueStamps);
      this.venueStamps = grown;
    }
    if (this.venueStamps[key] === this.stamp) return false;
    this.venueStamps[key] = this.stamp;
    return true;
  }

  begin(): void {
    this.stamp++;
  }
  settleState(state: number): boolean {
    if (this.stateStamps[state] === this.stamp) return false;
    this.stateStamps[state] = this.stamp;
    return true;
  }
  isSettledState(state: number): boolean {
    return this.stateStamps[state] === this.stamp;
  }
  settleAsset(asset: number): boolean {
    if (this.assetStamps[asset] === this.stamp) return false;
    this.assetStamps[asset] = this.stamp;
    return true;
  }
}

/**
 * Every asset reachable from the `start` label, each with its best route, in the order the search
 * settles them (which is best-route order). The start asset itself is not included.
 */
export function searchBestRoutes(
  model: Model,
  start: RouteLabel,
  bridgeSets: BridgeSets,
  swaps: SwapVenueHops | null = null,
  scratch: SearchScratch = new SearchScratch(model.assets.length),
): RouteLabel[] {
  scratch.begin();
  scratch.settleAsset(start.asset);
  const reached: RouteLabel[] = [];
  const heap = new LabelHeap();
  heap.push(start);

  for (let label = heap.pop(); label !== undefined; label = heap.pop()) {
    if (!scratch.settleState(label.asset * 3 + label.arrival)) continue;
    if (scratch.settleAsset(label.asset)) reached.push(label);
    const chain = model.chains[model.assets[label.asset]!.chainIndex]!;
    const firstStep = label.hops === 0;
    const expand = (edge: HopEdge) => {
      const arrival = edge.kind === "ibc" ? Arrival.Ibc : edge.kind === "bridge" ? Arrival.Bridge : label.arrival;
      if (scratch.isSettledState(edge.to * 3 + arrival)) return;
      // A swap happens inside the transaction that brought the funds; on the source it is the first.
      const startsTx = firstStep || (label.arrival !== Arrival.Start && edge.kind !== "swap" && !forwards(chain, label.arrival, edge));
      heap.push({
        asset: edge.to,
        txs: label.txs + (startsTx && !firstStep ? 1 : 0),
        hops: label.hops + 1,
        bridges: bridgeSets.extend(label.bridges, edge.kind === "swap" ? null : edge.bridge),
        parent: label,
        edge,
        startsTx,
        arrival,
      });
    };
    for (const edge of model.hopsOf(label.asset)) expand(edge);
    if (swaps !== null) {
      for (const venue of swaps.venuesOf(label.asset)) {
        // Once per (venue, arrival): the first member settled has the best route into the venue.
        if (!scratch.settleVenue(venue * 3 + label.arrival)) continue;
        for (const edge of swaps.edgesOf(venue)) if (edge.to !== label.asset) expand(edge);
      }
    }
  }
  return reached;
}

/**
 * Whether funds that landed on `chain` by `arrival` move on over `next` without a new
 * transaction: IBC after IBC needs packet-forward middleware; anything after a bridge hop, or a
 * bridge after IBC, needs memo-based forwarding (IBC hooks).
 */
function forwards(chain: Chain, arrival: Arrival, next: HopEdge): boolean {
  if (arrival === Arrival.Ibc && next.kind === "ibc") return chain.pfm_enabled;
  return chain.supports_memo;
}

/** Edges of a label's route, first hop first. */
export function routeEdges(label: RouteLabel): RouteLabel[] {
  const path: RouteLabel[] = [];
  for (let at: RouteLabel | null = label; at !== null && at.edge !== null; at = at.parent) path.push(at);
  return path.reverse();
}

function compareLabels(a: RouteLabel, b: RouteLabel): number {
  if (a.txs !== b.txs) return a.txs - b.txs;
  if (a.hops !== b.hops) return a.hops - b.hops;
  return compareSequences(a, b);
}

/**
 * Lexicographic order of the two hop sequences. Equal hop counts are guaranteed by the caller, so
 * the walks up to the source run in lockstep; the difference nearest the source decides.
 */
function compareSequences(a: RouteLabel, b: RouteLabel): number {
  let order = 0;
  for (let x: RouteLabel | null = a, y: RouteLabel | null = b; x !== y && x !== null && y !== null; x = x.parent, y = y.parent) {
    const left = x.edge?.sequenceLabel ?? "";
    const right = y.edge?.sequenceLabel ?? "";
    if (left !== right) order = left < right ? -1 : 1;
  }
  return order || a.asset - b.asset || a.arrival - b.arrival;
}

class LabelHeap {
  private readonly items: RouteLabel[] = [];

  push(label: RouteLabel): void {
    const items = this.items;
    items.push(label);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compareLabels(items[i]!, items[parent]!) >= 0) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): RouteLabel | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && compareLabels(items[left]!, items[smallest]!) < 0) smallest = left;
        if (right < items.length && compareLabels(items[right]!, items[smallest]!) < 0) smallest = right;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest]!, items[i]!];
        i = smallest;
      }
    }
    return top;
  }
}
