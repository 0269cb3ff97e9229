/** The two graphs of the case table, built once per test file. */
import { readFileSync } from "node:fs";
import { buildRouter } from "../../src/router/build-router.js";
import type { AssetRouter } from "../../src/router/router.js";
import { loadChainRegistryWithIssues } from "../../src/registry/load-chain-registry.js";
import { parseRegistry } from "../../src/registry/schema.js";
import { EXPLAIN_FIXTURE, type ExplainCase } from "./cases.js";

let fixture: AssetRouter | undefined;
let mainnet: Promise<AssetRouter> | undefined;

export function fixtureGraph(): AssetRouter {
  fixture ??= buildRouter(parseRegistry(JSON.parse(readFileSync(EXPLAIN_FIXTURE, "utf8"))));
  return fixture;
}

/** The embedded chain registry with the adapter's issues, so explain can cite them. */
export function mainnetGraph(): Promise<AssetRouter> {
  mainnet ??= loadChainRegistryWithIssues().then(({ registry, issues }) => buildRouter(registry, { issues }));
  return mainnet;
}

export async function graphOf(testCase: ExplainCase): Promise<AssetRouter> {
  return testCase.router === "fixture" ? fixtureGraph() : mainnetGraph();
}
