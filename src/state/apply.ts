/**
 * A state snapshot applied to a registry: the pure narrowing of docs/behaviour.md "Live network
 * state". A channel with an end that is not OPEN, or whose light client (on either side) is
 * Expired or Frozen, becomes INACTIVE (no hop over it); a channel the registry left UNKNOWN becomes
 * ACTIVE (derived vouchers appear over it) when both ends are OPEN with Active clients, read
 * recently enough. An Eureka bridge link whose IBC v2 client (./eureka-links.ts) is dead or
 * expiring by the same rules, or whose chain is halted, is left out of `bridge_links`. Everything
 * else keeps the registry's status, so an empty snapshot changes nothing. Each decision is kept as a verdict citing the fact (value, date, source) behind it.
 * One-way facts (a transfer switch off, an exhausted rate limit) become the registry's
 * `transfer_refusals` (./refusals.ts), added to its own.
 */
import { channelKey } from "../registry/channel-ends.js";
import type { IbcChannel, Registry } from "../registry/schema.js";
import { chainVerdict, deadClient, expiringVerdict, type ChainFactOptions } from "./chain-verdicts.js";
import { eurekaLinks } from "./eureka-links.js";
import { refusalsOf } from "./refusals.js";
import type { ChainState, ChannelEndState, StateSnapshot } from "./format.js";

/** Why a channel is not used although the registry lists it (dead), or why an untagged one stays unused. */
export const STATE_REASON_CODES = ["channel_closed", "client_expired", "client_frozen", "client_unauthorized", "state_unknown", "state_stale", "transfers_disabled", "chain_halted", "client_expiring"] as const;
export type StateReasonCode = (typeof STATE_REASON_CODES)[number];

export interface StateVerdict {
  code: StateReasonCode;
  /** The row of the channel in `registry.ibc_channels`; of the link in `registry.bridge_links` when `bridge_link` is set. */
  channel: number;
  /**
   * The end whose fact decided, seen from its chain. For an Eureka link: its Cosmos side's chain,
   * port `transfer` and the IBC v2 client id as `channel_id`; the token's home as counterparty.
   */
  chain_id: string;
  port: string;
  channel_id: string;
  counterparty_chain_id: string;
  /** The fact: which one, its value, when and where it was read (null: never read). */
  fact: "state" | "client_status" | "client_expires_at" | "latest_block_time" | "send_enabled" | "receive_enabled";
  value: string | null;
  read_at: string | null;
  source: string | null;
  /** The light client's expiry, where known. */
  expires_at: string | null;
  /** A bridge link the verdict takes out (not a channel): its bridge, its denom on `chain_id` and on the counterparty. */
  bridge_link?: { bridge: "EUREKA"; denom: string; counterparty_denom: string };
}

export interface StateApplyOptions extends ChainFactOptions {
  /** Facts read longer than this before the snapshot's `created_at` do not make a channel usable; default one day. */
  maxFactAgeSeconds?: number;
}

export interface AppliedState {
  /** The registry with every channel's status narrowed (or widened) by the snapshot. */
  registry: Registry;
  /** One per channel the snapshot removed, and per untagged channel it left unused. */
  verdicts: readonly StateVerdict[];
  /** How many channels the snapshot removed, and how many untagged ones it made usable. */
  removed: number;
  promoted: number;
  /** How many Eureka bridge links it left out (their IBC v2 client dead or expiring, or their chain halted). */
  removed_bridge_links: number;
}

const DAY_SECONDS = 86_400;

export function applyState(registry: Registry, snapshot: StateSnapshot, options: StateApplyOptions = {}): AppliedState {
  const maxAgeMs = (options.maxFactAgeSeconds ?? DAY_SECONDS) * 1000;
  const createdAt = Date.parse(snapshot.created_at);
  const ends = endIndex(snapshot);
  const chains = chainIndex(snapshot);
  const verdicts: StateVerdict[] = [];
  let removed = 0;
  let promoted = 0;
  const channels = registry.ibc_channels.map((channel, row): IbcChannel => {
    const sides = [
      { self: channel.chain_1, other: channel.chain_2 },
      { self: channel.chain_2, other: channel.chain_1 },
    ].map(({ self, other }) => ({ self, other, state: ends.get(channelKey(self.chain_id, self.port_id, self.channel_id)) }));
    const cite = (side: (typeof sides)[number], code: StateReasonCode, fact: StateVerdict["fact"], read: { value: string | null; read_at: string | null; source: string | null }): StateVerdict => ({
      code,
      channel: row,
      chain_id: side.self.chain_id,
      port: side.self.port_id,
      channel_id: side.self.channel_id,
      counterparty_chain_id: side.other.chain_id,
      fact,
      value: read.value,
      read_at: read.read_at,
      source: read.source,
      expires_at: side.state?.client_expires_at.value ?? null,
    });
    for (const side of sides) {
      const dead = deadFact(side.state) ?? chainVerdict(chains.get(side.self.chain_id), createdAt, options) ?? expiringVerdict(side.state?.client_expires_at, createdAt, options);
      if (dead === undefined) continue;
      verdicts.push(cite(side, dead.code, dead.fact, dead.read));
      if (channel.status === "INACTIVE") return channel;
      removed++;
      return { ...channel, status: "INACTIVE" };
    }
    if (channel.status !== "UNKNOWN") return channel;
    // Untagged: usable only when both ends say OPEN with an Active client, and said it recently.
    for (const side of sides) {
      const end = side.state;
      if (end === undefined) return note(cite(side, "state_unknown", "state", { value: null, read_at: null, source: null }));
      if (end.state.value !== "OPEN") return note(cite(side, "state_unknown", "state", end.state));
      if (end.client_status.value !== "Active") return note(cite(side, "state_unknown", "client_status", end.client_status));
      for (const [fact, read] of [["state", end.state], ["client_status", end.client_status]] as const) {
        const at = read.read_at === null ? Number.NaN : Date.parse(read.read_at);
        if (!(createdAt - at <= maxAgeMs)) return note(cite(side, "state_stale", fact, read));
      }
    }
    promoted++;
    return { ...channel, status: "ACTIVE" };
    function note(verdict: StateVerdict): IbcChannel {
      verdicts.push(verdict);
      return channel;
    }
  });
  const refusals = [...(registry.transfer_refusals ?? []), ...refusalsOf(chains, new Set(registry.chains.map((chain) => chain.chain_id)))];
  const eureka = eurekaVerdicts(registry, chains, createdAt, options);
  verdicts.push(...eureka.verdicts);
  const links = eureka.dead.size === 0 ? registry.bridge_links : registry.bridge_links.filter((_, row) => !eureka.dead.has(row));
  const narrowed = { ...registry, chains: forwardingNarrowed(registry.chains, chains), ibc_channels: channels, bridge_links: links };
  return { registry: refusals.length === 0 ? narrowed : { ...narrowed, transfer_refusals: refusals }, verdicts, removed, promoted, removed_bridge_links: eureka.dead.size };
}

/** The fact that makes an end dead, if one does: not OPEN, then its client's (`deadClient`). */
function deadFact(end: ChannelEndState | undefined): { code: StateReasonCode; fact: StateVerdict["fact"]; read: { value: string | null; read_at: string | null; source: string | null } } | undefined {
  if (end === undefined) return undefined;
  if (end.state.value !== "OPEN" && end.state.value !== "UNKNOWN") return { code: "channel_closed", fact: "state", read: end.state };
  return deadClient(end.client_status, end.client_expires_at);
}

/**
 * The Eureka links the snapshot takes out, by the channel ends' rules applied to the link's IBC v2
 * client on its Cosmos side: a dead client, a halted chain, a client expiring within the window.
 * A client the snapshot does not list, or lists unread (`Unknown`), takes nothing out.
 */
function eurekaVerdicts(registry: Registry, chains: Map<string, ChainState>, createdAt: number, options: StateApplyOptions): { verdicts: StateVerdict[]; dead: Set<number> } {
  const verdicts: StateVerdict[] = [];
  const dead = new Set<number>();
  for (const link of eurekaLinks(registry)) {
    const chain = chains.get(link.chain_id);
    const client = chain?.eureka_clients.find((c) => c.client_id === link.client_id);
    const found = (client === undefined ? undefined : deadClient(client.status, client.expires_at)) ?? chainVerdict(chain, createdAt, options) ?? expiringVerdict(client?.expires_at, createdAt, options);
    if (found === undefined) continue;
    dead.add(link.row);
    verdicts.push({
      code: found.code,
      channel: link.row,
      chain_id: link.chain_id,
      port: "transfer",
      channel_id: link.client_id,
      counterparty_chain_id: link.counterparty.chain_id,
      fact: found.fact,
      value: found.read.value,
      read_at: found.read.read_at,
      source: found.read.source,
      expires_at: client?.expires_at.value ?? null,
      bridge_link: { bridge: "EUREKA", denom: link.denom, counterparty_denom: link.counterparty.denom },
    });
  }
  return { verdicts, dead };
}

/** The snapshot's chains whose node reported their own chain id (or none): the others' facts are not used. */
function chainIndex(snapshot: StateSnapshot): Map<string, ChainState> {
  const index = new Map<string, ChainState>();
  for (const [chainId, chain] of Object.entries(snapshot.chains) as [string, ChainState][]) {
    const reported = chain.node_chain_id.value;
    if (reported === null || reported === chainId) index.set(chainId, chain);
  }
  return index;
}

/** A chain whose modules list no packet-forward middleware does not forward: its `pfm_enabled` is cleared (routes through it need a new transaction). */
function forwardingNarrowed(list: Registry["chains"], chains: Map<string, ChainState>): Registry["chains"] {
  if (![...chains.values()].some((chain) => chain.packet_forward.value === "none")) return list;
  return list.map((chain) => (chain.pfm_enabled && chains.get(chain.chain_id)?.packet_forward.value === "none" ? { ...chain, pfm_enabled: false } : chain));
}

/** Every channel end of the snapshot by `channelKey`, leaving out chains whose node reported another chain id. */
function endIndex(snapshot: StateSnapshot): Map<string, ChannelEndState> {
  const index = new Map<string, ChannelEndState>();
  for (const [chainId, chain] of Object.entries(snapshot.chains) as [string, ChainState][]) {
    const reported = chain.node_chain_id.value;
    if (reported !== null && reported !== chainId) continue;
    for (const end of chain.ends) {
      const key = channelKey(chainId, end.port_id, end.channel_id);
      if (!index.has(key)) index.set(key, end);
    }
  }
  return index;
}

/** The oldest date a fact of the snapshot was read, or null when it holds no dated fact. */
export function oldestReading(snapshot: StateSnapshot): string | null {
  let oldest: string | null = null;
  let oldestMs = Number.POSITIVE_INFINITY;
  const consider = (at: string | null) => {
    if (at === null) return;
    const ms = Date.parse(at);
    if (ms < oldestMs) [oldest, oldestMs] = [at, ms];
  };
  for (const chain of Object.values(snapshot.chains)) {
    consider(chain.node_chain_id.read_at);
    for (const end of chain.ends) for (const fact of [end.state, end.client_status]) consider(fact.read_at);
    for (const client of chain.eureka_clients) consider(client.status.read_at);
  }
  return oldest;
}
