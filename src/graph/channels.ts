/**
 * IBC channels seen from each end: the engine asks "over my channel c, who is on the other side?".
 */
import type { ChannelEnd, IbcChannel } from "../registry/schema.js";

export interface ChannelView {
  self: ChannelEnd;
  counterparty: ChannelEnd;
  status: IbcChannel["status"];
  preferred: boolean;
}

export function channelKey(chainId: string, portId: string, channelId: string): string {
  return `${chainId}\u0000${portId}\u0000${channelId}`;
}

/** Both ends of every channel, keyed by `channelKey` of the near end. The first listing wins. */
export function indexChannelsByEnd(channels: readonly IbcChannel[]): Map<string, ChannelView> {
  const byEnd = new Map<string, ChannelView>();
  for (const channel of channels) {
    const ends: [ChannelEnd, ChannelEnd][] = [
      [channel.chain_1, channel.chain_2],
      [channel.chain_2, channel.chain_1],
    ];
    for (const [self, counterparty] of ends) {
      const key = channelKey(self.chain_id, self.port_id, self.channel_id);
      if (!byEnd.has(key)) byEnd.set(key, { self, counterparty, status: channel.status, preferred: channel.preferred });
    }
  }
  return byEnd;
}

/** The number of `channel-N`, for "lowest channel number" tie-breaks; non-numeric ids sort last. */
export function channelNumber(channelId: string): number {
  const match = /^channel-(\d+)$/.exec(channelId);
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
}

/**
 * For derived vouchers: per ordered chain pair, the one ACTIVE transfer/transfer channel to use,
 * the preferred one, else the lowest channel number on the receiving side (SEMANTICS section 2).
 * Key: `from\0to`; value: the view from the receiving chain `to`.
 */
export function chooseTransferChannels(channels: readonly IbcChannel[]): Map<string, ChannelView> {
  const chosen = new Map<string, ChannelView>();
  for (const channel of channels) {
    if (channel.status !== "ACTIVE") continue;
    if (channel.chain_1.port_id !== "transfer" || channel.chain_2.port_id !== "transfer") continue;
    if (channel.chain_1.chain_id === channel.chain_2.chain_id) continue;
    const views: ChannelView[] = [
      { self: channel.chain_2, counterparty: channel.chain_1, status: channel.status, preferred: channel.preferred },
      { self: channel.chain_1, counterparty: channel.chain_2, status: channel.status, preferred: channel.preferred },
    ];
    for (const view of views) {
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
