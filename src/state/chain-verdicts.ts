/**
 * The chain-wide facts of a state snapshot that take a channel out of the routes (docs/behaviour.md
 * "Live network state"): a halted chain (its latest block older than `maxBlockAgeSeconds` when the
 * snapshot was made: no hop in or out), a transfer module with a switch off (`send_enabled` or
 * `receive_enabled` false), and a light client that expires within the warning window after the
 * snapshot (a relayer may not deliver before it does). The graph's channels are not directional,
 * so a chain with one switch off loses its channels both ways: no route offered crosses the
 * switched-off direction, at the cost of the other one.
 */
import type { ChainState, ChannelEndState } from "./format.js";

type Read = { value: string | null; read_at: string | null; source: string | null };
export type ChainVerdictCode = "transfers_disabled" | "chain_halted" | "client_expiring";
export interface FactVerdict {
  code: ChainVerdictCode;
  fact: "latest_block_time" | "send_enabled" | "receive_enabled" | "client_expires_at";
  read: Read;
}

export interface ChainFactOptions {
  /** A chain whose latest block is older than this when the snapshot was made is halted; default 600 s. */
  maxBlockAgeSeconds?: number;
  /** A client expiring within this after the snapshot was made is avoided; default 86,400 s (24 h). */
  expiryWarningSeconds?: number;
}

export const DEFAULT_MAX_BLOCK_AGE_SECONDS = 600;
export const DEFAULT_EXPIRY_WARNING_SECONDS = 86_400;

/** Why a chain takes no hop in or out, if it does: halted, then a transfer switch off. */
export function chainVerdict(chain: ChainState | undefined, createdAtMs: number, options: ChainFactOptions): FactVerdict | undefined {
  if (chain === undefined) return undefined;
  const block = chain.latest_block_time;
  const maxAgeMs = (options.maxBlockAgeSeconds ?? DEFAULT_MAX_BLOCK_AGE_SECONDS) * 1000;
  if (block.value !== null && createdAtMs - Date.parse(block.value) > maxAgeMs) return { code: "chain_halted", fact: "latest_block_time", read: block };
  const transfer = chain.transfer;
  for (const fact of ["send_enabled", "receive_enabled"] as const) {
    if (transfer.value !== null && !transfer.value[fact]) return { code: "transfers_disabled", fact, read: { value: "false", read_at: transfer.read_at, source: transfer.source } };
  }
  return undefined;
}

/** An end whose light client expires after its status was read but within the warning window after the snapshot. */
export function expiringVerdict(end: ChannelEndState | undefined, createdAtMs: number, options: ChainFactOptions): FactVerdict | undefined {
  const expires = end?.client_expires_at;
  if (expires === undefined || expires.value === null) return undefined;
  const windowMs = (options.expiryWarningSeconds ?? DEFAULT_EXPIRY_WARNING_SECONDS) * 1000;
  return Date.parse(expires.value) <= createdAtMs + windowMs ? { code: "client_expiring", fact: "client_expires_at", read: expires } : undefined;
}
