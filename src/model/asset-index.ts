/**
 * Asset look-up by `assetKey`. Listed assets are keyed at once; the derived vouchers of a chain
 * (tens of thousands of `ibc/` denoms, each one SHA-256 to compute) the first time a look-up of
 * an `ibc/` denom of that chain misses. Chains where a derived voucher replaces a listed asset's
 * key (`shadowing`, normally none) are filled at once, so every look-up sees the same index.
 */
import { assetKey } from "../registry/schema.js";
import type { AssetRecord } from "./model.js";

export class AssetIndex {
  private readonly keys = new Map<string, number>();
  /** Chain indexes whose derived vouchers are not keyed yet. */
  private readonly pending = new Set<number>();

  constructor(
    private readonly assets: readonly AssetRecord[],
    private readonly listedCount: number,
    private readonly assetsByChain: readonly (readonly number[])[],
    private readonly chainIndexById: ReadonlyMap<string, number>,
    shadowing: readonly string[],
  ) {
    for (let i = 0; i < listedCount; i++) this.keys.set(assetKey(assets[i]!.chainId, assets[i]!.denom), i);
    for (let i = listedCount; i < assets.length; i++) this.pending.add(assets[i]!.chainIndex);
    for (const chainId of shadowing) this.fill(chainIndexById.get(chainId)!);
  }

  get(key: string): number | undefined {
    const found = this.keys.get(key);
    if (found !== undefined || this.pending.size === 0) return found;
    const split = key.indexOf("\u0000");
    if (!key.startsWith("ibc/", split + 1)) return undefined;
    const chainIndex = this.chainIndexById.get(key.slice(0, split));
    if (chainIndex === undefined || !this.pending.has(chainIndex)) return undefined;
    this.fill(chainIndex);
    return this.keys.get(key);
  }

  private fill(chainIndex: number): void {
    if (!this.pending.delete(chainIndex)) return;
    // In canonical order: a later asset of the same key wins.
    for (const index of this.assetsByChain[chainIndex]!) {
      if (index >= this.listedCount) this.keys.set(assetKey(this.assets[index]!.chainId, this.assets[index]!.denom), index);
    }
  }
}
