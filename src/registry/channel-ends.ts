/**
 * IBC channels seen from each end: "over my channel c, who is on the other side?". The one index
 * of channel ends; the router routes over it and `validate` checks it.
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
 * Both ends of a channel as seen from each side: side 0 from `chain_1`, side 1 from `chain_2`.
 * Channel end `row * 2 + side` of a channel list (`endNumber`) is the one numbering of ends: the
 * index below, derived vouchers and datasets all count ends this way.
 */
export function endsOf(channel: IbcChannel): [ChannelView, ChannelView] {
  return [endView(channel, 0), endView(channel, 1)];
}

function endView(channel: IbcChannel, side: number): ChannelView {
  const [self, counterparty] = side === 0 ? [channel.chain_1, channel.chain_2] : [channel.chain_2, channel.chain_1];
  return { self, counterparty, status: channel.status, preferred: channel.preferred };
}

/** The number of the end on `side` (0: `chain_1`, 1: `chain_2`) of channel `row`. */
export function endNumber(row: number, side: number): number {
  return row * 2 + side;
}

/** Channel end number `end` of `channels` (see `endsOf`), or `undefined` when there is no such end. */
export function channelEndAt(channels: readonly IbcChannel[], end: number): ChannelView | undefined {
  const channel = Number.isInteger(end) && end >= 0 ? channels[end >> 1] : undefined;
  return channel === undefined ? undefined : endView(channel, end & 1);
}

/** `channelEndAt(channels, end)?.self` without building the view. */
export function nearEndAt(channels: readonly IbcChannel[], end: number): ChannelEnd | undefined {
  const channel = Number.isInteger(end) && end >= 0 ? channels[end >> 1] : undefined;
  return channel === undefined ? undefined : (end & 1) === 0 ? channel.chain_1 : channel.chain_2;
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
    for (const view of endsOf(channel)) {
      const { self, counterparty } = view;
      const key = channelKey(self.chain_id, self.port_id, self.channel_id);
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
