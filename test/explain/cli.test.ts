/**
 * `fungible-graph why` wired to the library's explain: the wiring cases (test/explain/cases.ts; the
 * whole table runs on the library) through the built CLI as JSON, fixture cases with
 * `--registry fixtures/explain-registry.json`, mainnet cases on the shipped data, and one case in
 * every picture format. Also exit codes, the text output, pictures, `chains`, `assets` and
 * "did you mean" in CLI errors.
 */
import { describe, expect, test } from "vitest";
import { ExplainResponseSchema } from "../../src/entries/schemas.js";
import { runCli } from "../cli/run-cli.js";
import { explain } from "../../src/entries/explain.js";
import { verdictTitle } from "../../src/explain/verdict.js";
import { graphOf } from "./graphs.js";
import { ATOM_ON_OSMOSIS, checkExplain, checkPicture, EXPLAIN_FIXTURE, pictureRows, whyArgs, wiringCases, type ExplainCase } from "./cases.js";

const graphArgs = (testCase: ExplainCase) => (testCase.router === "fixture" ? ["--registry", EXPLAIN_FIXTURE] : []);
const FIXTURE = ["--registry", EXPLAIN_FIXTURE];

// Each case is a process; one case drawn in every format proves --format reaches the pictures.
const PICTURED = wiringCases().filter((testCase) => testCase.name === "reachable over IBC");

describe("why: the wiring cases on the CLI", () => {
  test("one pictured case covers every format", () => {
    expect(pictureRows(PICTURED).map(([, , format]) => format)).toEqual(["mermaid", "dot", "svg"]);
  });

  test.concurrent.each(wiringCases().map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    const result = await runCli(["why", ...whyArgs(testCase), ...graphArgs(testCase), "--format", "json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(testCase.reachable ? 0 : 1);
    const answer = ExplainResponseSchema.parse(JSON.parse(result.stdout));
    expect(checkExplain(testCase, answer)).toEqual([]);
  }, 60_000);

  test.concurrent.each(pictureRows(PICTURED))(
    "%s",
    async (_name, testCase, format) => {
      const result = await runCli(["why", ...whyArgs(testCase), ...graphArgs(testCase), "--format", format]);
      expect(result.code).toBe(testCase.reachable ? 0 : 1);
      expect(checkPicture(testCase, format, result.stdout)).toEqual([]);
    },
    60_000,
  );
});

describe("why: the verdict leads, as the library and the page give it", () => {
  test.concurrent.each(wiringCases().map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    const expected = explain(await graphOf(testCase), testCase.request).verdict;
    const result = await runCli(["why", ...whyArgs(testCase), ...graphArgs(testCase)]);
    expect(result.stdout.split("\n")[0]).toBe(`Verdict: ${verdictTitle(expected)}`);
  }, 60_000);
});

describe("why: text and usage", () => {
  test("text output names each reason code and the multi-transaction route", async () => {
    const result = await runCli(["why", "hub-1:uhub", "delta-1", ...FIXTURE]);
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n").slice(0, 2)).toEqual(["Verdict: reachable if allow_multi_tx is true", "hub-1 uhub does not reach delta-1 as asked:"]);
    expect(result.stdout).toContain("needs_multiple_txs:");
    expect(result.stdout).toMatch(/TX\s+VIA\s+FROM\s+TO/);
  });

  test("--swap-venue CHAIN:NAME limits the swaps, as from-source's does (fixtures/http-registry.json)", async () => {
    const http = ["--registry", "fixtures/http-registry.json"];
    const args = ["why", "cosmoshub-4:uatom", "osmosis-1:uosmo", ...http, "--include-swaps", "--format", "json"];
    const swapped = await runCli([...args, "--swap-venue", "osmosis-1:osmosis-poolmanager"]);
    expect(swapped.code).toBe(0);
    const answer = ExplainResponseSchema.parse(JSON.parse(swapped.stdout));
    expect(answer.routes[0]!.hops.map((hop) => hop.kind)).toEqual(["ibc", "swap"]);
    expect(answer.routes[0]!.hops[1]).toMatchObject({ kind: "swap", venue: "osmosis-poolmanager" });
    // Another venue than the one swapping ATOM for OSMO: no route, as the library answers for swap_venues.
    const other = await runCli([...args, "--swap-venue", "osmosis-1:nowhere"]);
    expect(other.code).toBe(1);
    expect(ExplainResponseSchema.parse(JSON.parse(other.stdout)).reasons.map((reason) => reason.code)).toEqual(["filtered_out", "no_path"]);
    const malformed = await runCli([...args, "--swap-venue", "osmosis-poolmanager"]);
    expect(malformed.code).toBe(2);
    // --json: the usage error is the service's error body.
    expect(JSON.parse(malformed.stderr).message).toContain('why: --swap-venue "osmosis-poolmanager" is not <chain_id>:<name>');
  });

  test("a bad flag value is a usage error (exit 2)", async () => {
    expect((await runCli(["why", "hub-1:uhub", "alpha-1", ...FIXTURE, "--format", "png"])).code).toBe(2);
    expect((await runCli(["why", "hub-1:uhub", "alpha-1", ...FIXTURE, "--recommendation-reason", "BEST"])).code).toBe(2);
    expect((await runCli(["why", "hub-1", "alpha-1", ...FIXTURE])).code).toBe(2);
  });
});

describe("pictures on route and from-source", () => {
  test("route --format mermaid|dot|svg (mainnet, a lower-case ibc/ denom)", async () => {
    const args = ["route", "cosmoshub-4:uatom", `osmosis-1:${ATOM_ON_OSMOSIS.toLowerCase()}`];
    const mermaid = await runCli([...args, "--format", "mermaid"]);
    expect(mermaid.code).toBe(0);
    expect(mermaid.stdout).toContain('-->|"IBC transfer/channel-141"|');
    const dot = await runCli([...args, "--format", "dot"]);
    expect(dot.stdout).toContain('[label="IBC transfer/channel-141"]');
    const svg = await runCli([...args, "--format", "svg"]);
    expect(svg.stdout.replaceAll("&#45;", "-")).toContain("osmosis-1");
  }, 60_000);

  test("route with no route in a picture format: message on stderr, exit 1", async () => {
    const result = await runCli(["route", "hub-1:uhub", "gamma-1:ugamma", ...FIXTURE, "--format", "dot"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("no route from hub-1 uhub to gamma-1 ugamma");
  });

  test("from-source --format svg draws the reach with Graphviz", async () => {
    const svg = await runCli(["from-source", "hub-1:uhub", ...FIXTURE, "--format", "svg"]);
    expect(svg.code).toBe(0);
    expect(svg.stdout).toMatch(/<svg[\s\S]*<\/svg>/);
    const texts = [...svg.stdout.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replaceAll("&#45;", "-"));
    expect(texts).toEqual(expect.arrayContaining(["hub-1", "alpha-1", "8453", "axlHUB"]));
  });

  test("from-source --format mermaid|dot", async () => {
    const mermaid = await runCli(["from-source", "hub-1:uhub", ...FIXTURE, "--format", "mermaid"]);
    expect(mermaid.code).toBe(0);
    for (const chain of ["alpha-1", "8453"]) expect(mermaid.stdout).toContain(`("${chain}")`);
    const dot = await runCli(["from-source", "hub-1:uhub", ...FIXTURE, "--format", "dot"]);
    expect(dot.stdout).toMatch(/^digraph reach \{/);
    expect((await runCli(["from-source", "hub-1:uhub", ...FIXTURE, "--json", "--format", "dot"])).code).toBe(2);
  });
});

describe("chains and assets", () => {
  test("chains lists id, name, type, assets and flags", async () => {
    const result = await runCli(["chains", ...FIXTURE]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^CHAIN_ID\s+NAME\s+TYPE\s+ASSETS\s+PFM\s+AFTER_BRIDGE\s+MEMO$/m);
    expect(result.stdout).toMatch(/^hub-1\s+hub\s+cosmos\s+\d+\s+yes\s+yes\s+yes$/m);
    expect(result.stdout).toMatch(/^8453\s+evmland\s+evm\s+2\s+no\s+no\s+no$/m);
  });

  test("assets lists symbol, denom, origin and metadata", async () => {
    const result = await runCli(["assets", "hub-1", ...FIXTURE]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^HUB\s+uhub\s+\(native\)\s+yes$/m);
    expect(result.stdout).toMatch(/^-\s+ibc\/\S+\s+beta-1 ubeta\s+no$/m);
  });

  test("an unknown chain: exit 1 and a suggestion (mainnet)", async () => {
    const result = await runCli(["assets", "cosmoshub"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('chain "cosmoshub" is not in the registry; did you mean "cosmoshub-4"?');
  }, 60_000);

  test("from-source with a symbol suggests the denom (mainnet)", async () => {
    const result = await runCli(["from-source", "osmosis-1:ATOM"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`did you mean "${ATOM_ON_OSMOSIS}" (ATOM)`);
  }, 60_000);
});
