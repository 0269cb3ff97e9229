/**
 * Best-route search from one source asset (docs/behaviour.md §4 and §5): fewest transactions, then fewest
 * hops, then the lexicographically smallest (chain_id, channel) sequence. A label-setting search
 * over (asset, how the funds arrived) states, because whether a chain forwards depends on both
 * the hop that brought the funds and the hop that takes them on. Two states belong to Axelar
 * (§5 "Axelar delivers over IBC"): an AXELAR hop and the IBC hop next to it at Axelar's hub are one
 * Axelar transfer, so that IBC hop opens no transaction and adds no `IBC` to the bridges. Which
 * chain is the hub is data (`model.bridgeHubs`, from src/registry/data/bridges.json or the registry).
 */
import type { Chain } from "../registry/schema.js";
import type { Model, HopEdge } from "../model/model.js";
import { BridgeSets } from "./bridge-sets.js";
import type { SwapVenueHops } from "./swap-venue-hops.js";
import { CHECK_EVERY, checkLimit, type SearchLimit } from "./search-limit.js";

/** How funds reached an asset: still on the source, by an IBC hop, or by a bridge hop. */
export const enum Arrival {
  Start = 0,
  Ibc = 1,
  Bridge = 2,
  /**
   * On the Axelar hub by an AXELAR hop: an IBC hop straight out is Axelar delivering (no tx, no
   * `IBC`), and an AXELAR hop straight out is the same transfer going on to another EVM chain (no tx).
   */
  AxelarIn = 3,
  /**
   * On the Axelar hub by an IBC hop that an AXELAR hop takes on at once: the twin of the `Ibc` label
   * there, with the bridges from before that IBC hop; only an AXELAR hop leaves it. Never a target.
   */
  AxelarOut = 4,
}
const ARRIVALS = 5;

/** The chain index of the Axelar hub (the Cosmos chain where its transfers join IBC), or -1. */
export function axelarHub(model: Model): number {
  return model.bridgeHubs.get("AXELAR") ?? -1;
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

  constructor(readonly assetCount: number) {
    this.stateStamps = new Uint32Array(assetCount * ARRIVALS);
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
 * settles them (which is best-route order). The start asset itself is not included. With a
 * `limit`, the search stops (throws) when its client goes away or its budget is spent.
 */
export function searchBestRoutes(
  model: Model,
  start: RouteLabel,
  bridgeSets: BridgeSets,
  swaps: SwapVenueHops | null = null,
  scratch: SearchScratch = new SearchScratch(model.assetCount()),
  limit?: SearchLimit,
): RouteLabel[] {
  checkLimit(limit);
  let settled = 0;
  scratch.begin();
  scratch.settleAsset(start.asset);
  const reached: RouteLabel[] = [];
  const heap = new LabelHeap();
  heap.push(start);

  const hub = axelarHub(model);
  // A start that arrived on the hub by IBC (a shared search of route-tables) may feed Axelar too.
  if (start.arrival === Arrival.Ibc && model.asset(start.asset).chainIndex === hub) {
    heap.push({ ...start, bridges: BridgeSets.EMPTY, arrival: Arrival.AxelarOut });
  }
  for (let label = heap.pop(); label !== undefined; label = heap.pop()) {
    if (!scratch.settleState(label.asset * ARRIVALS + label.arrival)) continue;
    if (limit !== undefined && ++settled % CHECK_EVERY === 0) checkLimit(limit);
    const arrived = label.arrival;
    if (arrived !== Arrival.AxelarOut && scratch.settleAsset(label.asset)) reached.push(label);
    const chainIndex = model.asset(label.asset).chainIndex;
    const chain = model.chains[chainIndex]!;
    const firstStep = label.hops === 0;
    // After an IBC hop into the hub, an AXELAR hop is taken from the twin (`AxelarOut`) only: the
    // same path, never more transactions, and the bridges the rule gives.
    const twinned = arrived === Arrival.Ibc && chainIndex === hub && label.edge?.kind !== "swap";
    const expand = (edge: HopEdge) => {
      const axelarHop = edge.bridge === "AXELAR";
      if (arrived === Arrival.AxelarOut ? !axelarHop : twinned && axelarHop) return;
      const arrival = arrivalOver(model, hub, edge, arrived);
      // Axelar carries on from the hub by its IBC delivery or by its next AXELAR hop (EVM to EVM).
      const delivery = arrived === Arrival.AxelarIn && edge.kind === "ibc";
      const inAxelar = delivery || arrived === Arrival.AxelarOut || (arrived === Arrival.AxelarIn && axelarHop);
      // A swap happens inside the transaction that brought the funds; on the source it is the first.
      const startsTx = firstStep || (!inAxelar && arrived !== Arrival.Start && edge.kind !== "swap" && !forwards(chain, arrived, edge));
      const txs = label.txs + (startsTx && !firstStep ? 1 : 0);
      const hops = label.hops + 1;
      if (!scratch.isSettledState(edge.to * ARRIVALS + arrival)) {
        const bridges = delivery ? label.bridges : bridgeSets.extend(label.bridges, edge.kind === "swap" ? null : edge.bridge);
        heap.push({ asset: edge.to, txs, hops, bridges, parent: label, edge, startsTx, arrival });
      }
      // An IBC hop into the hub may be the feed of an Axelar transfer out: its twin state keeps the
      // bridges from before it, and only an AXELAR hop leaves it.
      if (edge.kind === "ibc" && model.asset(edge.to).chainIndex === hub && !scratch.isSettledState(edge.to * ARRIVALS + Arrival.AxelarOut)) {
        heap.push({ asset: edge.to, txs, hops, bridges: label.bridges, parent: label, edge, startsTx, arrival: Arrival.AxelarOut });
      }
    };
    for (const edge of model.hopsOf(label.asset)) expand(edge);
    if (swaps !== null && arrived !== Arrival.AxelarOut) {
      for (const venue of swaps.venuesOf(label.asset)) {
        // Once per (venue, arrival): the first member settled has the best route into the venue.
        if (!scratch.settleVenue(venue * ARRIVALS + arrived)) continue;
        for (const edge of swaps.edgesOf(venue)) if (edge.to !== label.asset) expand(edge);
      }
    }
  }
  return reached;
}

/**
 * How funds arrive over `edge` when they arrived at its start by `previous`: an AXELAR hop onto the
 * hub is `AxelarIn`; a swap keeps the arrival, except that it ends an Axelar transfer (the IBC
 * delivery must follow the AXELAR hop directly).
 */
export function arrivalOver(model: Model, hub: number, edge: HopEdge, previous: Arrival): Arrival {
  if (edge.kind === "ibc") return Arrival.Ibc;
  if (edge.kind === "bridge") return edge.bridge === "AXELAR" && model.asset(edge.to).chainIndex === hub ? Arrival.AxelarIn : Arrival.Bridge;
  return previous === Arrival.AxelarIn ? Arrival.Bridge : previous;
}

/** Whether the IBC hop of `step` is part of an Axelar transfer (its delivery, or its leg into the hub). */
export function isAxelarLeg(step: RouteLabel): boolean {
  return step.edge?.kind === "ibc" && (step.arrival === Arrival.AxelarOut || step.parent?.arrival === Arrival.AxelarIn);
}

/**
 * Whether funds that landed on `chain` by `arrival` move on over `next` without a new
 * transaction: IBC after IBC needs packet-forward middleware; anything after a bridge hop, or a
 * bridge after IBC, needs the chain's forwarding after a bridge hop. The Axelar legs never get here.
 */
function forwards(chain: Chain, arrival: Arrival, next: HopEdge): boolean {
  if (arrival === Arrival.Ibc && next.kind === "ibc") return chain.pfm_enabled;
  return chain.forwards_after_bridge;
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
