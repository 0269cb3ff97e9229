/**
 * IBC channels seen from each end: "over my channel c, who is on the other side?". The one index
 * of channel ends; the engine routes over it and `validate` checks it.
 */
import type { ChannelEnd, IbcChannel } from "./schema.js";

export interface ChannelView {
  self: ChannelEnd;
  counterparty: ChannelEnd;
  status: IbcChannel["status"];
  preferred: boolean;
}

export function channelKey(chainId: string, portId: string, channelId: string): string {
  return `${chainId}\u0000${portId}\u0000${channelId}`;
}

/**
 * Both ends of every channel, keyed by `channelKey` of the near end. The first listing wins;
 * `onReused` hears of a later listing that gives an end another counterparty.
 */
export function indexChannelsByEnd(
  channels: readonly IbcChannel[],
  onReused?: (view: ChannelView, first: ChannelView, index: number) => void,
): Map<string, ChannelView> {
  const byEnd = new Map<string, ChannelView>();
  channels.forEach((channel, index) => {
    const ends: [ChannelEnd, ChannelEnd][] = [
      [channel.chain_1, channel.chain_2],
      [channel.chain_2, channel.chain_1],
    ];
    for (const [self, counterparty] of ends) {
      const key = channelKey(self.chain_id, self.port_id, self.channel_id);
      const view = { self, counterparty, status: channel.status, preferred: channel.preferred };
      const first = byEnd.get(key);
      if (first === undefined) byEnd.set(key, view);
      else if (onReused && channelKey(first.counterparty.chain_id, first.counterparty.port_id, first.counterparty.channel_id) !==
        channelKey(counterparty.chain_id, counterparty.port_id, counterparty.channel_id)) {
        onReused(view, first, index);
      }
    }
  });
  return byEnd;
}
