/**
 * A failed read never erases a known fact: a chain's fresh reading merged with the previous
 * snapshot's, fact by fact. A fact read now wins; a fact not read now keeps its previous value
 * with its own date and source; a fact dated after the reader's clock (a clock or a node that
 * lies) is refused, never kept. Pure: the refresh (src/remote/refresh-state.ts) gives it both.
 */
import type { ChainState, ChannelEndState, EurekaClientState } from "./format.js";

type Fact = { readonly value: unknown; readonly read_at: string | null; readonly source: string | null };

/** How far past the reader's clock a date may be (clocks drift a little). */
export const FUTURE_SKEW_MS = 60_000;

const CHAIN_FACTS = ["node_chain_id", "channels_complete", "transfer", "latest_block_time", "rate_limits", "packet_forward"] as const;
const END_FACTS = ["state", "counterparty", "connection_id", "client_id", "client_chain_id", "client_status", "client_expires_at"] as const;
const CLIENT_FACTS = ["status", "expires_at"] as const;

export interface MergedChain {
  chain: ChainState;
  /** Facts read now (dated, not in the future). */
  learned: number;
  /** Facts kept from the previous snapshot because they could not be read now. */
  kept: number;
  /** Facts refused because they were dated in the future. */
  refused: number;
}

export function keepKnownFacts(fresh: ChainState, previous: ChainState | undefined, nowMs: number): MergedChain {
  const counts = { learned: 0, kept: 0, refused: 0 };
  const pick = <F extends Fact>(key: string, now: F, before: F | undefined): F => {
    if (now.read_at !== null) {
      if (!inFuture(now, nowMs)) {
        counts.learned++;
        return now;
      }
      counts.refused++;
    }
    if (before !== undefined && before.read_at !== null) {
      if (!inFuture(before, nowMs)) {
        counts.kept++;
        return before;
      }
      counts.refused++;
    }
    return { value: UNKNOWN[key] ?? null, read_at: null, source: null } as unknown as F;
  };
  const previousEnds = new Map((previous?.ends ?? []).map((end) => [`${end.port_id}/${end.channel_id}`, end]));
  const ends = fresh.ends.map((end): ChannelEndState => {
    const before = previousEnds.get(`${end.port_id}/${end.channel_id}`);
    const merged: Record<string, unknown> = { ...end };
    for (const key of END_FACTS) merged[key] = pick(key, end[key], before?.[key]);
    return merged as unknown as ChannelEndState;
  });
  // IBC v2 clients as ends: those the registry names now, each fact kept where not read now.
  const previousClients = new Map((previous?.eureka_clients ?? []).map((client) => [client.client_id, client]));
  const eurekaClients = fresh.eureka_clients.map((client): EurekaClientState => {
    const before = previousClients.get(client.client_id);
    const merged: Record<string, unknown> = { ...client };
    for (const key of CLIENT_FACTS) merged[key] = pick(key, client[key], before?.[key]);
    return merged as unknown as EurekaClientState;
  });
  const chain: Record<string, unknown> = { ...fresh, ends, eureka_clients: eurekaClients };
  for (const key of CHAIN_FACTS) chain[key] = pick(key, fresh[key] as Fact, previous?.[key] as Fact | undefined);
  return { chain: chain as unknown as ChainState, ...counts };
}

function inFuture(fact: Fact, nowMs: number): boolean {
  return fact.read_at !== null && Date.parse(fact.read_at) > nowMs + FUTURE_SKEW_MS;
}

/** The unknown value of the facts whose kind is not nullable (ibc-go's own words for it); null for the rest. */
const UNKNOWN: Record<string, unknown> = { state: "UNKNOWN", client_status: "Unknown", status: "Unknown", packet_forward: "unknown" };
