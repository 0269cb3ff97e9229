/**
 * The `model` part of a dataset: the `ModelFacts` of the registry beside it, so loading derives
 * nothing. Checked before use, so an index out of range is an `invalid_dataset`, never a crash
 * mid-query.
 */
import * as z from "zod/mini";
import { FungibleError } from "../errors.js";
import type { ModelFacts } from "../model/model.js";
import { channelEndAt, nearEndAt } from "../registry/channel-ends.js";
import { derivedSize } from "../registry/derived-size.js";
import { isOwnOrigin, type Registry } from "../registry/schema.js";
import { Ints } from "./format.js";

/** Field by field, `ModelFacts` (model/model.ts says what each means). */
export const ModelFactsSchema = z.object({
  predecessor: Ints,
  arrival: Ints,
  derived_end: Ints,
  derived_origin: Ints,
  unrouted: Ints,
  shadowing: z.array(z.string()),
}) satisfies z.ZodMiniType<ModelFacts>;

export function checkFacts(registry: Registry, stored: ModelFacts, fail: (why: string) => FungibleError): ModelFacts {
  const listedCount = registry.assets.length;
  const channels = registry.ibc_channels;
  const total = listedCount + stored.derived_end.length;
  if (stored.predecessor.length !== listedCount || stored.arrival.length !== listedCount) {
    throw fail(`model: predecessor and arrival need one entry per listed asset (${listedCount})`);
  }
  if (stored.derived_origin.length !== stored.derived_end.length) throw fail("model: derived_end and derived_origin differ in length");
  const { limit } = derivedSize(registry);
  if (stored.derived_end.length > limit) throw fail(`model: ${stored.derived_end.length} derived vouchers, past the bound of ${limit} for this registry`);
  // The chain an asset of the model sits on: a listed one's own, a derived voucher's that of the end it arrived over.
  const chainOf = (index: number) =>
    index < listedCount ? registry.assets[index]!.chain_id : nearEndAt(channels, stored.derived_end[index - listedCount]!)?.chain_id;
  stored.predecessor.forEach((predecessor, i) => {
    if (predecessor === -1) {
      if (stored.arrival[i] !== -1) throw fail(`model: listed asset ${i} arrived over channel end ${stored.arrival[i]} but steps back to nothing`);
      return;
    }
    const end = channelEndAt(channels, stored.arrival[i]!);
    if (predecessor < 0 || predecessor >= total || predecessor === i || end === undefined) {
      throw fail(`model: listed asset ${i} steps back outside the dataset`);
    }
    // What buildModel derives (model/ibc-links.ts): back over an open channel of the asset's own chain, to its other end.
    const asset = registry.assets[i]!;
    if (end.self.chain_id !== asset.chain_id || end.status === "INACTIVE" || chainOf(predecessor) !== end.counterparty.chain_id) {
      throw fail(
        `model: listed asset ${i} (${asset.denom} on ${asset.chain_id}) steps back over channel end ${stored.arrival[i]} (${end.self.channel_id} of ${end.self.chain_id}, ${end.status}) to an asset of ${chainOf(predecessor) ?? "no chain"}: not a channel of its chain to its predecessor's`,
      );
    }
  });
  // What derives vouchers (model/canonical-assets.ts): a native of its own origin, not a CW20, on another chain.
  const derivable = new Map<number, boolean>();
  const isDerivable = (origin: number) => {
    let ok = derivable.get(origin);
    if (ok === undefined) {
      const native = registry.assets[origin];
      derivable.set(origin, (ok = native !== undefined && !native.is_cw20 && isOwnOrigin(native)));
    }
    return ok;
  };
  stored.derived_end.forEach((end, i) => {
    const origin = stored.derived_origin[i]!;
    const arrival = nearEndAt(channels, end);
    if (arrival === undefined) throw fail(`model: derived voucher ${i} arrives over channel end ${end}, not in the dataset`);
    if (!isDerivable(origin) || registry.assets[origin]!.chain_id === arrival.chain_id) {
      throw fail(`model: derived voucher ${i} names origin ${stored.derived_origin[i]}, not a native asset of another chain`);
    }
  });
  if (stored.unrouted.some((d) => !Number.isInteger(d) || d < 0 || d >= stored.derived_end.length)) throw fail("model: unrouted names a voucher not in the dataset");
  const chainIds = new Set(registry.chains.map((chain) => chain.chain_id));
  for (const chainId of stored.shadowing) if (!chainIds.has(chainId)) throw fail(`model: shadowing names unknown chain "${chainId}"`);
  return stored;
}
