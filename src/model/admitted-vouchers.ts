/**
 * Decoded vouchers as assets (docs/behaviour.md §2 "Decoding the denoms the network holds"): a
 * multi-hop `ibc/` denom the model neither lists nor derives, decoded (./ibc-decode.ts), becomes
 * an asset the first time a request names it, placed after the canonical assets. Its one hop is
 * its IBC unwind (ICS-20 sends a voucher back over the channel its trace starts with); the voucher
 * it unwinds to is the model's own asset when it has one, else admitted the same way, down to the
 * origin. No hop of any other asset leads to an admitted one, so admitting changes no other answer,
 * and the answer for a denom does not depend on what was asked before (`data_version` holds).
 *
 * The vouchers kept are a bounded LRU, so no client can spend a budget others share: past the
 * limit the least recently used gives its index (slot) up to the new one, and every cache keyed by
 * asset index is told (`onEvicted`). Asking for a voucher makes it, then each voucher it unwinds
 * through, the most recently used: a voucher is always more recent than those that unwind through
 * it, so the one given up has none kept that unwinds through it (no index kept points at its slot).
 */
import { voucherDenom } from "../denom/trace.js";
import { denomKey } from "../registry/schema.js";
import { METADATA_FIELDS, wireAsset } from "./canonical-assets.js";
import { DECODE_MAX_HOPS } from "./ibc-decode.js";
import type { AssetRecord, HopEdge, Model } from "./model.js";
import { ibcDenomIgnoringCase } from "./suggest.js";

/** The model admission reads and writes: a built model, or explain's diagnostic model. */
export type AdmissionHost = Model;

/**
 * The most vouchers one model keeps as assets (about 1 KiB each), so requests cannot grow a
 * long-running service without bound. Past it the least recently used one is given up (asked
 * again, it is admitted again, with the same answers).
 */
export const ADMITTED_LIMIT = 50_000;

/**
 * The fewest a model may keep: one request names at most two assets (a source and a destination),
 * each admitted with up to DECODE_MAX_HOPS vouchers, and the second may not push out the first.
 */
export const ADMITTED_MIN = 2 * DECODE_MAX_HOPS;

export class AdmittedVouchers {
  /** By chain index: denomKey -> asset index. */
  private readonly byChain = new Map<number, Map<string, number>>();
  /** By asset index minus the host's `canonicalCount`: the admitted voucher's record. */
  private readonly records: AssetRecord[] = [];
  /** By admitted index: its one hop (the unwind). Insertion order is recency: the first key is the least recently used. */
  private readonly hops = new Map<number, readonly HopEdge[]>();
  private readonly listeners: ((asset: number) => void)[] = [];

  constructor(
    private readonly host: AdmissionHost,
    private readonly limit = ADMITTED_LIMIT,
  ) {
    if (!Number.isSafeInteger(limit) || limit < ADMITTED_MIN) throw new RangeError(`AdmittedVouchers: the limit must be an integer of at least ${ADMITTED_MIN}, got ${limit}`);
  }

  admit(chainId: string, denom: string): number | undefined {
    const chainIndex = this.host.chainIndexById.get(chainId);
    if (chainIndex === undefined || !/^ibc\/[0-9a-f]{64}$/i.test(denom)) return undefined;
    let index = this.byChain.get(chainIndex)?.get(denomKey(`ibc/${denom.slice(4).toUpperCase()}`));
    if (index === undefined) {
      const decoded = this.host.decodeIbcDenom(chainId, denom);
      if (decoded === undefined) return undefined;
      index = this.voucher(chainIndex, decoded.trace, decoded.chains, decoded.origin);
    }
    this.use(index);
    return index;
  }

  /** Calls `listener` with each index given up, before it is reused: a cache keyed by asset index drops its entry. */
  onEvicted(listener: (asset: number) => void): void {
    this.listeners.push(listener);
  }

  /** The record at admitted index `index` (from the host's `canonicalCount` on, within `count`). */
  record(index: number): AssetRecord {
    return this.records[index - this.host.canonicalCount]!;
  }

  /** The slots in use: admitted indexes run from the host's `canonicalCount` to that plus this. */
  get count(): number {
    return this.records.length;
  }

  /** The hops of an admitted asset (its unwind), or `undefined` for any other index. */
  hopsOf(asset: number): readonly HopEdge[] | undefined {
    return this.hops.get(asset);
  }

  /** The asset with `trace` over `origin` on chain `chainIndex`, which unwinds through `chains`. */
  private voucher(chainIndex: number, trace: string, chains: readonly string[], origin: number): number {
    const { host } = this;
    const native = host.asset(origin);
    if (trace === "") return origin;
    const chainId = host.chains[chainIndex]!.chain_id;
    const denom = voucherDenom(trace, native.denom);
    const existing = host.assetIndexOf(chainId, denom) ?? ibcDenomIgnoringCase(host, chainId, denom);
    if (existing !== undefined) return existing;
    const kept = this.byChain.get(chainIndex)?.get(denomKey(denom));
    if (kept !== undefined) {
      // Most recent, with what it unwinds through, so making its new vouchers gives none of them up.
      this.use(kept);
      return kept;
    }
    // The first segment of the trace is this chain's end: the unwind goes back over it.
    const [port, channel, ...rest] = trace.split("/");
    const to = this.voucher(host.chainIndexById.get(chains[0]!)!, rest.join("/"), chains.slice(1), origin);
    const index = this.hops.size < this.limit ? host.canonicalCount + this.records.length : this.evictLeastRecent();
    const fields = {
      chainId,
      denom,
      trace,
      originChainId: native.chainId,
      originDenom: native.denom,
      isCw20: false,
      isEvm: false,
      listed: false,
      isBaseToken: false,
      hasMetadata: false,
    };
    // The origin's metadata where the registry lists a version of it on this chain (docs/behaviour.md §2).
    const metadata: Record<string, unknown> = {};
    if (this.listsVersionOf(chainIndex, native)) for (const field of METADATA_FIELDS) if (native.wire[field] !== undefined) metadata[field] = native.wire[field];
    fields.hasMetadata = Object.keys(metadata).length > 0;
    const record: AssetRecord = { index, chainIndex, ...fields, wire: wireAsset(fields, metadata, host.chains[chainIndex]!.chain_type === "svm") };
    this.records[index - host.canonicalCount] = record;
    let keys = this.byChain.get(chainIndex);
    if (keys === undefined) this.byChain.set(chainIndex, (keys = new Map()));
    keys.set(denomKey(denom), index);
    this.hops.set(index, [{ to, kind: "ibc", bridge: "IBC", port: port!, channel: channel!, venue: null, sequenceLabel: `${chainId}\u0000${channel}` }]);
    return index;
  }

  /** Makes `asset` the most recently used, then each admitted voucher it unwinds through. */
  private use(asset: number): void {
    for (let hops = this.hops.get(asset); hops !== undefined; asset = hops[0]!.to, hops = this.hops.get(asset)) {
      this.hops.delete(asset);
      this.hops.set(asset, hops);
    }
  }

  /** Gives up the least recently used voucher (none kept unwinds through it) and returns its index to reuse. */
  private evictLeastRecent(): number {
    const [asset] = this.hops.keys();
    const record = this.record(asset!);
    this.byChain.get(record.chainIndex)!.delete(denomKey(record.denom));
    this.hops.delete(asset!);
    for (const listener of this.listeners) listener(asset!);
    return asset!;
  }

  /** Whether the registry lists a version of `native` (same origin) on chain `chainIndex`. */
  private listsVersionOf(chainIndex: number, native: AssetRecord): boolean {
    const key = denomKey(native.denom);
    return this.host.assetsByChain[chainIndex]!.some((i) => {
      const asset = this.host.asset(i);
      return asset.listed && asset.originChainId === native.chainId && denomKey(asset.originDenom) === key;
    });
  }
}
