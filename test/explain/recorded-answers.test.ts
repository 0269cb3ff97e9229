/**
 * explain answers byte for byte as the implementation recorded in fixtures/explain-answers.json
 * (commit 9d5a11b: the explain of 8ddb836, which re-ran the route search once per route it returned; recorded by
 * test/explain/record-answers.mjs before explain was rebuilt on one search), on the shipped
 * mainnet dataset, a synthetic registry and the explain fixture. The verdict came later: it is
 * left out of the bytes compared, and checked against the answer it leads.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { buildRouter, parseRegistry, type AssetRouter } from "../../src/index.js";
import type { ExplainRequest } from "../../src/entries/explain.js";
import { registryProfile } from "../../bench/registry-profile.mjs";
import { syntheticRegistry } from "../../bench/synthetic-registry.mjs";
import { requestSample } from "./answer-sample.mjs";
import { EXPLAIN_FIXTURE } from "./cases.js";
import { mainnetGraph } from "./graphs.js";

interface Recorded {
  router: "mainnet" | "synthetic" | "fixture";
  request: ExplainRequest;
  sha256: string;
  bytes: number;
  reachable: boolean;
  routes: number;
  codes: string[];
}

const recorded = (JSON.parse(readFileSync("fixtures/explain-answers.json", "utf8")) as { answers: Recorded[] }).answers;
const routers = {} as Record<Recorded["router"], AssetRouter>;

beforeAll(async () => {
  routers.mainnet = await mainnetGraph();
  routers.synthetic = buildRouter(parseRegistry(syntheticRegistry(registryProfile(routers.mainnet.registry), { scale: 1, seed: 7 }).registry));
  routers.fixture = buildRouter(parseRegistry(JSON.parse(readFileSync(EXPLAIN_FIXTURE, "utf8"))));
});

describe("explain answers as recorded before it was rebuilt on one search", () => {
  test("the fixture holds the requests the sample rule draws today (the same questions are asked)", () => {
    for (const name of ["mainnet", "synthetic", "fixture"] as const) {
      const asked = recorded.filter((entry) => entry.router === name).map((entry) => entry.request);
      expect(asked, name).toEqual(requestSample(name, routers[name]));
    }
  });

  test.each(["mainnet", "synthetic", "fixture"] as const)("%s: every answer has the recorded bytes", (name) => {
    const mismatches: string[] = [];
    let reachable = 0;
    for (const entry of recorded.filter((e) => e.router === name)) {
      const { verdict, ...answer } = explain(routers[name], entry.request);
      const text = JSON.stringify(answer);
      const sha256 = createHash("sha256").update(text).digest("hex");
      if (sha256 !== entry.sha256) mismatches.push(`${JSON.stringify(entry.request)}: ${answer.routes.length} routes, codes ${answer.reasons.map((r) => r.code).join(",")}; recorded ${entry.routes} routes, codes ${entry.codes.join(",")}`);
      if ((verdict.kind === "reachable") !== answer.reachable) mismatches.push(`${JSON.stringify(entry.request)}: verdict ${verdict.kind}, reachable ${answer.reachable}`);
      if (answer.reachable) reachable++;
    }
    expect(mismatches).toEqual([]);
    // The sample asks both kinds of question on every router.
    expect(reachable).toBeGreaterThan(0);
  }, 600_000);
});
