/**
 * The facts of a state snapshot that take a whole channel out of the routes (docs/behaviour.md
 * "Live network state"): a halted chain (its latest block older than `maxBlockAgeSeconds` when the
 * snapshot was made: no hop in or out), and a light client that expires within the warning window
 * after the snapshot (a relayer may not deliver before it does). A transfer switch off stops one
 * direction only: ./refusals.ts.
 */
import type { ChainState } from "./format.js";

type Read = { value: string | null; read_at: string | null; source: string | null };
export type ChainVerdictCode = "chain_halted" | "client_expiring";
export interface FactVerdict {
  code: ChainVerdictCode;
  fact: "latest_block_time" | "client_expires_at";
  read: Read;
}
export type DeadClientCode = "client_frozen" | "client_expired" | "client_unauthorized";
export interface DeadClient {
  code: DeadClientCode;
  fact: "client_status" | "client_expires_at";
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

/**
 * Why a light client takes no packet, if it does (ibc-go modules/core/exported/client.go
 * @9565e36c: "Only Active clients are allowed to process packets"; 04-channel/v2/keeper/packet.go
 * @aae552f4 refuses a send over a client whose status is not Active): `Frozen`, then `Expired`,
 * then `Unauthorized` (its client type not allowed, or an 08-wasm client whose code checksum is
 * not stored: 08-wasm light_client_module.go @aae552f4), then an expiry already past when its
 * status was read although the status was not read as Expired. `Unknown` (or unread) does not.
 */
export function deadClient(status: Read, expires: Read): DeadClient | undefined {
  if (status.value === "Frozen") return { code: "client_frozen", fact: "client_status", read: status };
  if (status.value === "Expired") return { code: "client_expired", fact: "client_status", read: status };
  if (status.value === "Unauthorized") return { code: "client_unauthorized", fact: "client_status", read: status };
  const readAt = status.read_at ?? expires.read_at;
  if (expires.value !== null && readAt !== null && Date.parse(expires.value) <= Date.parse(readAt)) return { code: "client_expired", fact: "client_expires_at", read: expires };
  return undefined;
}

/** Why a chain takes no hop in or out, if it does: halted. */
export function chainVerdict(chain: ChainState | undefined, createdAtMs: number, options: ChainFactOptions): FactVerdict | undefined {
  if (chain === undefined) return undefined;
  const block = chain.latest_block_time;
  const maxAgeMs = (options.maxBlockAgeSeconds ?? DEFAULT_MAX_BLOCK_AGE_SECONDS) * 1000;
  if (block.value !== null && createdAtMs - Date.parse(block.value) > maxAgeMs) return { code: "chain_halted", fact: "latest_block_time", read: block };
  return undefined;
}

/** A light client (a channel end's, or an IBC v2 client's) that expires after its status was read but within the warning window after the snapshot. */
export function expiringVerdict(expires: Read | undefined, createdAtMs: number, options: ChainFactOptions): FactVerdict | undefined {
  if (expires === undefined || expires.value === null) return undefined;
  const windowMs = (options.expiryWarningSeconds ?? DEFAULT_EXPIRY_WARNING_SECONDS) * 1000;
  return Date.parse(expires.value) <= createdAtMs + windowMs ? { code: "client_expiring", fact: "client_expires_at", read: expires } : undefined;
}
