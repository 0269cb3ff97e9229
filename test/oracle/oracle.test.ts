/**
 * The router against an independent oracle of docs/behaviour.md sections 2-7 (issue 7, point 2),
 * swaps included, over generated registries. fast-check prints the seed and the shrunk registry of
 * any counterexample.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compileDataset } from "../../src/index.js";
import { loadDataset } from "../../src/router/dataset-router.js";
import { arbitraryRoutingRegistry, arbitrarySwapOptions } from "./arbitrary-routing-registry.js";
import { bothFor, compareBetween, compareFromSource, compareRoutesFrom, expectSameAssets, type FromSourceFlags } from "./compare.js";
import { propertyRuns, runSeed } from "../support/property-runs.js";

const RUNS = { numRuns: propertyRuns(100) };

const FROM_SOURCE_FLAGS: FromSourceFlags[] = [
  {},
  { allow_multi_tx: true },
  { allow_multi_tx: true, include_cw20_assets: true },
  { native_only: true, allow_multi_tx: true },
  { recommendation_reason: "DIRECT" },
  { recommendation_reason: "BASE_TOKEN", allow_multi_tx: true },
  { recommendation_reason: "MOST_LIQUID" },
  { recommendation_reason: "MOST_LIQUID", allow_multi_tx: true, include_cw20_assets: true },
  { recommendation_reason: "UNKNOWN", include_cw20_assets: true },
];
const randomFromSourceFlags = fc.record(
  {
    allow_multi_tx: fc.boolean(),
    include_cw20_assets: fc.boolean(),
    native_only: fc.boolean(),
    recommendation_reason: fc.constantFrom("UNKNOWN", "DIRECT", "BASE_TOKEN", "MOST_LIQUID"),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<FromSourceFlags>;
const BETWEEN_ALL = { include_no_metadata_assets: true, include_cw20_assets: true, include_evm_assets: true, allow_multi_tx: true };
const randomBetweenFlags = fc.record({
  include_no_metadata_assets: fc.boolean(),
  include_cw20_assets: fc.boolean(),
  include_evm_assets: fc.boolean(),
  allow_multi_tx: fc.boolean(),
});

describe("routeIndex vs independent oracle over generated registries", () => {
  test("the canonical asset set (listed plus derived single-hop vouchers) is the same", () => {
    fc.assert(
      fc.property(arbitraryRoutingRegistry(), (input) => {
        const { routeIndex, oracle } = bothFor(input);
        expectSameAssets(routeIndex, oracle);
        expect(routeIndex.chainIds()).toEqual(oracle.chainIds());
      }),
      RUNS,
    );
  });

  test("route(): txs_required, bridges and hop sequence for every ordered pair of assets", () => {
    fc.assert(
      fc.property(arbitraryRoutingRegistry(), (input) => {
        const { routeIndex, oracle } = bothFor(input);
        oracle.assets.forEach((_, i) => compareRoutesFrom(routeIndex, oracle, i));
      }),
      RUNS,
    );
  });

  test("assets_from_source: every source asset, defaults, allow_multi_tx and each filter", () => {
    fc.assert(
      fc.property(arbitraryRoutingRegistry(), randomFromSourceFlags, (input, randomFlags) => {
        const { routeIndex, oracle } = bothFor(input);
        oracle.assets.forEach((_, i) => {
          for (const flags of [...FROM_SOURCE_FLAGS, randomFlags]) compareFromSource(routeIndex, oracle, i, flags);
        });
      }),
      RUNS,
    );
  });

  test("assets_between_chains: every ordered chain pair, defaults, all flags and random flags", () => {
    fc.assert(
      fc.property(arbitraryRoutingRegistry(), randomBetweenFlags, (input, randomFlags) => {
        const { routeIndex, oracle } = bothFor(input);
        for (const source of oracle.chainIds()) {
          for (const dest of oracle.chainIds()) {
            if (source === dest) continue;
            for (const flags of [{}, BETWEEN_ALL, randomFlags]) compareBetween(routeIndex, oracle, source, dest, flags);
          }
        }
      }),
      RUNS,
    );
  });

  // Swaps (docs/behaviour.md sections 3-6): include_swaps with all venues, a subset, none
  // matching, and swap_venues ignored when include_swaps is false.
  const withSwapOptions = arbitraryRoutingRegistry().chain((input) => fc.tuple(fc.constant(input), arbitrarySwapOptions(input)));

  test("route() with swaps: txs_required, bridges and hop sequence for every ordered pair of assets", () => {
    fc.assert(
      fc.property(withSwapOptions, ([input, swaps]) => {
        const { routeIndex, oracle } = bothFor(input);
        oracle.assets.forEach((_, i) => compareRoutesFrom(routeIndex, oracle, i, swaps));
      }),
      RUNS,
    );
  });

  test("assets_from_source with include_swaps / swap_venues: every source asset, each filter", () => {
    fc.assert(
      fc.property(withSwapOptions, randomFromSourceFlags, ([input, swaps], randomFlags) => {
        const { routeIndex, oracle } = bothFor(input);
        oracle.assets.forEach((_, i) => {
          for (const flags of [...FROM_SOURCE_FLAGS, randomFlags]) compareFromSource(routeIndex, oracle, i, { ...flags, ...swaps });
        });
      }),
      RUNS,
    );
  });

  // The old snapshot round trip (snapshotAssetGraph / restoreAssetGraph) is now the public
  // dataset round trip (compileDataset / loadDataset).
  test("a router reloaded from its compiled dataset answers every query kind as the oracle does", () => {
    fc.assert(
      fc.property(withSwapOptions, fc.nat(), randomFromSourceFlags, randomBetweenFlags, ([input, swaps], pick, fromFlags, betweenFlags) => {
        const { routeIndex, oracle } = bothFor(input);
        const restored = loadDataset(compileDataset(routeIndex));
        const chains = oracle.chainIds();
        const source = pick % oracle.assets.length;
        for (const flags of [{}, { allow_multi_tx: true, include_cw20_assets: true }, fromFlags, { ...fromFlags, ...swaps }]) compareFromSource(restored, oracle, source, flags);
        compareRoutesFrom(restored, oracle, source);
        compareRoutesFrom(restored, oracle, source, swaps);
        const from = chains[pick % chains.length]!;
        const to = chains[(pick + 1) % chains.length]!;
        for (const flags of [{}, BETWEEN_ALL, betweenFlags]) compareBetween(restored, oracle, from, to, flags);
      }),
      RUNS,
    );
  });
});

test("the generated registries exercise swaps: many samples have a best route that swaps", () => {
  // A new seed each run, printed on failure (FG_SEED replays it). About one sample in four swaps:
  // 15 of 150 is more than four standard deviations below what a run sees.
  const seed = runSeed();
  const samples = fc.sample(arbitraryRoutingRegistry().chain((input) => fc.tuple(fc.constant(input), arbitrarySwapOptions(input))), { numRuns: 150, seed });
  const swapping = samples.filter(([input, swaps]) => {
    const { routeIndex, oracle } = bothFor(input);
    return oracle.assets.some((a) => oracle.assets.some((b) => a !== b && (routeIndex.route(a.wire, b.wire, swaps)?.hops.some((hop) => hop.kind === "swap") ?? false)));
  });
  expect(swapping.length, `${swapping.length} of 150 samples swap (seed ${seed}, replay: FG_SEED=${seed})`).toBeGreaterThanOrEqual(15);
});

test("the generated registries exercise the Axelar rule: best routes with an Axelar delivery and with an Axelar feed", () => {
  // A new seed each run: about one sample in six has each, so 10 of 150 leaves a wide margin.
  const seed = runSeed();
  const samples = fc.sample(arbitraryRoutingRegistry(), { numRuns: 150, seed });
  let delivers = 0;
  let feeds = 0;
  for (const input of samples) {
    const { routeIndex, oracle } = bothFor(input);
    const legs = oracle.assets.flatMap((a) =>
      oracle.assets.flatMap((b) => (a === b ? [] : (routeIndex.route(a.wire, b.wire)?.hops ?? []).filter((hop) => hop.kind === "ibc" && hop.part_of === "AXELAR"))),
    );
    if (legs.some((hop) => hop.from.chain_id === "axelar-dojo-1")) delivers++;
    if (legs.some((hop) => hop.to.chain_id === "axelar-dojo-1")) feeds++;
  }
  expect([delivers >= 10, feeds >= 10], `delivery in ${delivers}, feed in ${feeds} of 150 samples (seed ${seed}, replay: FG_SEED=${seed})`).toEqual([true, true]);
});
