/**
 * Asset look-up by chain id and denom: one map per chain, keyed by `denomKey(denom)`. Per chain,
 * not by a joined `chain\0denom` string: a query then builds no key, and the request's own strings
 * are hashed once (V8 keeps a string's hash), where a joined key was a new string to flatten and
 * hash on every call (a quarter of a typical assets_from_source, profiled). Listed assets are keyed
 * at once; the derived vouchers of a chain (tens of thousands of `ibc/` denoms, each one SHA-256
 * to compute) the first time a look-up of an `ibc/` denom of that chain misses. Chains where a
 * derived voucher replaces a listed asset's key (`shadowing`, normally none) are filled at once,
 * so every look-up sees the same index.
 */
import { nativeDenomNamed } from "../registry/native-names.js";
import { denomKey } from "../registry/schema.js";
import type { AssetRecord } from "./model.js";

export class AssetIndex {
  /** By chain index: denomKey -> asset index. */
  private readonly byChain: Map<string, number>[];
  /** Chain indexes whose derived vouchers are not keyed yet. */
  private readonly pending = new Set<number>();

  constructor(
    private readonly asset: (index: number) => AssetRecord,
    private readonly listedCount: number,
    private readonly assetsByChain: readonly (readonly number[])[],
    private readonly chainIndexById: ReadonlyMap<string, number>,
    shadowing: readonly string[],
  ) {
    this.byChain = assetsByChain.map(() => new Map<string, number>());
    for (let i = 0; i < listedCount; i++) {
      const listed = asset(i);
      this.byChain[listed.chainIndex]!.set(denomKey(listed.denom), i);
    }
    // A chain's indexes ascend, the derived after the listed: a chain has vouchers if its last one is one.
    assetsByChain.forEach((indexes, chainIndex) => {
      if (indexes.length > 0 && indexes[indexes.length - 1]! >= listedCount) this.pending.add(chainIndex);
    });
    for (const chainId of shadowing) this.fill(chainIndexById.get(chainId)!);
  }

  get(chainId: string, denom: string): number | undefined {
    const chainIndex = this.chainIndexById.get(chainId);
    if (chainIndex === undefined) return undefined;
    const denoms = this.byChain[chainIndex]!;
    const key = denomKey(denom);
    const found = denoms.get(key);
    if (found !== undefined) return found;
    if (!key.startsWith("ibc/")) {
      // The hosted API's name of an EVM chain's native asset (ethereum-native for wei on chain 1).
      const native = key.endsWith("-native") ? nativeDenomNamed(chainId, denom) : undefined;
      return native === undefined ? undefined : denoms.get(denomKey(native));
    }
    if (!this.pending.has(chainIndex)) return undefined;
    this.fill(chainIndex);
    return denoms.get(key);
  }

  private fill(chainIndex: number): void {
    if (!this.pending.delete(chainIndex)) return;
    const denoms = this.byChain[chainIndex]!;
    // In canonical order: a later asset of the same key wins.
    for (const index of this.assetsByChain[chainIndex]!) {
      if (index >= this.listedCount) denoms.set(denomKey(this.asset(index).denom), index);
    }
  }
}
