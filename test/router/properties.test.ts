/**
 * Rules of the contract (docs/behaviour.md §2-§7) stated as properties over generated registries.
 * fast-check prints the seed and the shrunk registry of any counterexample.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { unwindTrace } from "../../src/denom/trace.js";
import { RECOMMENDATION_REASONS } from "../../src/entries/schemas.js";
import type { RegistryInput } from "../../src/index.js";
import { arbitraryRegistry, forwardTrace } from "../support/arbitrary-registry.js";
import { allAssets, assetsOf, engineFor, idOf, viewOf } from "../support/route-index-helpers.js";
import { propertyRuns } from "../support/property-runs.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

const RUNS = { numRuns: propertyRuns(60) };

const fromSourceFlags = fc.record({
  allow_multi_tx: fc.boolean(),
  include_cw20_assets: fc.boolean(),
  native_only: fc.boolean(),
  include_swaps: fc.boolean(),
  recommendation_reason: fc.constantFrom(...RECOMMENDATION_REASONS),
});
const betweenFlags = fc.record({
  allow_multi_tx: fc.boolean(),
  include_cw20_assets: fc.boolean(),
  include_evm_assets: fc.boolean(),
  include_no_metadata_assets: fc.boolean(),
});

describe("trace arithmetic", () => {
  const segment = fc.tuple(fc.constantFrom("transfer", "wasm.contract1"), fc.nat(5000)).map(([p, n]) => [p, `channel-${n}`] as const);
  test("forward then unwind returns the original trace", () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), segment, (hops, [port, channel]) => {
        const trace = hops.map(([p, c]) => `${p}/${c}`).join("/");
        const unwound = unwindTrace(forwardTrace(trace, port, channel));
        expect(unwound).toEqual({ hop: { port, channel }, rest: trace });
      }),
    );
  });
});

describe("routeIndex properties over generated registries", () => {
  test("every voucher's denom is the hash of its trace and origin; natives are their own origin", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), (registry) => {
        for (const asset of allAssets(engineFor(registry))) {
          if (asset.trace === "") expect([asset.origin_chain_id, asset.origin_denom]).toEqual([asset.chain_id, asset.denom]);
          else expect(asset.denom).toBe(oracleIbcDenom(asset.trace, asset.origin_denom));
        }
      }),
      RUNS,
    );
  });

  test("IBC hops come in forward/unwind pairs: sending back returns the original asset", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), (registry) => {
        const routeIndex = engineFor(registry);
        const router = viewOf(routeIndex);
        router.forEachEdge((edge, attributes, source, target) => {
          if (attributes.kind !== "ibc") return;
          const back = router.someOutEdge(target, (_e, hop, _s, t) => hop.kind === "ibc" && t === source);
          // The one exception: from a voucher wound twice over one channel, the unwind lands on an
          // asset that itself arrived over the far end of that channel, so sending it on unwinds too.
          const landed = router.getNodeAttributes(target) as { chain_id: string; trace: string };
          const farEnd = farEndOf(registry, router.getNodeAttribute(source, "chain_id") as string, attributes.port as string, attributes.channel as string);
          const woundBack = farEnd !== undefined && farEnd.chain_id === landed.chain_id && `${landed.trace}/`.startsWith(`${farEnd.port_id}/${farEnd.channel_id}/`);
          expect(back || woundBack).toBe(true);
        });
      }),
      RUNS,
    );
  });

  test("assets_from_source answers satisfy every filter they were asked for", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), fc.nat(), fromSourceFlags, (registry, pick, flags) => {
        const routeIndex = engineFor(registry);
        const assets = allAssets(routeIndex);
        const source = assets[pick % assets.length]!;
        const request = { source_asset_denom: source.denom, source_asset_chain_id: source.chain_id, ...flags };
        const answer = routeIndex.assetsFromSource(request);
        for (const [chainId, group] of Object.entries(answer.dest_assets)) {
          expect(group.assets.length).toBeGreaterThan(0);
          if (flags.recommendation_reason === "MOST_LIQUID") expect(group.assets.length).toBe(1);
          for (const asset of group.assets) {
            expect(asset.chain_id).toBe(chainId);
            expect(idOf(asset)).not.toBe(idOf(source));
            if (!flags.include_cw20_assets) expect(asset.is_cw20).toBe(false);
            if (flags.native_only) expect(asset.trace).toBe("");
            if (flags.recommendation_reason === "BASE_TOKEN") {
              expect([asset.trace, asset.origin_chain_id, asset.origin_denom]).toEqual(["", asset.chain_id, asset.denom]);
            }
            const route = routeIndex.route(source, asset, flags)!;
            expect(route).not.toBeNull();
            if (!flags.allow_multi_tx) expect(route.txs_required).toBe(1);
            if (flags.recommendation_reason === "DIRECT") expect(route.hops.length).toBe(1);
          }
        }
      }),
      RUNS,
    );
  });

  test("assets_between_chains pairs start from a listed asset (or, with include_no_metadata_assets, a derived one), satisfy rules 1-4 on both sides and agree with route()", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), fc.nat(), fc.nat(), betweenFlags, (registry, a, b, flags) => {
        const routeIndex = engineFor(registry);
        const chains = routeIndex.chainIds();
        const source_chain_id = chains[a % chains.length]!;
        const dest_chain_id = chains[(a + 1 + (b % (chains.length - 1))) % chains.length]!;
        const answer = routeIndex.assetsBetweenChains({ source_chain_id, dest_chain_id, ...flags });
        const sources = answer.assets_between_chains.map((pair) => idOf(pair.asset_on_source));
        expect(new Set(sources).size).toBe(sources.length);
        const listed = new Set(registry.assets.map((a) => `${a.chain_id}|${a.denom}`));
        for (const pair of answer.assets_between_chains) {
          // Derived vouchers carry no metadata, so only include_no_metadata_assets admits them as sources.
          if (!flags.include_no_metadata_assets) expect(listed.has(idOf(pair.asset_on_source))).toBe(true);
          expect(pair.asset_on_source.chain_id).toBe(source_chain_id);
          expect(pair.asset_on_dest.chain_id).toBe(dest_chain_id);
          for (const side of [pair.asset_on_source, pair.asset_on_dest]) {
            if (!flags.include_cw20_assets) expect(side.is_cw20).toBe(false);
            if (!flags.include_evm_assets) expect(side.is_evm).toBe(false);
            const metadata = ["symbol", "name", "logo_uri", "decimals", "description", "coingecko_id", "recommended_symbol"];
            if (!flags.include_no_metadata_assets) expect(metadata.some((field) => field in side)).toBe(true);
          }
          if (!flags.allow_multi_tx) expect(pair.txs_required).toBe(1);
          const route = routeIndex.route(pair.asset_on_source, pair.asset_on_dest)!;
          expect([pair.txs_required, pair.bridges]).toEqual([route.txs_required, route.bridges]);
        }
      }),
      RUNS,
    );
  });

  test("include_* flags only add results; native_only and reasons only remove them", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), fc.nat(), fromSourceFlags, betweenFlags, (registry, pick, flags, between) => {
        const routeIndex = engineFor(registry);
        const assets = allAssets(routeIndex);
        const source = assets[pick % assets.length]!;
        const base = { source_asset_denom: source.denom, source_asset_chain_id: source.chain_id, ...flags };
        const ids = (request: typeof base) => new Set(assetsOf(routeIndex.assetsFromSource(request)).map(idOf));
        const chainsOf = (request: typeof base) => new Set(Object.keys(routeIndex.assetsFromSource(request).dest_assets));
        const subset = <T>(small: Set<T>, big: Set<T>) => [...small].every((x) => big.has(x));
        // MOST_LIQUID keeps one asset per chain, and which one can change with the other filters:
        // there the set of chains, not of assets, is what a filter grows or shrinks.
        const view = flags.recommendation_reason === "MOST_LIQUID" ? chainsOf : ids;
        for (const flag of ["include_cw20_assets", "allow_multi_tx", "include_swaps"] as const) {
          expect(subset(view({ ...base, [flag]: false }), view({ ...base, [flag]: true }))).toBe(true);
        }
        expect(subset(view({ ...base, native_only: true }), view({ ...base, native_only: false }))).toBe(true);
        expect(subset(ids(base), ids({ ...base, recommendation_reason: "UNKNOWN" }))).toBe(true);

        const chains = routeIndex.chainIds();
        const pairRequest = { source_chain_id: chains[0]!, dest_chain_id: chains[1]!, ...between };
        const pairs = (request: typeof pairRequest) =>
          new Set(routeIndex.assetsBetweenChains(request).assets_between_chains.map((p) => idOf(p.asset_on_source)));
        for (const flag of ["include_cw20_assets", "include_evm_assets", "include_no_metadata_assets", "allow_multi_tx"] as const) {
          expect(subset(pairs({ ...pairRequest, [flag]: false }), pairs({ ...pairRequest, [flag]: true }))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  test("allow_multi_tx false is exactly the txs_required == 1 subset of allow_multi_tx true", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), fc.nat(), betweenFlags, (registry, pick, flags) => {
        const routeIndex = engineFor(registry);
        const assets = allAssets(routeIndex);
        const source = assets[pick % assets.length]!;
        const request = { source_asset_denom: source.denom, source_asset_chain_id: source.chain_id };
        const single = assetsOf(routeIndex.assetsFromSource({ ...request, allow_multi_tx: false })).map(idOf);
        const multi = assetsOf(routeIndex.assetsFromSource({ ...request, allow_multi_tx: true }));
        expect(single).toEqual(multi.filter((asset) => routeIndex.route(source, asset)!.txs_required === 1).map(idOf));

        const chains = routeIndex.chainIds();
        const between = { source_chain_id: chains[1]!, dest_chain_id: chains[0]!, ...flags };
        const strict = routeIndex.assetsBetweenChains({ ...between, allow_multi_tx: false }).assets_between_chains;
        const loose = routeIndex.assetsBetweenChains({ ...between, allow_multi_tx: true }).assets_between_chains;
        expect(strict).toEqual(loose.filter((pair) => pair.txs_required === 1));
      }),
      RUNS,
    );
  });

  test("with no forwarding chain, txs_required equals the hop count", () => {
    fc.assert(
      fc.property(arbitraryRegistry({ forwarding: false, swaps: false }), fc.nat(), (registry, pick) => {
        const routeIndex = engineFor(registry);
        const assets = allAssets(routeIndex);
        const source = assets[pick % assets.length]!;
        const answer = routeIndex.assetsFromSource({ source_asset_denom: source.denom, source_asset_chain_id: source.chain_id, allow_multi_tx: true });
        for (const asset of assetsOf(answer)) {
          const route = routeIndex.route(source, asset)!;
          expect(route.txs_required).toBe(route.hops.length);
          expect(route.hops.every((hop) => hop.starts_tx)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  test("answers are deterministic: the same registry built twice answers identically", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), fromSourceFlags, betweenFlags, (registry, flags, between) => {
        const first = engineFor(registry);
        const second = engineFor(structuredClone(registry));
        const chains = first.chainIds();
        for (const asset of allAssets(first)) {
          const request = { source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id, ...flags };
          expect(JSON.stringify(second.assetsFromSource(request))).toBe(JSON.stringify(first.assetsFromSource(request)));
        }
        const pairRequest = { source_chain_id: chains[0]!, dest_chain_id: chains[chains.length - 1]!, ...between };
        expect(JSON.stringify(second.assetsBetweenChains(pairRequest))).toBe(JSON.stringify(first.assetsBetweenChains(pairRequest)));
      }),
      { numRuns: propertyRuns(30) },
    );
  });
});

/** The far end of the channel whose end on `chainId` is `port/channel`, as the generated registry lists it. */
function farEndOf(registry: RegistryInput, chainId: string, port: string, channel: string) {
  for (const { chain_1, chain_2 } of registry.ibc_channels ?? []) {
    for (const [near, far] of [[chain_1, chain_2], [chain_2, chain_1]] as const) {
      if (near.chain_id === chainId && (near.port_id ?? "transfer") === port && near.channel_id === channel) {
        return { chain_id: far.chain_id, port_id: far.port_id ?? "transfer", channel_id: far.channel_id };
      }
    }
  }
  return undefined;
}
