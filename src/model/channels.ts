/** Which transfer channel a derived voucher travels: preferred, else the lowest number. */
import { channelIndex, endsOf, type ChannelView } from "../registry/channel-ends.js";
import type { IbcChannel } from "../registry/schema.js";

/** The number of `channel-N`, for "lowest channel number" tie-breaks; non-numeric ids sort last. */
export function channelNumber(channelId: string): number {
  const match = /^channel-(\d+)$/.exec(channelId);
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
}

/**
 * For derived vouchers: per ordered chain pair, the one ACTIVE transfer/transfer channel to use,
 * the preferred one, else the lowest channel number on the receiving side (docs/behaviour.md §2).
 * Key: `from\0to`; value: the view from the receiving chain `to`.
 */
export function chooseTransferChannels(channels: readonly IbcChannel[]): Map<string, ChannelView> {
  const chosen = new Map<string, ChannelView>();
  const { ignored } = channelIndex(channels);
  for (const [row, channel] of channels.entries()) {
    if (ignored.has(row)) continue;
    if (channel.status !== "ACTIVE") continue;
    if (channel.chain_1.port_id !== "transfer" || channel.chain_2.port_id !== "transfer") continue;
    if (channel.chain_1.chain_id === channel.chain_2.chain_id) continue;
    // Each end is the receiving side of one direction (the two keys differ, so order does not matter).
    for (const view of endsOf(channel)) {
      const key = `${view.counterparty.chain_id}\u0000${view.self.chain_id}`;
      const current = chosen.get(key);
      if (current === undefined || betterTransferChannel(view, current)) chosen.set(key, view);
    }
  }
  return chosen;
}

function betterTransferChannel(candidate: ChannelView, current: ChannelView): boolean {
  if (candidate.preferred !== current.preferred) return candidate.preferred;
  return channelNumber(candidate.self.channel_id) < channelNumber(current.self.channel_id);
}

/** Channel end numbers (`endNumber`) keyed by `channelKey` of the near end (`channelIndex`): the end a voucher arrived over, by its trace. */
export function firstEndByKey(channels: readonly IbcChannel[]): ReadonlyMap<string, number> {
  return channelIndex(channels).endByKey;
}
