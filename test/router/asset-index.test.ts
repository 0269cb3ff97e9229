/**
 * The asset index (model.assetIndexOf): every asset is found under its chain id and denom, EVM
 * addresses in any case, and where two records share a chain and denom the later one in canonical
 * order is the one found. Checked against a plain scan of the records written from that rule, on
 * the shipped mainnet data and on generated registries.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildRouter, parseRegistry } from "../../src/index.js";
import { canonicalAssets, type Model } from "../../src/model/model.js";
import { routeIndexOfRouter } from "../../src/router/core.js";
import { arbitraryRegistry } from "../support/arbitrary-registry.js";
import { propertyRuns } from "../support/property-runs.js";
import { shippedRouter } from "../support/shipped-router.js";

const isEvmAddress = (denom: string) => /^0x[0-9a-fA-F]{40}$/.test(denom);
const folded = (denom: string) => (isEvmAddress(denom) ? denom.toLowerCase() : denom);

/** The rule as a scan: the last record (canonical order) of each chain and folded denom. */
function expectedIndex(model: Model): Map<string, number> {
  const last = new Map<string, number>();
  canonicalAssets(model).forEach((asset, index) => last.set(`${asset.chainId} ${folded(asset.denom)}`, index));
  return last;
}

function expectIndexAgrees(model: Model): void {
  const expected = expectedIndex(model);
  for (const asset of canonicalAssets(model)) {
    const want = expected.get(`${asset.chainId} ${folded(asset.denom)}`);
    expect(model.assetIndexOf(asset.chainId, asset.denom), `${asset.chainId} ${asset.denom}`).toBe(want);
    if (isEvmAddress(asset.denom)) {
      expect(model.assetIndexOf(asset.chainId, `0x${asset.denom.slice(2).toUpperCase()}`)).toBe(want);
      expect(model.assetIndexOf(asset.chainId, asset.denom.toLowerCase())).toBe(want);
    }
  }
  const someChain = model.chains[0]!.chain_id;
  expect(model.assetIndexOf(someChain, "no-such-denom")).toBeUndefined();
  expect(model.assetIndexOf(someChain, `ibc/${"0".repeat(64)}`)).toBeUndefined();
  expect(model.assetIndexOf("no-such-chain", model.asset(0).denom)).toBeUndefined();
}

describe("asset index", () => {
  test("the shipped mainnet data: every asset found where the scan finds it", async () => {
    expectIndexAgrees(routeIndexOfRouter(await shippedRouter("mainnet")).model);
  });

  test("generated registries: every asset found where the scan finds it", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), (input) => {
        expectIndexAgrees(routeIndexOfRouter(buildRouter(parseRegistry(input))).model);
      }),
      { numRuns: propertyRuns(40) },
    );
  });

  test("a derived voucher is found before any other look-up of its chain", () => {
    // Derived vouchers are keyed per chain on the first miss of an ibc/ denom there: asking for
    // one first, on a fresh model, must find it (not only after a scan has filled the chain).
    fc.assert(
      fc.property(arbitraryRegistry(), fc.nat(), (input, pick) => {
        const registry = parseRegistry(input);
        // The voucher from a second model of the same data: on this one nothing has been read.
        const model = routeIndexOfRouter(buildRouter(registry)).model;
        const derived = canonicalAssets(routeIndexOfRouter(buildRouter(registry)).model).filter((asset) => !asset.listed);
        fc.pre(derived.length > 0);
        const voucher = derived[pick % derived.length]!;
        const found = model.assetIndexOf(voucher.chainId, voucher.denom);
        expect(found).toBe(voucher.index);
        expect(model.asset(found!).denom).toBe(voucher.denom);
        expect(model.asset(found!).chainId).toBe(voucher.chainId);
      }),
      { numRuns: propertyRuns(40) },
    );
  });
});
