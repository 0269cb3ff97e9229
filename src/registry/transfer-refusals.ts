/**
 * Transfers a chain refuses right now, in one direction (docs/behaviour.md "Live network state"):
 * what a state snapshot says (src/state/refusals.ts writes them into the registry it narrows), or
 * what an operator writes by hand. Unlike a transfer rule (./transfer-rules.ts, read from a chain's
 * code), a refusal is a dated reading, cited with when and where it was read:
 * - `transfers_disabled`: the transfer module's `send_enabled` (direction `send`) or
 *   `receive_enabled` (`receive`) is false: the chain sends (receives) nothing over any channel
 *   (ibc-go modules/apps/transfer/keeper/relay.go: `SendTransfer` returns `ErrSendDisabled`,
 *   `OnRecvPacket` `ErrReceiveDisabled`);
 * - `rate_limited`: an IBC rate limit of the chain for `denom` (as the chain names it) over its
 *   `channel_id` has less than one base unit left in that direction.
 * The model reads them through `TransferRuleBook.refusesHop`: a hop is refused when its sending
 * chain refuses to send it or its receiving chain refuses to receive it.
 */
import * as z from "zod/mini";

const Text = z.string().check(z.minLength(1, "must be a non-empty string"));

export const TransferRefusalSchema = z.strictObject({
  code: z.enum(["transfers_disabled", "rate_limited"]),
  chain_id: Text,
  direction: z.enum(["send", "receive"]),
  /** The chain's own channel end (a rate limit's `channel_or_client_id`); absent: every channel. */
  channel_id: z.optional(Text),
  /** The denom as the chain names it (a rate limit's `denom`); absent: every denom. */
  denom: z.optional(Text),
  /** The fact as read: `"false"` for a switch, the remaining flow for a rate limit. */
  value: z.nullable(z.string()),
  /** When and where it was read (ISO 8601; an endpoint's URL or who set it by hand); null: not said. */
  read_at: z.nullable(z.string()),
  source: z.nullable(z.string()),
});
export type TransferRefusal = z.infer<typeof TransferRefusalSchema>;

/**
 * Where and when a reading was taken, as every message that rests on one cites it: ` (read <when>
 * from <where>)`, or nothing when the reading says neither.
 */
export function citeReading(reading: { read_at?: string | null; source?: string | null }): string {
  return reading.read_at == null ? "" : ` (read ${reading.read_at} from ${reading.source ?? "an unnamed source"})`;
}

/**
 * A refusal in words, the same in `explain`'s reasons and in the errors of msgs and resume: which
 * chain refuses what, and the reading it rests on.
 */
export function describeRefusal(refusal: TransferRefusal): string {
  const { chain_id: chain, direction } = refusal;
  const what =
    refusal.code === "transfers_disabled"
      ? `"${chain}" has its transfer module's ${refusalFact(refusal)} switched off`
      : `"${chain}" has an IBC rate limit on ${refusal.denom} over ${refusal.channel_id} with ${refusal.value ?? "no"} left to ${direction} (less than one base unit)`;
  return what + citeReading(refusal);
}

/** The fact a refusal stands for, as `explain` names it. */
export function refusalFact(refusal: TransferRefusal): "send_enabled" | "receive_enabled" | "rate_limit" {
  if (refusal.code === "rate_limited") return "rate_limit";
  return refusal.direction === "send" ? "send_enabled" : "receive_enabled";
}
