/**
 * The `model` part of a dataset: written from a built router (`storedModel`), checked before use
 * (`checkedModel`) so an index out of range is an `invalid_dataset`, never a crash mid-query.
 */
import { FungibleError } from "../errors.js";
import { unwindTrace } from "../denom/trace.js";
import { ibcPredecessors } from "../model/hops.js";
import type { Model } from "../model/model.js";
import { channelKey, endNumber, endsOf, nearEndAt } from "../registry/channel-ends.js";
import { assetKey, isOwnOrigin, type ChannelEnd, type Registry } from "../registry/schema.js";
import type { StoredModel } from "../model/restore-model.js";

export function storedModel(registry: Registry, model: Model): StoredModel {
  const endOf = new Map<ChannelEnd, number>();
  const firstEnd = new Map<string, number>();
  registry.ibc_channels.forEach((channel, row) => {
    endsOf(channel).forEach(({ self }, side) => {
      const end = endNumber(row, side);
      endOf.set(self, end);
      const key = channelKey(self.chain_id, self.port_id, self.channel_id);
      if (!firstEnd.has(key)) firstEnd.set(key, end);
    });
  });
  const predecessors = ibcPredecessors(registry, model.assets, model.assetIndexByKey);
  const listedCount = registry.assets.length;
  const stored: StoredModel = { predecessor: [], arrival: [], derived_end: [], derived_origin: [], unrouted: [], shadowing: [] };
  const broken = (why: string) => new FungibleError("internal", `compileDataset: ${why}`);
  predecessors.slice(0, listedCount).forEach((found) => {
    stored.predecessor.push(found === null ? -1 : found.predecessor);
    stored.arrival.push(found === null ? -1 : endOf.get(found.view.self)!);
  });
  for (const asset of model.assets.slice(listedCount)) {
    const unwound = unwindTrace(asset.trace);
    const end = unwound === null || unwound.rest !== "" ? undefined : firstEnd.get(channelKey(asset.chainId, unwound.hop.port, unwound.hop.channel));
    const origin = model.assetIndexByKey.get(assetKey(asset.originChainId, asset.originDenom));
    if (end === undefined || origin === undefined || origin >= listedCount) {
      throw broken(`derived voucher ${asset.denom} on ${asset.chainId} is not one transfer hop from a listed native`);
    }
    const found = predecessors[asset.index]!;
    if (found === null) stored.unrouted.push(stored.derived_end.length);
    else if (found.predecessor !== origin || endOf.get(found.view.self) !== end) {
      throw broken(`derived voucher ${asset.denom} on ${asset.chainId} steps back to another asset than its origin`);
    }
    stored.derived_end.push(end);
    stored.derived_origin.push(origin);
  }
  const shadowing = new Set<string>();
  registry.assets.forEach((asset, i) => {
    if (model.assetIndexByKey.get(assetKey(asset.chain_id, asset.denom)) !== i) shadowing.add(asset.chain_id);
  });
  stored.shadowing = [...shadowing];
  return stored;
}

export function checkedModel(registry: Registry, stored: StoredModel, fail: (why: string) => FungibleError): StoredModel {
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
