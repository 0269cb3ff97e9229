import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { FungibleError, restoreAssetGraph, snapshotAssetGraph } from "../../src/index.js";
import { arbitraryRegistry } from "../support/arbitrary-registry.js";
import { allAssets, engineFor } from "../support/engine-helpers.js";

describe("snapshots", () => {
  test("a restored engine answers every query exactly as the original", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), (registry) => {
        const original = engineFor(registry);
        const restored = restoreAssetGraph(snapshotAssetGraph(original));
        expect(restored.chainIds()).toEqual(original.chainIds());
        for (const asset of allAssets(original)) {
          const request = { source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id, allow_multi_tx: true, include_cw20_assets: true };
          expect(restored.assetsFromSource(request)).toEqual(original.assetsFromSource(request));
        }
      }),
      { numRuns: 30 },
    );
  });

  test("text that is not a snapshot is refused with a FungibleError", () => {
    for (const text of ["not json", "{}", JSON.stringify({ format: "fungible-graph-snapshot/0", registry: {}, derived: [] })]) {
      expect(() => restoreAssetGraph(text)).toThrow(FungibleError);
    }
  });
});
