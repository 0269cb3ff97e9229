/**
 * IBC rate limits (cosmos/ibc-apps modules/rate-limiting, and its copy in ibc-go): the README's
 * quota rule (modules/rate-limiting/README.md @412aa061): a packet is refused when
 * `(outflow - inflow + amount) / channel_value > max_percent_send / 100` for a send, and
 * `(inflow - outflow + amount) / channel_value > max_percent_recv / 100` for a receive. So the
 * remaining send flow is `max_percent_send * channel_value / 100 - (outflow - inflow)`; at or
 * below zero the limit is exhausted. Integer arithmetic (bigint): the amounts are `math.Int`.
 * The check itself is `Quota.CheckExceedsQuota` (ibc-go modules/apps/rate-limiting/types/quota.go
 * @ee35255c8f82462b5dc5b6e2f6e31d36c1f1361d, ibc-apps modules/rate-limiting/types/quota.go
 * @d5ad5f0ac053b48b139972512428297f4b4925d4): `net + amount > floor(value * percent / 100)`
 * refuses, and a zero channel value ("no supply of the asset") refuses nothing. Which denom and
 * channel (ibc-go keeper/packet.go `ParsePacketInfo`): a send is counted on the packet's source
 * channel for the denom as the sending chain names it, a receive on its destination channel for the
 * denom as the receiving chain names it.
 */
import type { RateLimit, StateSnapshot } from "./format.js";

/** What may still be sent (or received) under a limit in its current window; <= 0: exhausted. */
export function remainingFlow(limit: RateLimit, direction: "send" | "recv"): bigint {
  const value = BigInt(limit.channel_value);
  const [percent, net] =
    direction === "send" ? [BigInt(limit.max_percent_send), BigInt(limit.outflow) - BigInt(limit.inflow)] : [BigInt(limit.max_percent_recv), BigInt(limit.inflow) - BigInt(limit.outflow)];
  // floor(percent * value / 100) - net, kept exact: a packet passes while 100 * (net + amount) <= percent * value.
  return (percent * value) / 100n - net;
}

/** Whether `amount` passes the limit: the README's rule, with no rounding (100 * (net + amount) <= percent * value). */
export function withinQuota(limit: RateLimit, direction: "send" | "recv", amount: bigint): boolean {
  const value = BigInt(limit.channel_value);
  const [percent, net] =
    direction === "send" ? [BigInt(limit.max_percent_send), BigInt(limit.outflow) - BigInt(limit.inflow)] : [BigInt(limit.max_percent_recv), BigInt(limit.inflow) - BigInt(limit.outflow)];
  // A zero channel value: the module prevents no flow (quota.go: "we shouldn't prevent inflows/outflows").
  if (value === 0n) return true;
  return 100n * (net + amount) <= percent * value;
}

/** Whether not even one base unit passes the limit in `direction` now. */
export function exhausted(limit: RateLimit, direction: "send" | "recv"): boolean {
  return !withinQuota(limit, direction, 1n);
}

export interface RateLimitRefusal {
  chain_id: string;
  channel: string;
  denom: string;
  direction: "send" | "recv";
  remaining: string;
  limit: RateLimit;
  read_at: string | null;
  source: string | null;
}

/** One IBC hop of a route as the rate-limit check reads it: the denom as each chain names it. */
export interface LimitedHop {
  from_chain_id: string;
  from_channel: string;
  from_denom: string;
  to_chain_id: string;
  to_channel: string;
  to_denom: string;
}

/** The first limit a hop of the route breaks with `amount` (on the sending chain, then the receiving one), if any. */
export function rateLimitRefusal(snapshot: StateSnapshot, hops: readonly LimitedHop[], amount: bigint): RateLimitRefusal | undefined {
  for (const hop of hops) {
    for (const [chainId, channel, denom, direction] of [
      [hop.from_chain_id, hop.from_channel, hop.from_denom, "send"],
      [hop.to_chain_id, hop.to_channel, hop.to_denom, "recv"],
    ] as const) {
      const chain = snapshot.chains[chainId];
      const fact = chain?.rate_limits;
      if (fact?.value == null || (chain!.node_chain_id.value !== null && chain!.node_chain_id.value !== chainId)) continue;
      const limit = fact.value.limits.find((l) => l.channel_or_client_id === channel && l.denom === denom);
      if (limit === undefined || withinQuota(limit, direction, amount)) continue;
      return { chain_id: chainId, channel, denom, direction, remaining: remainingFlow(limit, direction).toString(), limit, read_at: fact.read_at, source: fact.source };
    }
  }
  return undefined;
}
