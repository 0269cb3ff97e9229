/**
 * The model of a dataset without the work `buildModel` repeats on every start: derived
 * vouchers come from the dataset in canonical order, their hops without parsing traces, and their
 * `ibc/...` denoms (one SHA-256 each, tens of thousands of them on mainnet) are hashed only when
 * an answer shows one or a request names one. The result is the model `buildModel` returns for
 * the same registry, record for record (test/router/dataset.test.ts compares them).
 */
import * as z from "zod";
import { compareStrings } from "../compare.js";
import { ibcDenom } from "../denom/trace.js";
import { canonicalAssets, wireAsset } from "./canonical-assets.js";
import { LazyHops } from "./hops.js";
import type { AssetRecord, Model, HopEdge } from "./model.js";
import { nearEndAt } from "../registry/channel-ends.js";
import { assetKey, type Chain, type Registry, type SwapVenue } from "../registry/schema.js";
import type { WireAsset } from "../wire/schema.js";
import { Ints } from "../dataset/format.js";

/**
 * The model facts a dataset stores beside the registry (its `model`). A channel end is
 * `row * 2 + side` of `registry.ibc_channels` (`channelEndAt`: side 0 seen from `chain_1`, 1 from
 * `chain_2`), the listing the router's channel index holds for that end.
 */
export const StoredModelSchema = z.object({
  /** Per listed asset: the asset its IBC hop back leads to, or -1. */
  predecessor: Ints,
  /** Per listed asset: the channel end it arrived over, or -1 with no predecessor. */
  arrival: Ints,
  /** Per derived voucher, in canonical order: the end it arrived over (its chain and trace). */
  derived_end: Ints,
  /** Per derived voucher: the native asset (index in `registry.assets`) it is a voucher of. */
  derived_origin: Ints,
  /** Derived vouchers (positions in `derived_end`) whose hop back the channel index does not route. */
  unrouted: Ints,
  /** Chains where a derived voucher has a listed asset's denom (and replaces it in look-ups). */
  shadowing: z.array(z.string()),
});
export type StoredModel = z.infer<typeof StoredModelSchema>;

/**
 * The record class of one restored model's derived vouchers. Each record holds its index and
 * chain index only: its trace, origin, denom and wire object are read off the dataset's columns
 * (shared by the class), the denom (one SHA-256) and wire object made on first read.
 */
function derivedAssetClass(
  registry: Registry,
  chains: readonly Chain[],
  listedCount: number,
  /** Per derived voucher: the channel end it arrived over (whose trace is `endTraces[end]`), and the native it is a voucher of (index in `registry.assets`). */
  ends: Int32Array,
  endTraces: readonly (string | undefined)[],
  origins: Int32Array,
): new (index: number, chainIndex: number) => AssetRecord {
  const denoms = new Map<number, string>();
  const wires = new Map<number, WireAsset>();
  class DerivedAsset implements AssetRecord {
    declare readonly isCw20: false;
    declare readonly isEvm: false;
    declare readonly listed: false;
    declare readonly isBaseToken: false;
    declare readonly hasMetadata: false;

    constructor(
      readonly index: number,
      readonly chainIndex: number,
    ) {}

    get chainId(): string {
      return chains[this.chainIndex]!.chain_id;
    }

    get trace(): string {
      return endTraces[ends[this.index - listedCount]!]!;
    }

    /** Origin chain and denom are the native asset's own. */
    get originChainId(): string {
      return registry.assets[origins[this.index - listedCount]!]!.chain_id;
    }

    get originDenom(): string {
      return registry.assets[origins[this.index - listedCount]!]!.denom;
    }

    get denom(): string {
      let denom = denoms.get(this.index);
      if (denom === undefined) denoms.set(this.index, (denom = ibcDenom(this.trace, this.originDenom)));
      return denom;
    }

    get wire(): WireAsset {
      let wire = wires.get(this.index);
      if (wire === undefined) wires.set(this.index, (wire = wireAsset(this, {})));
      return wire;
    }
  }
  // Constant for every derived voucher: on the prototype, not in tens of thousands of objects.
  for (const flag of ["isCw20", "isEvm", "listed", "isBaseToken", "hasMetadata"]) {
    Object.defineProperty(DerivedAsset.prototype, flag, { value: false, enumerable: true });
  }
  return DerivedAsset;
}

/**
 * `assetIndexByKey` with the derived vouchers of a chain added the first time a look-up of an
 * `ibc/` denom of that chain misses, or when the whole map is read. Chains where a derived voucher
 * replaces a listed asset's key (`shadowing`, normally none) are filled at once.
 */
class LazyAssetIndex extends Map<string, number> {
  private pending: Set<string> | undefined;
  private model: { assets: readonly AssetRecord[]; assetsByChain: readonly number[][]; chainIndexById: ReadonlyMap<string, number> } | undefined;
  private listedCount = 0;

  static of(
    listed: Map<string, number>,
    model: { assets: readonly AssetRecord[]; assetsByChain: readonly number[][]; chainIndexById: ReadonlyMap<string, number> },
    listedCount: number,
    /** The chains with derived vouchers. */
    pending: Set<string>,
    shadowing: readonly string[],
  ): LazyAssetIndex {
    const index = new LazyAssetIndex(listed);
    index.model = model;
    index.listedCount = listedCount;
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
    if (this.pending?.delete(chainId) !== true) return;
    const { assets, assetsByChain, chainIndexById } = this.model!;
    // In canonical order, like `canonicalAssets`: a later asset of the same key wins.
    for (const index of assetsByChain[chainIndexById.get(chainId)!]!) {
      if (index >= this.listedCount) super.set(assetKey(chainId, assets[index]!.denom), index);
    }
  }

  private fillAll(): void {
    for (const chainId of [...(this.pending ?? [])]) this.fill(chainId);
  }
}

/**
 * The model `buildModel` returns for `registry`, from the facts a dataset stores: one small
 * object per derived voucher (its denom hashed on first read), and hops built per asset when a
 * search first walks it (`LazyHops`), so a start allocates little and parses no trace.
 */
export function restoreModel(registry: Registry, stored: StoredModel): Model {
  const chains = [...registry.chains].sort((a, b) => compareStrings(a.chain_id, b.chain_id));
  const chainIndexById = new Map(chains.map((chain, i) => [chain.chain_id, i]));
  const listed = canonicalAssets(registry, chainIndexById, []);
  const assets: AssetRecord[] = listed.assets;
  const listedCount = assets.length;
  const derivedCount = stored.derived_end.length;
  const total = listedCount + derivedCount;
  const predecessor = new Int32Array(total);
  const arrival = new Int32Array(total);
  predecessor.set(stored.predecessor);
  arrival.set(stored.arrival);
  const unrouted = new Uint8Array(derivedCount);
  for (const d of stored.unrouted) unrouted[d] = 1;
  // Per channel end: the trace and chain of the vouchers that arrive over it.
  const endTraces: (string | undefined)[] = [];
  const chainOfEnd: number[] = [];
  // Typed arrays: off the JS heap, and no GC work.
  const ends = new Int32Array(stored.derived_end);
  const origins = new Int32Array(stored.derived_origin);
  const DerivedAsset = derivedAssetClass(registry, chains, listedCount, ends, endTraces, origins);
  // Per chain, in canonical order: its listed assets, then its derived vouchers.
  const assetsByChain: number[][] = chains.map(() => []);
  for (const asset of assets) assetsByChain[asset.chainIndex]!.push(asset.index);
  for (let d = 0; d < derivedCount; d++) {
    const end = ends[d]!;
    if (endTraces[end] === undefined) {
      const self = nearEndAt(registry.ibc_channels, end)!;
      endTraces[end] = `${self.port_id}/${self.channel_id}`;
      chainOfEnd[end] = chainIndexById.get(self.chain_id)!;
    }
    const index = listedCount + d;
    const chainIndex = chainOfEnd[end]!;
    assets.push(new DerivedAsset(index, chainIndex));
    assetsByChain[chainIndex]!.push(index);
    if (unrouted[d] === 1) predecessor[index] = -1;
    else {
      predecessor[index] = origins[d]!;
      arrival[index] = end;
    }
  }
  const derivedChains = new Set<string>();
  for (const chainIndex of chainOfEnd) if (chainIndex !== undefined) derivedChains.add(chains[chainIndex]!.chain_id);
  const assetIndexByKey = LazyAssetIndex.of(listed.assetIndexByKey, { assets, assetsByChain, chainIndexById }, listedCount, derivedChains, stored.shadowing);
  const hops = new LazyHops(registry, assets, assetIndexByKey, predecessor, arrival);
  return new RestoredModel(chains, chainIndexById, assets, assetIndexByKey, assetsByChain, (asset) => hops.of(asset), () => hops.all(), registry.swap_venues);
}

/**
 * A restored model. `hops` (every list at once) is a getter on the prototype, so spreading the
 * model into another (`{ ...model, ... }`) copies its fields without building every hop list.
 */
class RestoredModel implements Model {
  constructor(
    readonly chains: Chain[],
    readonly chainIndexById: Map<string, number>,
    readonly assets: AssetRecord[],
    readonly assetIndexByKey: Map<string, number>,
    readonly assetsByChain: number[][],
    readonly hopsOf: (asset: number) => readonly HopEdge[],
    private readonly allHops: () => HopEdge[][],
    readonly swapVenues: SwapVenue[],
  ) {}

  get hops(): HopEdge[][] {
    return this.allHops();
  }
}
