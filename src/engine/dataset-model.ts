/**
 * The engine model of a dataset without the work `buildModel` repeats on every start: derived
 * vouchers come from the dataset in canonical order, their hops without parsing traces, and their
 * `ibc/...` denoms (one SHA-256 each, tens of thousands of them on mainnet) are hashed only when
 * an answer shows one or a request names one. The result is the model `buildModel` returns for
 * the same registry, record for record (test/engine/dataset.test.ts compares them).
 */
import { compareStrings } from "../compare.js";
import { ibcDenom } from "../denom/trace.js";
import { canonicalAssets, wireAsset } from "../model/canonical-assets.js";
import { hopAdjacency, type Predecessor } from "../model/hops.js";
import type { AssetRecord, EngineModel } from "../model/model.js";
import type { ChannelView } from "../registry/channel-ends.js";
import { assetKey, type Asset, type Registry } from "../registry/schema.js";
import type { WireAsset } from "../wire/schema.js";

/**
 * The model facts a dataset stores beside the registry. A channel end is `row * 2 + side` of
 * `registry.ibc_channels` (side 0: seen from `chain_1`, 1: from `chain_2`), the listing the
 * engine's channel index holds for that end.
 */
export interface StoredModel {
  /** Per listed asset: the asset its IBC hop back leads to, or -1. */
  predecessor: number[];
  /** Per listed asset: the channel end it arrived over, or -1 with no predecessor. */
  arrival: number[];
  /** Per derived voucher, in canonical order: the end it arrived over (its chain and trace). */
  derivedEnd: number[];
  /** Per derived voucher: the native asset (index in `registry.assets`) it is a voucher of. */
  derivedOrigin: number[];
  /** Derived vouchers (positions in `derivedEnd`) whose hop back the channel index does not route. */
  unrouted: number[];
  /** Chains where a derived voucher has a listed asset's denom (and replaces it in look-ups). */
  shadowing: string[];
}

class DerivedAsset implements AssetRecord {
  declare readonly isCw20: false;
  declare readonly isEvm: false;
  declare readonly listed: false;
  declare readonly isBaseToken: false;
  declare readonly hasMetadata: false;
  private denomCache: string | undefined = undefined;
  private wireCache: WireAsset | undefined = undefined;

  constructor(
    readonly index: number,
    readonly chainIndex: number,
    readonly chainId: string,
    readonly trace: string,
    /** The native asset this is a voucher of: origin chain and denom are its own. */
    private readonly native: Asset,
  ) {}

  get originChainId(): string {
    return this.native.chain_id;
  }

  get originDenom(): string {
    return this.native.denom;
  }

  get denom(): string {
    return (this.denomCache ??= ibcDenom(this.trace, this.native.denom));
  }

  get wire(): WireAsset {
    return (this.wireCache ??= wireAsset(this, {}));
  }
}
// Constant for every derived voucher: on the prototype, not in tens of thousands of objects.
for (const flag of ["isCw20", "isEvm", "listed", "isBaseToken", "hasMetadata"]) {
  Object.defineProperty(DerivedAsset.prototype, flag, { value: false, enumerable: true });
}

/**
 * `assetIndexByKey` with the derived vouchers of a chain added the first time a look-up of an
 * `ibc/` denom of that chain misses, or when the whole map is read. Chains where a derived voucher
 * replaces a listed asset's key (`shadowing`, normally none) are filled at once.
 */
class LazyAssetIndex extends Map<string, number> {
  private pending: Map<string, DerivedAsset[]> | undefined;

  static of(listed: Map<string, number>, derived: readonly DerivedAsset[], shadowing: readonly string[]): LazyAssetIndex {
    const index = new LazyAssetIndex(listed);
    const pending = new Map<string, DerivedAsset[]>();
    for (const asset of derived) {
      const list = pending.get(asset.chainId);
      if (list === undefined) pending.set(asset.chainId, [asset]);
      else list.push(asset);
    }
    index.pending = pending;
    for (const chainId of shadowing) index.fill(chainId);
    return index;
  }

  override get(key: string): number | undefined {
    const found = super.get(key);
    if (found !== undefined || this.pending === undefined || this.pending.size === 0) return found;
    const split = key.indexOf("\u0000");
    if (!key.startsWith("ibc/", split + 1)) return undefined;
    this.fill(key.slice(0, split));
    return super.get(key);
  }

  override has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  override get size(): number {
    this.fillAll();
    return super.size;
  }

  override forEach(callback: (value: number, key: string, map: Map<string, number>) => void, thisArg?: unknown): void {
    this.fillAll();
    super.forEach(callback, thisArg);
  }

  override entries(): MapIterator<[string, number]> {
    this.fillAll();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.fillAll();
    return super.keys();
  }

  override values(): MapIterator<number> {
    this.fillAll();
    return super.values();
  }

  override [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }

  private fill(chainId: string): void {
    const list = this.pending?.get(chainId);
    if (list === undefined) return;
    this.pending!.delete(chainId);
    // In canonical order, like `canonicalAssets`: a later asset of the same key wins.
    for (const asset of list) super.set(assetKey(asset.chainId, asset.denom), asset.index);
  }

  private fillAll(): void {
    for (const chainId of [...(this.pending?.keys() ?? [])]) this.fill(chainId);
  }
}

export function restoreModel(registry: Registry, stored: StoredModel): EngineModel {
  const chains = [...registry.chains].sort((a, b) => compareStrings(a.chain_id, b.chain_id));
  const chainIndexById = new Map(chains.map((chain, i) => [chain.chain_id, i]));
  const listed = canonicalAssets(registry, chainIndexById, []);
  const assets: AssetRecord[] = listed.assets;
  const listedCount = assets.length;
  const views: ChannelView[] = [];
  const viewOf = (end: number) => (views[end] ??= channelView(registry, end));
  const traces: string[] = [];
  const derived: DerivedAsset[] = [];
  stored.derivedEnd.forEach((end, i) => {
    const { self } = viewOf(end);
    const native = registry.assets[stored.derivedOrigin[i]!]!;
    const trace = (traces[end] ??= `${self.port_id}/${self.channel_id}`);
    const record = new DerivedAsset(assets.length, chainIndexById.get(self.chain_id)!, self.chain_id, trace, native);
    assets.push(record);
    derived.push(record);
  });
  const assetIndexByKey = LazyAssetIndex.of(listed.assetIndexByKey, derived, stored.shadowing);
  const assetsByChain: number[][] = chains.map(() => []);
  for (const asset of assets) assetsByChain[asset.chainIndex]!.push(asset.index);
  const unrouted = new Set(stored.unrouted);
  const known = (voucher: AssetRecord): Predecessor | null => {
    const i = voucher.index;
    if (i < listedCount) {
      const predecessor = stored.predecessor[i]!;
      return predecessor === -1 ? null : { predecessor, view: viewOf(stored.arrival[i]!) };
    }
    const d = i - listedCount;
    return unrouted.has(d) ? null : { predecessor: stored.derivedOrigin[d]!, view: viewOf(stored.derivedEnd[d]!) };
  };
  return {
    chains,
    chainIndexById,
    assets,
    assetIndexByKey,
    assetsByChain,
    hops: hopAdjacency(registry, assets, assetIndexByKey, known),
    swapVenues: registry.swap_venues,
  };
}

/** Channel end `row * 2 + side` as the channel index sees it. */
export function channelView(registry: Registry, end: number): ChannelView {
  const channel = registry.ibc_channels[end >> 1]!;
  const [self, counterparty] = end % 2 === 0 ? [channel.chain_1, channel.chain_2] : [channel.chain_2, channel.chain_1];
  return { self, counterparty, status: channel.status, preferred: channel.preferred };
}
