/**
 * The in-memory model: canonical assets with their wire objects built once, and the hop
 * adjacency the route search walks. The graphology graph mirrors it for analysts.
 */
import type { Chain, SwapVenue } from "../registry/schema.js";
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
  assets: AssetRecord[];
  /** `assetKey(chain_id, denom)` -> asset index. */
  assetIndexByKey: Map<string, number>;
  /** Per chain index: its asset indexes in canonical order. */
  assetsByChain: number[][];
  /**
   * Per asset index: IBC and bridge hops leaving it, in a fixed order. A model loaded from a
   * dataset builds them on first read: searches read one asset's list through `hopsOf`.
   */
  readonly hops: HopEdge[][];
  /** `hops[asset]`, built on first use when the model is lazy. */
  hopsOf(asset: number): readonly HopEdge[];
  swapVenues: SwapVenue[];
}
