/**
 * Hand-written state snapshots for tests: what an operator writes during an incident, one end at
 * a time. Values follow ibc-go's REST answers (fixtures/lcd/).
 */
import { STATE_FORMAT, type ChannelEndState, type StateSnapshotInput } from "../../src/index.js";

export const READ_AT = "2026-11-20T12:00:00Z";

export interface EndFacts {
  chain: string;
  channel: string;
  port?: string;
  state?: ChannelEndState["state"]["value"];
  status?: ChannelEndState["client_status"]["value"];
  expires?: string | null;
  readAt?: string;
  source?: string;
}

const fact = <T>(value: T, read_at: string | null, source: string | null) => ({ value, read_at, source });

export function endState(e: EndFacts): ChannelEndState {
  const at = e.readAt ?? READ_AT;
  const src = e.source ?? `manual: test of ${e.chain}`;
  return {
    port_id: e.port ?? "transfer",
    channel_id: e.channel,
    state: e.state === undefined ? fact("UNKNOWN" as const, null, null) : fact(e.state, at, src),
    counterparty: fact(null, null, null),
    connection_id: fact(null, null, null),
    client_id: fact(null, null, null),
    client_chain_id: fact(null, null, null),
    client_status: e.status === undefined ? fact("Unknown" as const, null, null) : fact(e.status, at, src),
    client_expires_at: e.expires === undefined || e.expires === null ? fact(null, null, null) : fact(e.expires, at, src),
  };
}

export function snapshot(ends: EndFacts[], createdAt = READ_AT): StateSnapshotInput {
  const chains: StateSnapshotInput["chains"] = {};
  for (const end of ends) {
    const chain = (chains[end.chain] ??= { node_chain_id: fact(end.chain, createdAt, "manual"), errors: [], ends: [] });
    (chain.ends as ChannelEndState[]).push(endState(end));
  }
  return { format: STATE_FORMAT, created_at: createdAt, chains };
}
