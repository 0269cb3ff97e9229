/**
 * A hand-written snapshot for the stated windows (issue 34): the Hub's latest block an hour old
 * when the snapshot was made, its channel-141 client expiring six hours after, its transfer
 * switches as given. With the defaults (600 s, 24 h) the Hub is halted; with a longer age its
 * client's coming expiry takes channel-141 out; with a shorter warning too, neither does.
 */
import { STATE_FORMAT } from "../../src/index.js";
import { endState } from "./snapshots.js";

export const NOW = "2026-11-26T12:00:00.000Z";
export const HOUR_AGO = "2026-11-26T11:00:00.000Z";
export const IN_SIX_HOURS = "2026-11-26T18:00:00.000Z";
const fact = <T>(value: T) => ({ value, read_at: NOW, source: "manual: windows test" });

export function hubSnapshot(switches = { send_enabled: true, receive_enabled: true }) {
  const end = { ...endState({ chain: "cosmoshub-4", channel: "channel-141", state: "OPEN", status: "Active", readAt: NOW }), client_expires_at: fact(IN_SIX_HOURS) };
  return {
    format: STATE_FORMAT,
    created_at: NOW,
    chains: { "cosmoshub-4": { node_chain_id: fact("cosmoshub-4"), errors: [], ends: [end], latest_block_time: fact(HOUR_AGO), transfer: fact(switches) } },
  };
}
