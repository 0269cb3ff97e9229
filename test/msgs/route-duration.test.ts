/**
 * estimated_route_duration_seconds: every figure is a cited fact of the data file, and a route's
 * estimate adds them up as docs/msgs.md says (one block of each signing chain, one relaying delay
 * per hop). The sums here are written from the file's figures, read independently of the module.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import { ibcDenom, type AssetRouter } from "../../src/index.js";
import { lineWithoutForwarding, TWO_HOPS } from "./world.js";
import { durationsOf, estimatedRouteSeconds } from "../../src/msgs/route-duration.js";
import { shippedRouter } from "../support/shipped-router.js";

const file = JSON.parse(readFileSync(new URL("../../src/registry/data/route-durations.json", import.meta.url), "utf8")) as {
  default_block_seconds: { seconds: number };
  relay_seconds: { bridge: string; seconds: number; source: string }[];
};
const BLOCK = file.default_block_seconds.seconds;
const IBC = file.relay_seconds.find((fact) => fact.bridge === "IBC")!.seconds;

let router: AssetRouter;
beforeAll(async () => {
  router = await shippedRouter();
});

const post = async (handler: (request: Request) => Promise<Response>, body: unknown) => {
  const response = await handler(new Request("http://fungible.test/v2/fungible/route", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("the facts", () => {
  it("every figure names its source, and a file without one is refused", () => {
    expect(file.relay_seconds.map((fact) => fact.bridge)).toEqual(expect.arrayContaining(["IBC", "CCTP", "AXELAR", "EUREKA"]));
    expect(() => durationsOf(file)).not.toThrow();
    const unsourced = { ...file, relay_seconds: [{ bridge: "IBC", seconds: 30 }] };
    expect(() => durationsOf(unsourced)).toThrow(/source/);
    expect(() => durationsOf({ ...file, relay_seconds: [{ bridge: "IBC", seconds: -1, source: "somewhere public" }] })).toThrow();
  });

  it("a chain's own block time counts where the file gives one; a bridge without a figure takes the slowest", () => {
    const own = durationsOf({ ...file, block_seconds: [{ chain_id: "a-1", seconds: 2, source: "a cited explorer page" }] });
    expect(own.blockSeconds("a-1")).toBe(2);
    expect(own.blockSeconds("b-1")).toBe(BLOCK);
    expect(own.relaySeconds("HYPERLANE")).toBe(Math.max(...file.relay_seconds.map((fact) => fact.seconds)));
  });
});

describe("route answers", () => {
  it("one IBC hop: a block of the source, one relaying delay", async () => {
    const answer = await post(createFetchHandler(router), {
      source_asset_denom: "uatom",
      source_asset_chain_id: "cosmoshub-4",
      dest_asset_denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2",
      dest_asset_chain_id: "osmosis-1",
      amount_in: "1000",
    });
    expect(answer).toMatchObject({ status: 200, body: { estimated_route_duration_seconds: BLOCK + IBC } });
  });

  it("two transactions of one hop each: two blocks, two relaying delays; the same through the library", async () => {
    const line = lineWithoutForwarding();
    const request = { source_asset_denom: "ua", source_asset_chain_id: "a-1", dest_asset_denom: ibcDenom(TWO_HOPS, "ua"), dest_asset_chain_id: "c-1", amount_in: "5", allow_multi_tx: true };
    expect(await post(createFetchHandler(line), request)).toMatchObject({ status: 200, body: { txs_required: 2, estimated_route_duration_seconds: 2 * (BLOCK + IBC) } });
    expect(estimatedRouteSeconds(line.route({ chain_id: "a-1", denom: "ua" }, { chain_id: "c-1", denom: ibcDenom(TWO_HOPS, "ua") })!)).toBe(2 * (BLOCK + IBC));
  });

  it("a route that does not exist is the hosted API's not-found: HTTP 404, gRPC code 5, with the error body", async () => {
    const none = await post(createFetchHandler(router), { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_asset_denom: "uosmo", dest_asset_chain_id: "osmosis-1", amount_in: "1000" });
    expect(none).toMatchObject({ status: 404, body: { code: 5, message: expect.stringContaining("no route"), details: [] } });
  });
});
