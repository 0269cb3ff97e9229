/**
 * Each voucher's IBC hop back, read off its trace: the facts `HopLists` builds hops from. Only a
 * model built from a registry reads them here; a dataset stores them (`ModelFacts`).
 */
import { FungibleError } from "../errors.js";
import { voucherDenom, MAX_TRACE_HOPS, traceHopCount, unwindTrace } from "../denom/trace.js";
import { channelEndAt, channelKey } from "../registry/channel-ends.js";
import type { IbcChannel } from "../registry/schema.js";
import { firstEndByKey } from "./channels.js";
import type { AssetRecord, Model, ModelFacts } from "./model.js";

type IbcLinks = Pick<ModelFacts, "predecessor" | "arrival" | "unrouted">;

/**
 * `predecessor`/`arrival` of every listed asset, and which derived vouchers (from `listedCount`
 * on, each one transfer hop from its origin) the channel index does not route back.
 */
export function ibcLinks(
  channels: readonly IbcChannel[],
  asset: (index: number) => AssetRecord,
  assetIndexOf: Model["assetIndexOf"],
  listedCount: number,
  derived: Pick<ModelFacts, "derived_end" | "derived_origin">,
): IbcLinks {
  const firstEnd = firstEndByKey(channels);
  const links: IbcLinks = { predecessor: [], arrival: [], unrouted: [] };
  for (let i = 0; i < listedCount; i++) {
    const found = ibcPredecessor(asset(i), channels, firstEnd, assetIndexOf);
    links.predecessor.push(found === null ? -1 : found.predecessor);
    links.arrival.push(found === null ? -1 : found.end);
  }
  // A derived voucher arrived over its channel end straight from its origin, so its step back is
  // what ibcPredecessor reads off its one-hop trace: the end's status and counterparty, then the
  // origin's own key. Judged once per end and once per origin, not per voucher (millions at 100x
  // mainnet, each with a trace to parse and two keys to build).
  const counterpartyOf = new Map<number, string | null>();
  const originResolves = new Map<number, boolean>();
  for (let d = 0; d < derived.derived_end.length; d++) {
    const end = derived.derived_end[d]!;
    const origin = derived.derived_origin[d]!;
    let counterparty = counterpartyOf.get(end);
    if (counterparty === undefined) {
      const view = channelEndAt(channels, end);
      counterparty = view === undefined || view.status === "INACTIVE" ? null : view.counterparty.chain_id;
      counterpartyOf.set(end, counterparty);
    }
    const native = asset(origin);
    let resolves = originResolves.get(origin);
    if (resolves === undefined) {
      const found = assetIndexOf(native.chainId, native.denom);
      if (found !== undefined && found !== origin) {
        const voucher = asset(listedCount + d);
        throw new FungibleError("internal", `buildModel: derived voucher ${voucher.denom} on ${voucher.chainId} steps back to another asset than its origin`);
      }
      resolves = found === origin;
      originResolves.set(origin, resolves);
    }
    if (counterparty !== native.chainId || !resolves) links.unrouted.push(d);
  }
  return links;
}

/**
 * The asset one IBC hop back along a voucher's trace: over the voucher chain's channel named by
 * the trace's first segment, on the counterparty, with that segment removed. `null` when the
 * trace is native or unparseable, the channel is unknown or INACTIVE, or that asset does not exist.
 */
function ibcPredecessor(
  voucher: AssetRecord,
  channels: readonly IbcChannel[],
  firstEnd: ReadonlyMap<string, number>,
  assetIndexOf: Model["assetIndexOf"],
): { predecessor: number; end: number } | null {
  // Deeper than routes follow: unreached, so no answer repeats hundreds of ever longer traces.
  if (traceHopCount(voucher.trace) > MAX_TRACE_HOPS) return null;
  const unwound = unwindTrace(voucher.trace);
  if (unwound === null) return null;
  const end = firstEnd.get(channelKey(voucher.chainId, unwound.hop.port, unwound.hop.channel));
  if (end === undefined) return null;
  const view = channelEndAt(channels, end)!;
  if (view.status === "INACTIVE") return null;
  const counterpartyChain = view.counterparty.chain_id;
  if (unwound.rest === "" && counterpartyChain !== voucher.originChainId) return null;
  const predecessor = assetIndexOf(counterpartyChain, voucherDenom(unwound.rest, voucher.originDenom));
  if (predecessor === undefined || predecessor === voucher.index) return null;
  return { predecessor, end };
}
