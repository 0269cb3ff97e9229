/**
 * The one-way facts of a state snapshot as refusals of the registry it narrows
 * (src/registry/transfer-refusals.ts): a transfer switch off, and an IBC rate limit with less than
 * one base unit left in a direction. Each stops the hops of one direction only, where a channel's
 * death stops both: ibc-go refuses a send from a chain whose `send_enabled` is false
 * (modules/apps/transfer/keeper/relay.go `SendTransfer`: `ErrSendDisabled`) and a packet into a
 * chain whose `receive_enabled` is false (`OnRecvPacket`: `ErrReceiveDisabled`, an error
 * acknowledgement), @ee35255c8f82462b5dc5b6e2f6e31d36c1f1361d; the rate-limit module counts a send
 * on the sending chain and a receive on the receiving one (./rate-limits.ts).
 */
import type { TransferRefusal } from "../registry/transfer-refusals.js";
import type { ChainState } from "./format.js";
import { exhausted, remainingFlow } from "./rate-limits.js";

/** The refusals of the snapshot's chains (those whose node reported their own id) that the registry lists, in chain order. */
export function refusalsOf(chains: ReadonlyMap<string, ChainState>, listed: ReadonlySet<string>): TransferRefusal[] {
  const refusals: TransferRefusal[] = [];
  for (const chainId of [...chains.keys()].sort()) {
    if (!listed.has(chainId)) continue;
    const chain = chains.get(chainId)!;
    const { transfer, rate_limits: limits } = chain;
    if (transfer.value !== null) {
      for (const [switched, direction] of [["send_enabled", "send"], ["receive_enabled", "receive"]] as const) {
        if (!transfer.value[switched]) refusals.push({ code: "transfers_disabled", chain_id: chainId, direction, value: "false", read_at: transfer.read_at, source: transfer.source });
      }
    }
    for (const limit of limits.value?.limits ?? []) {
      for (const [flow, direction] of [["send", "send"], ["recv", "receive"]] as const) {
        if (!exhausted(limit, flow)) continue;
        refusals.push({
          code: "rate_limited",
          chain_id: chainId,
          direction,
          channel_id: limit.channel_or_client_id,
          denom: limit.denom,
          value: remainingFlow(limit, flow).toString(),
          read_at: limits.read_at,
          source: limits.source,
        });
      }
    }
  }
  return refusals;
}
