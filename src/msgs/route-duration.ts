/**
 * `estimated_route_duration_seconds` of a route answer: an estimate from cited facts
 * (../registry/data/route-durations.json, every figure with its source). Each transaction waits
 * one block of the chain it is signed on; each hop then takes its bridge's relaying delay. A bridge
 * without a figure of its own takes the slowest figure of the file: the hosted widget gives up on a
 * transfer at three times the estimate, so an estimate errs long rather than short.
 */
import * as z from "zod/mini";
import { errorFromZod, safeParse } from "../errors.js";
import { BridgeTypeSchema, type BridgeType } from "../wire/schema.js";
import type { Route } from "../wire/route.js";
import durationsFile from "../registry/data/route-durations.json" with { type: "json" };

const Source = z.string().check(z.minLength(10, "must name the public source of the fact"));
const Seconds = z.number().check(z.int(), z.gte(0), z.lte(24 * 3600));

const DurationsFileSchema = z.strictObject({
  about: z.string().check(z.minLength(1)),
  default_block_seconds: z.strictObject({ seconds: Seconds, source: Source }),
  block_seconds: z.array(z.strictObject({ chain_id: z.string().check(z.minLength(1)), seconds: Seconds, source: Source })),
  relay_seconds: z.array(z.strictObject({ bridge: BridgeTypeSchema, seconds: Seconds, source: Source })).check(z.minLength(1)),
});
export type DurationFacts = z.infer<typeof DurationsFileSchema>;

interface Durations {
  blockSeconds: (chainId: string) => number;
  relaySeconds: (bridge: BridgeType) => number;
}

let shipped: Durations | undefined;

/** The facts checked against their schema (a bad file is the package's bug, reported as such). */
export function durationsOf(file: unknown): Durations {
  const parsed = safeParse(DurationsFileSchema, file);
  if (!parsed.success) throw errorFromZod("invalid_config", "route-durations.json:", parsed.error);
  const facts = parsed.data;
  const blocks = new Map(facts.block_seconds.map(({ chain_id, seconds }) => [chain_id, seconds]));
  const relays = new Map(facts.relay_seconds.map(({ bridge, seconds }) => [bridge, seconds]));
  const slowest = Math.max(...relays.values());
  return {
    blockSeconds: (chainId) => blocks.get(chainId) ?? facts.default_block_seconds.seconds,
    relaySeconds: (bridge) => relays.get(bridge) ?? slowest,
  };
}

/** Seconds the route is estimated to take once signed, the time a user takes to sign a later transaction aside. */
export function estimatedRouteSeconds(route: Route, durations: Durations = (shipped ??= durationsOf(durationsFile))): number {
  let seconds = 0;
  for (const hop of route.hops) {
    if (hop.starts_tx) seconds += durations.blockSeconds(hop.from.chain_id);
    // The IBC leg of an Axelar transfer is an IBC packet too; the Axelar hop beside it counts Axelar's delay.
    if (hop.kind === "ibc") seconds += durations.relaySeconds("IBC");
    else if (hop.kind === "bridge") seconds += durations.relaySeconds(hop.bridge);
  }
  return seconds;
}
