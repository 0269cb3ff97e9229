/** The notes a registry import leaves for `explain` (./explain.ts re-exports them): a dataset stores them, so loading reads only this. */
import * as z from "zod/mini";

/**
 * A compact fact from the registry import that `explain` cites: a bridge provider the router does
 * not route (for these assets), an asset left out because its origin did not resolve, or IBC
 * channels to a chain that run over an unrouted bridge. Built from the adapter's issues
 * (`notesOfIssues`); a compiled dataset stores them as they are.
 */
export const RegistryNoteSchema = z.object({
  code: z.enum([
    "unrouted_bridge",
    "unresolved_origin",
    "bridge_channel_not_routed",
    "chain_killed",
    /** The state snapshot applied (`provider`: its content hash), then one note per verdict of it (src/state/apply.ts). */
    "state_snapshot",
    "channel_closed",
    "client_expired",
    "client_frozen",
    "client_unauthorized",
    "state_unknown",
    "state_stale",
    "transfers_disabled",
    "chain_halted",
    "client_expiring",
  ]),
  provider: z.optional(z.string()),
  chain_id: z.optional(z.string()),
  denom: z.optional(z.string()),
  /** The other side: where an unrouted bridge moved the asset from, or the other chain of a channel. */
  counterparty_chain_id: z.optional(z.string()),
  counterparty_denom: z.optional(z.string()),
  /** A state verdict's fact: the end (on `chain_id`) whose fact decided, and the fact as read. */
  state: z.optional(
    z.object({
      port: z.string(),
      channel: z.string(),
      fact: z.enum(["state", "client_status", "client_expires_at", "latest_block_time", "send_enabled", "receive_enabled"]),
      value: z.nullable(z.string()),
      read_at: z.nullable(z.string()),
      source: z.nullable(z.string()),
      expires_at: z.nullable(z.string()),
    }),
  ),
});
export type RegistryNote = z.infer<typeof RegistryNoteSchema>;
