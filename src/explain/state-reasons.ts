/**
 * Reasons from a state snapshot's verdicts (src/state/apply.ts): a hop the router lacks because
 * the chains say its channel is dead, or because an untagged channel could not be vouched for,
 * named with the fact, its date and its source.
 */
import { channelKey } from "../registry/channel-ends.js";
import type { StateVerdict } from "../state/apply.js";
import type { Reason } from "../wire/explain.js";
import type { Route } from "../wire/route.js";
import type { ExplainInput } from "./input.js";

/** The verdict on each channel, under the key of both its ends (a hop may cross from either side). */
export function stateVerdictsByEnd(input: ExplainInput): Map<string, StateVerdict> {
  const byEnd = new Map<string, StateVerdict>();
  for (const verdict of input.stateVerdicts ?? []) {
    const channel = input.registry.ibc_channels[verdict.channel];
    if (channel === undefined) continue;
    for (const end of [channel.chain_1, channel.chain_2]) {
      const key = channelKey(end.chain_id, end.port_id, end.channel_id);
      if (!byEnd.has(key)) byEnd.set(key, verdict);
    }
  }
  return byEnd;
}

const WHY: Record<StateVerdict["code"], (v: StateVerdict) => string> = {
  channel_closed: (v) => `whose end on "${v.chain_id}" is ${v.value ?? "not open"}, not OPEN`,
  client_expired: (v) =>
    v.fact === "client_expires_at" ? `whose light client on "${v.chain_id}" expired at ${v.value}` : `whose light client on "${v.chain_id}" is Expired`,
  client_frozen: (v) => `whose light client on "${v.chain_id}" is Frozen`,
  state_unknown: (v) =>
    v.read_at === null
      ? `which the registry leaves untagged, and the state snapshot has no reading of its end on "${v.chain_id}"`
      : `which the registry leaves untagged, and its end on "${v.chain_id}" was read as ${v.value}, not OPEN with an Active client`,
  state_stale: (v) => `which the registry leaves untagged, and the reading of its end on "${v.chain_id}" is too old to vouch for it`,
};

export function stateReason(verdict: StateVerdict, crossing: string, path: string[], route: Route): Reason {
  const cited = verdict.read_at === null ? "" : ` (read ${verdict.read_at} from ${verdict.source ?? "an unnamed source"})`;
  return {
    code: verdict.code,
    message: `${crossing}, ${WHY[verdict.code](verdict)}${cited}`,
    chain_id: verdict.chain_id,
    port: verdict.port,
    channel: verdict.channel_id,
    counterparty_chain_id: verdict.counterparty_chain_id,
    fact: verdict.fact,
    value: verdict.value,
    read_at: verdict.read_at,
    source: verdict.source,
    expires_at: verdict.expires_at,
    path,
    route,
  };
}
