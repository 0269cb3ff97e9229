/**
 * The packet-forward middleware memo (cosmos/ibc-apps middleware/packet-forward-middleware,
 * README "Full Example" and packetforward/types/forward.go): `{"forward": {receiver, port,
 * channel, timeout, retries, next}}`, one object per chain that forwards, each hop's `next` the
 * memo of the transfer that chain sends. `next` is written as a nested object (the README's first
 * form; PFM marshals it back to text, keeping key order).
 */

/** PFM's intermediate receiver: PFM derives its own account from (channel, sender) and ignores this;
 * an invalid bech32 string makes a chain without PFM refuse the packet (refunded) rather than keep it. */
export const INTERMEDIATE_RECEIVER = "pfm";

export interface ForwardStep {
  /** The forwarding chain's end of the channel it sends over. */
  port: string;
  channel: string;
  /** Who receives on the far end: the user, or INTERMEDIATE_RECEIVER when that chain forwards again. */
  receiver: string;
}

interface ForwardObject {
  forward: { receiver: string; port: string; channel: string; timeout: number; retries: number; next?: ForwardObject };
}

/**
 * The memo of the first transfer of a transaction whose packet `steps` forward on, or "" when
 * there is none. `timeoutNs` is each forward's relative timeout, written as integer nanoseconds
 * (Go's time.Duration: every PFM version reads a number; the "10m" text form only newer ones).
 */
export function forwardMemo(steps: readonly ForwardStep[], timeoutNs: number, retries: number): string {
  let next: ForwardObject | undefined;
  for (let i = steps.length - 1; i >= 0; i--) {
    const { receiver, port, channel } = steps[i]!;
    next = { forward: { receiver, port, channel, timeout: timeoutNs, retries, ...(next === undefined ? {} : { next }) } };
  }
  return next === undefined ? "" : JSON.stringify(next);
}
