/**
 * One numbering of channel ends: `row * 2 + side` (side 0 seen from chain_1, 1 from chain_2), the
 * same for the channel index, derived vouchers and a dataset's `model`.
 */
import { describe, expect, test } from "vitest";
import { buildRouter, compileDataset, parseRegistry } from "../../src/index.js";
import { channelEndAt, channelKey, endNumber, endsOf, indexChannelsByEnd, nearEndAt } from "../../src/registry/channel-ends.js";
import { fixtureRegistry } from "../support/fixtures.js";

describe("channel ends", () => {
  const registry = parseRegistry(fixtureRegistry("cosmos-small.json"));
  const channels = registry.ibc_channels;

  test("endsOf, endNumber, channelEndAt and nearEndAt agree, and nothing outside the list is an end", () => {
    channels.forEach((channel, row) => {
      const ends = endsOf(channel);
      expect(ends.map((view) => view.self)).toEqual([channel.chain_1, channel.chain_2]);
      expect(ends.map((view) => view.counterparty)).toEqual([channel.chain_2, channel.chain_1]);
      ends.forEach((view, side) => {
        const end = endNumber(row, side);
        expect(channelEndAt(channels, end)).toEqual({ ...view });
        expect(nearEndAt(channels, end)).toBe(view.self);
        expect(channelEndAt(channels, end ^ 1)!.self).toBe(view.counterparty);
      });
    });
    for (const outside of [-1, channels.length * 2, 1.5, Number.NaN]) {
      expect(channelEndAt(channels, outside)).toBeUndefined();
      expect(nearEndAt(channels, outside)).toBeUndefined();
    }
  });

  test("the channel index holds the views endsOf gives, and a dataset's arrival ends name the same ends", () => {
    const index = indexChannelsByEnd(channels);
    channels.forEach((channel, row) => {
      endsOf(channel).forEach((view, side) => {
        const listed = index.get(channelKey(view.self.chain_id, view.self.port_id, view.self.channel_id))!;
        if (listed.self === view.self) expect(channelEndAt(channels, endNumber(row, side))).toEqual(listed);
      });
    });
    const model = JSON.parse(compileDataset(buildRouter(registry))).model as { arrival: number[]; derived_end: number[] };
    for (const end of [...model.arrival.filter((e) => e !== -1), ...model.derived_end]) expect(nearEndAt(channels, end)).toBeDefined();
  });
});
