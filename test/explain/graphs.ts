/** The two graphs of the case table, built once per test file (test/support/per-file.ts). */
import { readFileSync } from "node:fs";
import { buildRouter } from "../../src/index.js";
import type { AssetRouter } from "../../src/index.js";
import { perFile } from "../support/per-file.js";
import { shippedRouter } from "../support/shipped-router.js";
import { parseRegistry } from "../../src/index.js";
import { EXPLAIN_FIXTURE, type ExplainCase } from "./cases.js";

export const fixtureGraph: () => AssetRouter = perFile(() => buildRouter(parseRegistry(JSON.parse(readFileSync(EXPLAIN_FIXTURE, "utf8")))));

/** The shipped mainnet dataset: the chain registry with the adapter's issues as notes, so explain can cite them. */
export function mainnetGraph(): Promise<AssetRouter> {
  return shippedRouter();
}

export async function graphOf(testCase: ExplainCase): Promise<AssetRouter> {
  return testCase.router === "fixture" ? fixtureGraph() : mainnetGraph();
}

/** The costliest explain known: OSMO to Osmosis with swaps and several transactions allowed (486 routes on mainnet). */
export const COSTLIEST = {
  source_asset_chain_id: "osmosis-1",
  source_asset_denom: "uosmo",
  dest_chain_id: "osmosis-1",
  include_swaps: true,
  allow_multi_tx: true,
  include_evm_assets: true,
  include_no_metadata_assets: true,
};
