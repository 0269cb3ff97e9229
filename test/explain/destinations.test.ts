/**
 * destinations: every chain but the source's, from one search. Checked against the two answers it
 * must agree with: assets_from_source (the assets of each reachable chain, over every chain) and
 * explain asked chain by chain (verdict and reasons, on a sample), on the shipped mainnet graph,
 * with and without a state snapshot.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { destinations, explain, type DestinationsRequest } from "../../src/entries/explain.js";
import { DestinationsResponseSchema } from "../../src/wire/destinations.js";
import { FungibleError, withState, type AssetRouter } from "../../src/index.js";
import { snapshot } from "../state/snapshots.js";
import { mainnetGraph } from "./graphs.js";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await mainnetGraph();
}, 60_000);

const ATOM = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" } as const;
const OSMO = { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo" } as const;
const ATOM_ON_OSMOSIS = { source_asset_chain_id: "osmosis-1", source_asset_denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2" } as const;

/** explain's question for one chain: the same filters, EVM and no-metadata assets counted (what assets_from_source lists). */
function explainOn(router: AssetRouter, request: DestinationsRequest, chainId: string) {
  const { group_by: _ignored, ...filters } = request;
  return explain(router, { ...filters, dest_chain_id: chainId, include_evm_assets: true, include_no_metadata_assets: true });
}

/** Every disagreement with assets_from_source (all chains) and with explain (the chains `sample` picks). */
function disagreements(router: AssetRouter, request: DestinationsRequest, sample: (chainId: string, index: number) => boolean): string[] {
  const answer = destinations(router, request);
  const problems: string[] = [];
  if (!DestinationsResponseSchema.safeParse(answer).success) problems.push("the answer does not parse with its schema");
  const fromSource = router.assetsFromSource(request).dest_assets;
  const sourceChain = request.source_asset_chain_id;
  const expectedChains = router.chains().map((chain) => chain.chain_id).filter((id) => id !== sourceChain);
  const listed = answer.destinations.map((d) => d.chain_id);
  for (const id of expectedChains) if (!listed.includes(id)) problems.push(`${id} is missing`);
  if (listed.includes(sourceChain)) problems.push("the source's own chain is listed");
  if ([...listed].sort().join() !== listed.join()) problems.push("not sorted by chain id");
  answer.destinations.forEach((destination, index) => {
    const id = destination.chain_id;
    const expected = Object.hasOwn(fromSource, id) ? fromSource[id]!.assets : [];
    if (JSON.stringify(destination.assets) !== JSON.stringify(expected)) problems.push(`${id}: assets differ from assets_from_source`);
    if (destination.reachable !== (expected.length > 0)) problems.push(`${id}: reachable is ${destination.reachable}, assets_from_source lists ${expected.length}`);
    if (destination.reachable !== (destination.verdict.kind === "reachable")) problems.push(`${id}: verdict ${destination.verdict.kind} but reachable ${destination.reachable}`);
    if (!destination.reachable && destination.reasons.length === 0) problems.push(`${id}: not reachable without a reason`);
    if (sample(id, index)) {
      const one = explainOn(router, request, id);
      if (one.reachable !== destination.reachable) problems.push(`${id}: explain says reachable ${one.reachable}`);
      if (JSON.stringify(one.verdict) !== JSON.stringify(destination.verdict)) problems.push(`${id}: verdict ${JSON.stringify(destination.verdict)} vs explain ${JSON.stringify(one.verdict)}`);
      if (JSON.stringify(one.reasons) !== JSON.stringify(destination.reasons)) problems.push(`${id}: reasons differ from explain's`);
      if (one.reachable && one.routes.length !== destination.assets.length && request.recommendation_reason !== "MOST_LIQUID") problems.push(`${id}: ${one.routes.length} routes for ${destination.assets.length} assets`);
    }
  });
  return problems;
}

describe("destinations agrees with assets_from_source on every chain and with explain on each chain asked", () => {
  test.each([
    ["ATOM", ATOM],
    ["OSMO", OSMO],
    ["ATOM on Osmosis (a voucher)", ATOM_ON_OSMOSIS],
    ["ATOM, several transactions allowed", { ...ATOM, allow_multi_tx: true }],
    ["OSMO, DIRECT", { ...OSMO, recommendation_reason: "DIRECT" }],
    ["ATOM, MOST_LIQUID", { ...ATOM, recommendation_reason: "MOST_LIQUID" }],
    ["OSMO, native only", { ...OSMO, native_only: true }],
    ["OSMO with swaps (several assets per chain)", { ...OSMO, include_swaps: true }],
    ["ATOM with swaps on one venue, several transactions", { ...ATOM, include_swaps: true, allow_multi_tx: true, swap_venues: [{ name: "osmosis-poolmanager", chain_id: "osmosis-1" }] }],
  ] as const)("%s: every chain (assets), every chain or a tenth with swaps (explain)", (_name, request) => {
    // With swaps each explain is a search over every venue: a tenth of the chains keeps the file fast.
    const sample = "include_swaps" in request ? (_id: string, index: number) => index % 10 === 3 : () => true;
    expect(disagreements(mainnet, request as DestinationsRequest, sample)).toEqual([]);
  }, 240_000);

  test("the table above has chains with several assets (so their order is checked too)", () => {
    const answer = destinations(mainnet, { ...OSMO, include_swaps: true });
    expect(answer.destinations.filter((d) => d.assets.length > 1).length).toBeGreaterThan(3);
  });

  test("any listed source asset, any filters (a sample of chains asked to explain)", () => {
    const assets = mainnet.chains().flatMap((chain) => (chain.asset_count > 0 ? [chain.chain_id] : []));
    fc.assert(
      fc.property(
        fc.constantFrom(...assets),
        fc.nat(),
        fc.record({ allow_multi_tx: fc.boolean(), native_only: fc.boolean(), include_cw20_assets: fc.boolean(), recommendation_reason: fc.constantFrom("UNKNOWN", "DIRECT", "BASE_TOKEN", "MOST_LIQUID") }),
        fc.integer({ min: 0, max: 10_000 }),
        (chainId, pick, filters, salt) => {
          const onChain = mainnet.assetsOnChain(chainId);
          const asset = onChain[pick % onChain.length]!;
          const request = { source_asset_chain_id: chainId, source_asset_denom: asset.denom, ...filters } as DestinationsRequest;
          // Three chains explained per case: explain costs a search each.
          const problems = disagreements(mainnet, request, (_id, index) => (index * 7919 + salt) % 61 < 3);
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 8 },
    );
  }, 240_000);
});

describe("with a state snapshot, a chain cut off by the chains' own facts says so, as explain does", () => {
  test("client_expired on the Hub's channel-141 to Osmosis: osmosis-1 is not reached by ATOM, with the dated, cited reason", () => {
    const router = withState(mainnet, snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "OPEN", status: "Expired" }]));
    const answer = destinations(router, ATOM);
    const osmosis = answer.destinations.find((d) => d.chain_id === "osmosis-1")!;
    expect(osmosis.reachable).toBe(false);
    expect(osmosis.reasons).toContainEqual(expect.objectContaining({ code: "client_expired", chain_id: "cosmoshub-4", channel: "channel-141", source: "manual: test of cosmoshub-4" }));
    expect(osmosis.reasons).toEqual(explainOn(router, ATOM, "osmosis-1").reasons);
    expect(disagreements(router, ATOM, (id, index) => id === "osmosis-1" || index % 9 === 0)).toEqual([]);
  }, 120_000);
});

describe("bad input", () => {
  test("an unknown source is a FungibleError with close matches; a malformed request a bad_request", () => {
    expect(() => destinations(mainnet, { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatomm" })).toThrow(/did you mean/);
    expect(() => destinations(mainnet, { source_asset_chain_id: "cosmoshub-4" } as never)).toThrow(FungibleError);
    expect(() => destinations(mainnet, { ...ATOM, recommendation_reason: "FASTEST" } as never)).toThrow(FungibleError);
  });

  test("a budget spent stops the work with over_budget", () => {
    expect(() => destinations(mainnet, OSMO, { budgetMs: 1e-9 })).toThrow(expect.objectContaining({ code: "over_budget" }));
  });
});
