/**
 * A derived voucher's record is made the first time something reads it (`model.asset`), not at
 * load: whatever was read before, in whatever order, each record is one object on every read and
 * has the fields it has on a model read in canonical order from the start. On generated registries
 * and on the shipped mainnet data (two models of the same data: one read in the order fast-check
 * picks, one in canonical order).
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildRouter, loadRouter, parseRegistry } from "../../src/index.js";
import { canonicalAssets, type AssetRecord, type Model } from "../../src/model/model.js";
import { routeIndexOfRouter } from "../../src/router/core.js";
import { arbitraryRegistry } from "../support/arbitrary-registry.js";
import { propertyRuns } from "../support/property-runs.js";
import { shippedDatasetText } from "../support/shipped-router.js";

/** A record's fields as plain data (a derived record's are getters on its prototype). */
function fieldsOf(record: AssetRecord) {
  const { index, chainIndex, chainId, denom, trace, originChainId, originDenom, isCw20, isEvm, listed, isBaseToken, hasMetadata, wire } = record;
  return { index, chainIndex, chainId, denom, trace, originChainId, originDenom, isCw20, isEvm, listed, isBaseToken, hasMetadata, wire };
}

/** Reads `picks` (asset indexes) first on `model`, then checks every record against `inOrder`'s. */
function expectOrderFree(model: Model, inOrder: readonly AssetRecord[], picks: readonly number[]): void {
  expect(model.canonicalCount).toBe(inOrder.length);
  const first = picks.map((index) => model.asset(index));
  picks.forEach((index, i) => expect(model.asset(index), `record ${index} read again`).toBe(first[i]));
  for (const record of inOrder) expect(fieldsOf(model.asset(record.index)), `record ${record.index}`).toEqual(fieldsOf(record));
}

describe("derived vouchers' records, made on first read", () => {
  test("generated registries: read in any order, every record is the one read in canonical order", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), fc.array(fc.nat(), { maxLength: 40 }), (input, raw) => {
        const registry = parseRegistry(input);
        const inOrder = canonicalAssets(routeIndexOfRouter(buildRouter(registry)).model);
        const model = routeIndexOfRouter(buildRouter(registry)).model;
        fc.pre(inOrder.length > 0);
        expectOrderFree(model, inOrder, raw.map((n) => n % inOrder.length));
      }),
      { numRuns: propertyRuns(40) },
    );
  });

  test("the shipped mainnet data: derived records read first, in a random order, are the ones read in order", async () => {
    const text = await shippedDatasetText("mainnet");
    const inOrder = canonicalAssets(routeIndexOfRouter(await loadRouter({ dataset: text })).model);
    const model = routeIndexOfRouter(await loadRouter({ dataset: text })).model;
    const listedCount = inOrder.findIndex((record) => !record.listed);
    expect(listedCount).toBeGreaterThan(0);
    // Derived vouchers only (the listed records exist from the start), a few hundred of ~28,000.
    const picks = fc.sample(fc.integer({ min: listedCount, max: inOrder.length - 1 }), 300);
    expectOrderFree(model, inOrder, picks);
  });
});
