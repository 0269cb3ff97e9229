/** The two graphs of the case table, built once per test file. */
import { readFileSync } from "node:fs";
import { buildRouter } from "../../src/index.js";
import type { AssetRouter } from "../../src/index.js";
import { shippedRouter } from "../support/shipped-router.js";
import { parseRegistry } from "../../src/index.js";
import { EXPLAIN_FIXTURE, type ExplainCase } from "./cases.js";

let fixture: AssetRouter | undefined;
let mainnet: Promise<AssetRouter> | undefined;

export function fixtureGraph(): AssetRouter {
  fixture ??= buildRouter(parseRegistry(JSON.parse(readFileSync(EXPLAIN_FIXTURE, "utf8"))));
  return fixture;
}

/** The shipped mainnet dataset: the chain registry with the adapter's issues as notes, so explain can cite them. */
export function mainnetGraph(): Promise<AssetRouter> {
  mainnet ??= shippedRouter();
  return mainnet;
}

export async function graphOf(testCase: ExplainCase): Promise<AssetRouter> {
  return testCase.router === "fixture" ? fixtureGraph() : mainnetGraph();
}
