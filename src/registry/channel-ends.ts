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
 * The one index of channel ends, built once per channel list: every consumer (the model, derived
 * vouchers, messages, explain, state, validation) reads the same rows. A channel is a pair of
 * ends, so a row that lists an end an earlier kept row already lists is ignored as a whole: no
 * route, voucher or message uses it, and `validate` says so (`channel_end_reused`).
 */
export interface ChannelIndex {
  /** `channelKey` of each end of a kept row -> its end number (`endNumber`). */
  readonly endByKey: ReadonlyMap<string, number>;
  /** The same ends as views. */
  readonly viewByKey: ReadonlyMap<string, ChannelView>;
  /** Rows ignored, each with the end it repeats and the kept row that lists that end first. */
  readonly ignored: ReadonlyMap<number, { end: ChannelEnd; firstRow: number }>;
}

const indexes = new WeakMap<readonly IbcChannel[], ChannelIndex>();

export function channelIndex(channels: readonly IbcChannel[]): ChannelIndex {
  let index = indexes.get(channels);
  if (index !== undefined) return index;
  const endByKey = new Map<string, number>();
  const viewByKey = new Map<string, ChannelView>();
  const ignored = new Map<number, { end: ChannelEnd; firstRow: number }>();
  channels.forEach((channel, row) => {
    const views = endsOf(channel);
    const keys = views.map(({ self }) => channelKey(self.chain_id, self.port_id, self.channel_id));
    const repeated = keys.findIndex((key) => endByKey.has(key));
    if (repeated !== -1) {
      ignored.set(row, { end: views[repeated]!.self, firstRow: endByKey.get(keys[repeated]!)! >> 1 });
      return;
    }
    views.forEach((view, side) => {
      endByKey.set(keys[side]!, endNumber(row, side));
      viewByKey.set(keys[side]!, view);
    });
  });
  index = { endByKey, viewByKey, ignored };
  indexes.set(channels, index);
  return index;
}

/** Both ends of every kept channel (`channelIndex`), keyed by `channelKey` of the near end. */
export function indexChannelsByEnd(channels: readonly IbcChannel[]): ReadonlyMap<string, ChannelView> {
  return channelIndex(channels).viewByKey;
}
