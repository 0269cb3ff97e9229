/** The two graphs of the case table, built once per test file. */
import { readFileSync } from "node:fs";
import { buildAssetGraph } from "../../src/engine/build-asset-graph.js";
import type { AssetGraph } from "../../src/engine/asset-graph.js";
import { loadChainRegistryWithIssues } from "../../src/registry/load-chain-registry.js";
import { parseRegistry } from "../../src/registry/schema.js";
import { EXPLAIN_FIXTURE, type ExplainCase } from "./cases.js";

let fixture: AssetGraph | undefined;
let mainnet: Promise<AssetGraph> | undefined;

export function fixtureGraph(): AssetGraph {
  fixture ??= buildAssetGraph(parseRegistry(JSON.parse(readFileSync(EXPLAIN_FIXTURE, "utf8"))));
  return fixture;
}

/** The embedded chain registry with the adapter's issues, so explain can cite them. */
export function mainnetGraph(): Promise<AssetGraph> {
  mainnet ??= loadChainRegistryWithIssues().then(({ registry, issues }) => buildAssetGraph(registry, { issues }));
  return mainnet;
}

export async function graphOf(testCase: ExplainCase): Promise<AssetGraph> {
  return testCase.graph === "fixture" ? fixtureGraph() : mainnetGraph();
}
