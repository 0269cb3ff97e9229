/**
 * Best-route search from one source asset (SEMANTICS section 3): fewest transactions, then fewest
 * hops, then the lexicographically smallest (chain_id, channel) sequence. A label-setting search
 * over (asset, how the funds arrived) states, because whether a chain forwards depends on both
 * the hop that brought the funds and the hop that takes them on.
 */
import type { Chain } from "../registry/schema.js";
import type { EngineModel, HopEdge } from "../graph/model.js";
import type { BridgeSets } from "./bridge-sets.js";

/** How funds reached an asset: the source itself, an IBC hop, or a bridge hop. */
const enum Arrival {
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

/** Extra hops available to a query, e.g. swaps on allowed venues. */
export type ExtraHops = (asset: number) => readonly HopEdge[];

/**
 * Every asset reachable from `source`, each with its best route, in the order the search settles
 * them (which is best-route order). The source itself is not included.
 */
export function searchBestRoutes(
  model: EngineModel,
  source: number,
  bridgeSets: BridgeSets,
  extraHops: ExtraHops | null = null,
): RouteLabel[] {
  const settledStates = new Set<number>();
  const settledAssets = new Set<number>([source]);
  const reached: RouteLabel[] = [];
  const heap = new LabelHeap();
  heap.push({ asset: source, txs: 1, hops: 0, bridges: 0, parent: null, edge: null, startsTx: false, arrival: Arrival.Start });

  for (let label = heap.pop(); label !== undefined; label = heap.pop()) {
    const state = label.asset * 3 + label.arrival;
    if (settledStates.has(state)) continue;
    settledStates.add(state);
    if (!settledAssets.has(label.asset)) {
      settledAssets.add(label.asset);
      reached.push(label);
    }
    const chain = model.chains[model.assets[label.asset]!.chainIndex]!;
    const expand = (edge: HopEdge) => {
      const arrival = edge.kind === "ibc" ? Arrival.Ibc : edge.kind === "bridge" ? Arrival.Bridge : label.arrival;
      if (settledStates.has(edge.to * 3 + arrival)) return;
      const startsTx = label.parent === null ? true : edge.kind !== "swap" && !forwards(chain, label.arrival, edge);
      const txs = label.txs + (startsTx && label.parent !== null ? 1 : 0);
      heap.push({
        asset: edge.to,
        txs,
        hops: label.hops + 1,
        bridges: bridgeSets.extend(label.bridges, edge.kind === "swap" ? null : edge.bridge),
        parent: label,
        edge,
        startsTx,
        arrival,
      });
    };
    for (const edge of model.hops[label.asset]!) expand(edge);
    if (extraHops !== null) for (const edge of extraHops(label.asset)) expand(edge);
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
