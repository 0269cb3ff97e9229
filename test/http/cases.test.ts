/**
 * The shared case table against the library call and the independent oracle (test/oracle: every
 * case; the oracle answers the successes, it does not validate requests), and a representative few through
 * the HTTP handler to prove it is wired to the same answers: the same body byte for byte on
 * success (chain ids such as `__proto__` included), and each error kind mapped to its status and
 * gRPC code with the library's message. The CLI's wiring is test/cli/cases.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FungibleError, parseRegistry } from "../../src/index.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { Oracle } from "../oracle/oracle.js";
import { FIXTURE_PATH, fixtureGraph, jsonRequest } from "./fixture.js";
import { expected, QUERY_CASES, summarize, type QueryCase } from "./query-cases.js";

const PATHS = { assetsFromSource: "/v2/fungible/assets_from_source", assetsBetweenChains: "/v2/fungible/assets_between_chains" };

const oracle = new Oracle(parseRegistry(JSON.parse(readFileSync(FIXTURE_PATH, "utf8"))));

function callOracle(test: QueryCase): unknown {
  return test.op === "assetsFromSource" ? oracle.assetsFromSource(test.request as never) : oracle.assetsBetweenChains(test.request as never);
}

function callLibrary(test: QueryCase): unknown {
  const router = fixtureGraph();
  return test.op === "assetsFromSource" ? router.assetsFromSource(test.request as never) : router.assetsBetweenChains(test.request as never);
}

/** Both operations, `__proto__` chain ids, ignored fields, and each way a request is refused. */
const WIRED = [
  "ATOM from the Hub: one transaction reaches Osmosis and the two test chains",
  "group_by chain_id and null fields are the defaults; unknown fields are ignored",
  "include_swaps lets OSMO swap into ATOM on Osmosis and go home",
  "Hub to Osmosis: ATOM over IBC in one transaction",
  "unknown chain",
  "unknown denom",
  "flag of the wrong type",
  "a body that is a list",
  "a body that is null",
  "same source and destination",
];

describe.each(QUERY_CASES)("library: $op: $name", (test) => {
  it("answers as the table says", () => {
    if (test.status === 200) {
      expect(summarize(test.op, callLibrary(test))).toEqual(expected(test));
      expect(summarize(test.op, JSON.parse(JSON.stringify(callOracle(test)))), "the oracle").toEqual(expected(test));
      return;
    }
    let thrown: unknown;
    try {
      callLibrary(test);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FungibleError);
    const error = thrown as FungibleError;
    expect([error.status, error.code]).toEqual([test.status, test.code]);
    expect(error.message).toContain(test.says);
  });
});

it("the HTTP cases are in the table and cover both operations and every status", () => {
  const wired = WIRED.map((name) => QUERY_CASES.find((test) => test.name === name));
  expect(wired.every((test) => test !== undefined)).toBe(true);
  expect(new Set(wired.map((test) => test!.op))).toEqual(new Set(["assetsFromSource", "assetsBetweenChains"]));
  expect(new Set(wired.map((test) => test!.status))).toEqual(new Set([200, 400, 404]));
});

describe.each(QUERY_CASES.filter((test) => WIRED.includes(test.name)))("HTTP: $op: $name", (test) => {
  it("answers what the library answers", async () => {
    const handler = createFetchHandler(fixtureGraph());
    const response = await handler(jsonRequest(PATHS[test.op], test.request));
    expect(response.status).toBe(test.status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    if (test.status === 200) {
      // Byte for byte what the library returns, not only the same denoms.
      expect(body).toEqual(JSON.parse(JSON.stringify(callLibrary(test))));
      expect(summarize(test.op, body)).toEqual(expected(test));
      return;
    }
    expect(body.code).toBe(test.status === 400 ? 3 : 5);
    expect(body.message).toContain(test.says);
    expect(Array.isArray(body.details)).toBe(true);
  });
});
