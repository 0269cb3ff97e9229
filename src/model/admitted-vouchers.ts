/**
 * Decoded vouchers as assets (docs/behaviour.md §2 "Decoding the denoms the network holds"): a
 * multi-hop `ibc/` denom the model neither lists nor derives, decoded (./ibc-decode.ts), becomes
 * an asset the first time a request names it, appended after the canonical assets. Its one hop is
 * its IBC unwind (ICS-20 sends a voucher back over the channel its trace starts with); the voucher
 * it unwinds to is the model's own asset when it has one, else admitted the same way, down to the
 * origin. No hop of any other asset leads to an admitted one, so admitting changes no other answer,
 * and the answer for a denom does not depend on what was asked before (`data_version` holds).
 */
import { voucherDenom } from "../denom/trace.js";
import { FungibleError } from "../errors.js";
import { denomKey } from "../registry/schema.js";
import { METADATA_FIELDS, wireAsset } from "./canonical-assets.js";
import type { AssetRecord, HopEdge, Model } from "./model.js";
import { ibcDenomIgnoringCase } from "./suggest.js";

/** The model admission reads and appends to: a built model, or explain's diagnostic model. */
export type AdmissionHost = Model;

/**
 * The most vouchers one model admits: each is an asset held until the router is replaced (about
 * 1 KiB), so requests cannot grow a long-running service without bound. Past it a new one is
 * refused (`unavailable`); a reload starts again from none.
 */
export const ADMITTED_LIMIT = 50_000;

export class AdmittedVouchers {
  /** By chain index: denomKey -> index in `host.assets`. */
  private readonly byChain = new Map<number, Map<string, number>>();
  /** By admitted index: its one hop (the unwind). */
  private readonly hops = new Map<number, readonly HopEdge[]>();

  constructor(
    private readonly host: AdmissionHost,
    private readonly limit = ADMITTED_LIMIT,
  ) {}

  admit(chainId: string, denom: string): number | undefined {
    const chainIndex = this.host.chainIndexById.get(chainId);
    if (chainIndex === undefined || !/^ibc\/[0-9a-f]{64}$/i.test(denom)) return undefined;
    const known = this.byChain.get(chainIndex)?.get(denomKey(`ibc/${denom.slice(4).toUpperCase()}`));
    if (known !== undefined) return known;
    const decoded = this.host.decodeIbcDenom(chainId, denom);
    if (decoded === undefined) return undefined;
    return this.voucher(chainIndex, decoded.trace, decoded.chains, decoded.origin);
  }

  /** The hops of an admitted asset (its unwind), or `undefined` for any other index. */
  hopsOf(asset: number): readonly HopEdge[] | undefined {
    return this.hops.get(asset);
  }

  /** The asset with `trace` over `origin` on chain `chainIndex`, which unwinds through `chains`. */
  private voucher(chainIndex: number, trace: string, chains: readonly string[], origin: number): number {
    const { host } = this;
    const native = host.assets[origin]!;
    if (trace === "") return origin;
    const chainId = host.chains[chainIndex]!.chain_id;
    const denom = voucherDenom(trace, native.denom);
    const existing = host.assetIndexOf(chainId, denom) ?? ibcDenomIgnoringCase(host, chainId, denom) ?? this.byChain.get(chainIndex)?.get(denomKey(denom));
    if (existing !== undefined) return existing;
    // The first segment of the trace is this chain's end: the unwind goes back over it.
    const [port, channel, ...rest] = trace.split("/");
    const to = this.voucher(host.chainIndexById.get(chains[0]!)!, rest.join("/"), chains.slice(1), origin);
    if (this.hops.size >= this.limit) {
      throw new FungibleError("unavailable", `asset "${denom}" on chain "${chainId}" is a decoded voucher, but this router already holds ${this.limit} of them as assets; a reloaded router admits it`);
    }
    const index = host.assets.length;
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
    host.assets.push(record);
    let keys = this.byChain.get(chainIndex);
    if (keys === undefined) this.byChain.set(chainIndex, (keys = new Map()));
    keys.set(denomKey(denom), index);
    this.hops.set(index, [{ to, kind: "ibc", bridge: "IBC", port: port!, channel: channel!, venue: null, sequenceLabel: `${chainId}\u0000${channel}` }]);
    return index;
  }

  /** Whether the registry lists a version of `native` (same origin) on chain `chainIndex`. */
  private listsVersionOf(chainIndex: number, native: AssetRecord): boolean {
    const key = denomKey(native.denom);
    return this.host.assetsByChain[chainIndex]!.some((i) => {
      const asset = this.host.assets[i]!;
      return asset.listed && asset.originChainId === native.chainId && denomKey(asset.originDenom) === key;
    });
  }
}
