/**
 * Swap steps of the venues a request allows. A venue swaps any two of its denoms, so as edges it
 * is a clique (Osmosis: ~480 members, ~230k edges). The search instead expands a venue once per
 * way of arriving, from the first member it settles: every later member's route is no better
 * (same or more txs and hops, a later sequence) and appends the same swap step, so its swaps could
 * never win. That keeps a swap query linear in the venue size.
 */
import type { HopEdge } from "../model/model.js";
import type { SwapVenue } from "../registry/schema.js";

export class SwapVenueHops {
  private readonly venuesByAsset = new Map<number, number[]>();
  private readonly edges: HopEdge[][];

  constructor(venues: readonly { venue: SwapVenue; members: readonly number[] }[]) {
    this.edges = venues.map(({ venue, members }, id) => {
      const sequenceLabel = `${venue.chain_id}\u0000swap:${venue.name}`;
      for (const member of members) {
        const list = this.venuesByAsset.get(member) ?? [];
        list.push(id);
        this.venuesByAsset.set(member, list);
      }
      return members.map((to) => ({ to, kind: "swap", bridge: null, port: null, channel: null, venue: venue.name, sequenceLabel }));
    });
  }

  /** Ids of the venues that trade `asset`. */
  venuesOf(asset: number): readonly number[] {
    return this.venuesByAsset.get(asset) ?? NONE;
  }

  /** One swap edge into each member of venue `id` (the caller skips the asset it swaps from). */
  edgesOf(id: number): readonly HopEdge[] {
    return this.edges[id]!;
  }

  get venueCount(): number {
    return this.edges.length;
  }
}

const NONE: readonly number[] = [];
