/**
 * The shared case table against the library call and the HTTP handler: same body on success,
 * same error (status, gRPC code, message) otherwise. The CLI runs the same table in test/cli.
 */
import { describe, expect, it } from "vitest";
import { FungibleError } from "../../src/index.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { fixtureGraph, jsonRequest } from "./fixture.js";
import { expected, QUERY_CASES, summarize, type QueryCase } from "./query-cases.js";

const PATHS = { assetsFromSource: "/v2/fungible/assets_from_source", assetsBetweenChains: "/v2/fungible/assets_between_chains" };

function callLibrary(test: QueryCase): unknown {
  const router = fixtureGraph();
  return test.op === "assetsFromSource" ? router.assetsFromSource(test.request as never) : router.assetsBetweenChains(test.request as never);
}

describe.each(QUERY_CASES)("$op: $name", (test) => {
  it("library", () => {
    if (test.status === 200) {
      expect(summarize(test.op, callLibrary(test))).toEqual(expected(test));
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

  it("HTTP handler", async () => {
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
