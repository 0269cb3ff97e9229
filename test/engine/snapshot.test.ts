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

  test("a snapshot whose route tables point outside it is refused, not half-loaded", () => {
    const registry = {
      chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }],
      assets: [{ chain_id: "a-1", denom: "ua" }],
      ibc_channels: [{ chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-0" }, status: "ACTIVE" as const }],
    };
    const snapshot = JSON.parse(snapshotAssetGraph(engineFor(registry)));
    const tamper = (change: (s: typeof snapshot) => void) => {
      const copy = structuredClone(snapshot);
      change(copy);
      return () => restoreAssetGraph(JSON.stringify(copy));
    };
    expect(restoreAssetGraph(JSON.stringify(snapshot)).chainIds()).toEqual(["a-1", "b-1"]);
    expect(tamper((s) => (s.sets[0].targets[0] = 99))).toThrow(/route table 0 is inconsistent/);
    expect(tamper((s) => (s.views[0] = 7))).toThrow(/point outside the snapshot/);
    expect(tamper((s) => s.views.pop())).toThrow(/views describe/);
    expect(tamper((s) => (s.bridges[1] = ["CCTP", "IBC"]))).toThrow(FungibleError);
  });

  test("text that is not a snapshot is refused with a FungibleError", () => {
    for (const text of ["not json", "{}", JSON.stringify({ format: "fungible-graph-snapshot/0", registry: {}, derived: [] })]) {
      expect(() => restoreAssetGraph(text)).toThrow(FungibleError);
    }
  });
});
