/**
 * The in-memory model: canonical assets with their wire objects built once, and the hop
 * adjacency the route search walks. The graphology graph mirrors it for analysts.
 */
import type { Chain, HubBridge, SwapVenue } from "../registry/schema.js";
import type { BridgeType } from "../wire/schema.js";
import type { HopKind } from "../wire/route.js";
import type { WireAsset } from "../wire/schema.js";

export interface AssetRecord {
  /** Position in canonical order: registry order, then derived vouchers by (chain, denom). */
  index: number;
  chainIndex: number;
  chainId: string;
  denom: string;
  trace: string;
  originChainId: string;
  originDenom: string;
  isCw20: boolean;
  isEvm: boolean;
  /** Listed by the registry (false for a derived single-hop voucher). */
  listed: boolean;
  /** Native and its own origin (`isOwnOrigin`): what BASE_TOKEN keeps. */
  isBaseToken: boolean;
  hasMetadata: boolean;
  /** The wire object, frozen and shared by every answer that contains this asset. */
  wire: WireAsset;
}

/** What `Model.decodeIbcDenom` finds (src/model/ibc-decode.ts). */
export interface DecodedVoucher {
  /** The voucher's trace on the holding chain, outermost hop first. */
  trace: string;
  /** The native asset (its index, `model.asset`) the voucher is a voucher of. */
  origin: number;
  /** The chains it passes through as it unwinds hop by hop, one per hop of `trace`; the last is the origin's. */
  chains: string[];
}

export interface HopEdge {
  to: number;
  kind: HopKind;
  bridge: BridgeType | null;
  /** Sending side of an IBC hop. */
  port: string | null;
  channel: string | null;
  venue: string | null;
  /** The `(chain_id, channel)` element this hop adds to the tie-break sequence. */
  sequenceLabel: string;
}

export interface Model {
  /** Chains sorted by chain id; `chainIndex` of an asset points here. */
  chains: Chain[];
  chainIndexById: Map<string, number>;
  /**
   * The asset at `index`: the canonical assets (listed, then derived vouchers) in canonical
   * order, then the admitted vouchers. A derived voucher's record is made the first time it is
   * read: tens of thousands on mainnet, most in no answer.
   */
  asset(index: number): AssetRecord;
  /** One past the highest asset index in use: `canonicalCount`, then the admitted vouchers' slots. */
  assetCount(): number;
  /** The index of the asset `denom` on chain `chainId` (EVM addresses compared folded, as `denomKey`), or `undefined`. */
  assetIndexOf(chainId: string, denom: string): number | undefined;
  /**
   * The trace and native origin of an `ibc/` denom the model neither lists nor derives (a multi-hop
   * voucher), or `undefined` (src/model/ibc-decode.ts: a table built on first use per chain).
   */
  decodeIbcDenom(chainId: string, denom: string): DecodedVoucher | undefined;
  /**
   * Indexes `0 .. canonicalCount` are the canonical assets (listed and derived), which every
   * enumeration reads; later ones are decoded vouchers admitted as sources (`admitIbcDenom`),
   * each index reused once its voucher is given up.
   */
  readonly canonicalCount: number;
  /**
   * The index of the decoded voucher `denom` on `chainId` as an asset, admitted on first ask with
   * the vouchers it unwinds through (src/model/admitted-vouchers.ts), or `undefined` when it does
   * not decode. Its one hop unwinds its trace; no hop leads to it, so no other answer changes.
   * The vouchers kept are bounded: past the limit the least recently used one's index is reused.
   */
  admitIbcDenom(chainId: string, denom: string): number | undefined;
  /** Calls `listener` with each admitted index given up for reuse: a cache keyed by asset index drops its entry. */
  onAdmittedEvicted(listener: (asset: number) => void): void;
  /** Per chain index: its asset indexes in canonical order. */
  assetsByChain: number[][];
  /** Per asset index: IBC and bridge hops leaving it, in a fixed order (every list built at once). */
  readonly hops: HopEdge[][];
  /** `hops[asset]`, built the first time a search walks that asset. */
  hopsOf(asset: number): readonly HopEdge[];
  swapVenues: SwapVenue[];
  /** The chain index of each hub bridge's hub (`bridgeHubsOf`: the registry's, else the bridge facts file's); no entry: no hub. */
  bridgeHubs: ReadonlyMap<HubBridge, number>;
  /** What `buildModel` derived from the registry (or was given): a dataset stores it. */
  readonly facts: ModelFacts;
}

/**
 * The facts `buildModel` derives from a registry by parsing traces, choosing transfer channels
 * and hashing denoms; a dataset stores them so loading does none of that. A channel end is
 * `row * 2 + side` of `registry.ibc_channels` (`endNumber`).
 */
export interface ModelFacts {
  /** Per listed asset: the asset its IBC hop back leads to, or -1. */
  predecessor: number[];
  /** Per listed asset: the channel end it arrived over, or -1 with no predecessor. */
  arrival: number[];
  /** Per derived voucher, in canonical order: the end it arrived over (its chain and trace). */
  derived_end: number[];
  /** Per derived voucher: the native asset (index in `registry.assets`) it is a voucher of. */
  derived_origin: number[];
  /** Derived vouchers (positions in `derived_end`) whose hop back the channel index does not route. */
  unrouted: number[];
  /** Chains where a derived voucher has a listed asset's denom (and replaces it in look-ups). */
  shadowing: string[];
}

/** The canonical assets in canonical order (every derived voucher's record made): for what enumerates them all. */
export function canonicalAssets(model: Pick<Model, "asset" | "canonicalCount">): AssetRecord[] {
  return Array.from({ length: model.canonicalCount }, (_, index) => model.asset(index));
}
