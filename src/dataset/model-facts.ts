/**
 * The `model` part of a dataset: the `ModelFacts` of the registry beside it, so loading derives
 * nothing. Checked before use, so an index out of range is an `invalid_dataset`, never a crash
 * mid-query.
 */
import * as z from "zod";
import { FungibleError } from "../errors.js";
import type { ModelFacts } from "../model/model.js";
import { nearEndAt } from "../registry/channel-ends.js";
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
}) satisfies z.ZodType<ModelFacts>;

export function checkFacts(registry: Registry, stored: ModelFacts, fail: (why: string) => FungibleError): ModelFacts {
  const listedCount = registry.assets.length;
  const channels = registry.ibc_channels;
  const total = listedCount + stored.derived_end.length;
  if (stored.predecessor.length !== listedCount || stored.arrival.length !== listedCount) {
    throw fail(`model: predecessor and arrival need one entry per listed asset (${listedCount})`);
  }
  if (stored.derived_origin.length !== stored.derived_end.length) throw fail("model: derived_end and derived_origin differ in length");
  stored.predecessor.forEach((predecessor, i) => {
    if (predecessor === -1) return;
    if (predecessor < 0 || predecessor >= total || predecessor === i || nearEndAt(channels, stored.arrival[i]!) === undefined) {
      throw fail(`model: listed asset ${i} steps back outside the dataset`);
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
