/**
 * An amount checked against the IBC rate limits of the router's state snapshot (src/state/rate-limits.ts)
 * on every IBC hop of a route, and every Eureka hop (a limit keyed by the Cosmos side's IBC v2
 * client, ../model/transfer-rule-book.ts `refusesBridgeHop`), sending and receiving side: over what a limit lets through now, the
 * chain would refuse the packet, so route/msgs refuse it first with `rate_limited`, naming the
 * limit, its remaining flow and where and when it was read.
 */
import { channelKey } from "../registry/channel-ends.js";
import { ibcV2ClientOf } from "../denom/trace.js";
import { citeReading } from "../registry/transfer-refusals.js";
import { rateLimitedError, registryFacts } from "./check-route.js";
import { stateOfRouter } from "../router/state-router.js";
import type { AssetRouter } from "../router/router.js";
import { rateLimitRefusal, type LimitedHop } from "../state/rate-limits.js";
import type { Route } from "../wire/route.js";

export function checkRateLimits(fn: string, router: AssetRouter, route: Route, amount: string): void {
  const snapshot = stateOfRouter(router)?.snapshot;
  if (snapshot === undefined || !/^\d+$/.test(amount)) return;
  // The channel index the msgs keep per registry (registryFacts), not made again per request.
  const ends = registryFacts(router.registry).channels;
  const hops: LimitedHop[] = [];
  const client = (trace: string) => ibcV2ClientOf(trace) ?? "";
  for (const hop of route.hops) {
    if (hop.kind === "bridge" && hop.bridge === "EUREKA") {
      hops.push({ from_chain_id: hop.from.chain_id, from_channel: client(hop.from.trace), from_denom: hop.from.denom, to_chain_id: hop.to.chain_id, to_channel: client(hop.to.trace), to_denom: hop.to.denom });
    }
    if (hop.kind !== "ibc") continue;
    const view = ends.get(channelKey(hop.from.chain_id, hop.port, hop.channel));
    hops.push({ from_chain_id: hop.from.chain_id, from_channel: hop.channel, from_denom: hop.from.denom, to_chain_id: hop.to.chain_id, to_channel: view?.counterparty.channel_id ?? "", to_denom: hop.to.denom });
  }
  const refusal = rateLimitRefusal(snapshot, hops, BigInt(amount));
  if (refusal === undefined) return;
  throw rateLimitedError(
    `${fn}: ${amount} ${refusal.denom} is over the rate limit on ${refusal.chain_id} ${refusal.channel} (${refusal.direction}): ${refusal.remaining} left of ${refusal.limit.max_percent_send}% send / ${refusal.limit.max_percent_recv}% receive of ${refusal.limit.channel_value} per ${refusal.limit.duration_hours} h${citeReading(refusal)}`,
    { chain: refusal.chain_id, channel: refusal.channel, denom: refusal.denom, direction: refusal.direction, remaining: refusal.remaining },
  );
}
