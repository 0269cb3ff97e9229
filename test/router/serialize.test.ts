import fc from "fast-check";
import { expect, test } from "vitest";
import { assetsBetweenChainsJson, assetsFromSourceJson } from "../../src/wire/serialize.js";
import { arbitraryRegistry } from "../support/arbitrary-registry.js";
import { allAssets, engineFor } from "../support/route-index-helpers.js";
import { propertyRuns } from "../support/property-runs.js";

test("the cached serialisers write exactly what JSON.stringify writes", () => {
  fc.assert(
    fc.property(arbitraryRegistry(), fc.boolean(), (registry, multi) => {
      const routeIndex = engineFor(registry);
      for (const asset of allAssets(routeIndex)) {
        const answer = routeIndex.assetsFromSource({ source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id, allow_multi_tx: multi, include_cw20_assets: true });
        expect(assetsFromSourceJson(answer)).toBe(JSON.stringify(answer));
        expect(assetsFromSourceJson(answer)).toBe(JSON.stringify(answer));
      }
      const [a, b] = routeIndex.chainIds();
      const pairs = routeIndex.assetsBetweenChains({ source_chain_id: a!, dest_chain_id: b!, allow_multi_tx: multi, include_no_metadata_assets: true, include_cw20_assets: true, include_evm_assets: true });
      expect(assetsBetweenChainsJson(pairs)).toBe(JSON.stringify(pairs));
    }),
    { numRuns: propertyRuns(40) },
  );
});

test("a caller's own (unfrozen) asset objects are serialised fresh each time", () => {
  const asset = { denom: "u", chain_id: "c", origin_denom: "u", origin_chain_id: "c", trace: "", is_cw20: false, is_evm: false, is_svm: false };
  const answer = { dest_assets: { c: { assets: [asset] } } };
  expect(assetsFromSourceJson(answer)).toBe(JSON.stringify(answer));
  asset.denom = "v";
  expect(assetsFromSourceJson(answer)).toBe(JSON.stringify(answer));
});
