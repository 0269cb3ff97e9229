/**
 * explain costs one route search whatever it returns (issue 23: it used to search again for every
 * route it returned). A destination nothing reaches costs one more, over the channels the router
 * does not route (the diagnosis). Counted by wrapping the search every module imports.
 */
import { describe, expect, test, vi } from "vitest";
import { destinations, explain } from "../../src/entries/explain.js";
import { mainnetGraph } from "./graphs.js";

const searches = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/query/best-routes.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/query/best-routes.js")>();
  return {
    ...original,
    searchBestRoutes: (...args: Parameters<typeof original.searchBestRoutes>) => {
      searches.count++;
      return original.searchBestRoutes(...args);
    },
  };
});

const osmo = { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo" };

describe("searches per explanation", () => {
  test.each([
    ["486 routes", { ...osmo, dest_chain_id: "osmosis-1", include_swaps: true, allow_multi_tx: true, include_evm_assets: true, include_no_metadata_assets: true }, "reachable", 1],
    ["many routes, no swaps", { ...osmo, dest_chain_id: "cosmoshub-4", include_no_metadata_assets: true }, "reachable", 1],
    ["reachable if include_evm_assets", { source_asset_chain_id: "noble-1", source_asset_denom: "uusdc", dest_chain_id: "1" }, "reachable_if", 1],
    ["not reachable: an INACTIVE channel (diagnosed)", { source_asset_chain_id: "vota-ash", source_asset_denom: "peaka", dest_chain_id: "pacific-1" }, "not_reachable", 2],
    ["unknown chain: no search", { ...osmo, dest_chain_id: "nowhere-1" }, "not_reachable", 0],
  ] as const)("%s", async (_name, request, verdict, expected) => {
    const router = await mainnetGraph();
    searches.count = 0;
    const answer = explain(router, request);
    expect(answer.verdict.kind).toBe(verdict);
    expect(searches.count).toBe(expected);
  });
});

describe("searches per destinations call (every chain of the registry)", () => {
  test("one route search, and one diagnostic search shared by every chain nothing reaches", async () => {
    const router = await mainnetGraph();
    searches.count = 0;
    const answer = destinations(router, osmo);
    expect(answer.destinations.length).toBe(router.chains().length - 1);
    expect(answer.destinations.filter((d) => !d.reachable && d.reasons.some((r) => r.code === "no_path" || r.code === "inactive_channel")).length).toBeGreaterThan(1);
    expect(searches.count).toBe(2);
  });
});
