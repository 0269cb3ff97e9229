/**
 * /v2/fungible/route, /msgs and /msgs_direct (the official @skip-go/client against them runs in
 * test/integration/skip/msgs-client.test.ts): recorded answers of the hosted API are reproduced field for
 * field where the route is the same; what the service cannot answer is a clear 4xx or 501.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { buildOpenApiDocument, createFetchHandler } from "../../src/entries/http.js";
import { ibcDenom, type AssetRouter } from "../../src/index.js";
import { shippedRouter } from "../support/shipped-router.js";
import { ForwardMemoSchema } from "./pfm-grammar.js";
import { addressesOf, lineWithoutForwarding, TWO_HOPS } from "./world.js";

let router: AssetRouter;
let handler: (request: Request) => Promise<Response>;

beforeAll(async () => {
  router = await shippedRouter();
  handler = createFetchHandler(router);
});

/** The OpenAPI document's components, to check answers and requests against what it promises. */
const DOC_ID = "https://fungible.test/openapi.json";
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: DOC_ID, components: (buildOpenApiDocument() as { components: unknown }).components });
const conforms = (id: string, value: unknown) => ajv.getSchema(`${DOC_ID}#/components/schemas/${id}`)!(value);

const post = async (path: string, body: unknown) => {
  const response = await handler(new Request(`http://fungible.test${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { message?: string } };
};


interface Recorded {
  source: string;
  response: { msgs: { multi_chain_msg: { msg: string } }[]; txs: { cosmos_tx: { msgs: { msg: string }[] } }[]; route: Record<string, unknown> & { operations: { transfer: Record<string, unknown> }[] } };
}
const recorded = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/skip-msgs/${name}`, import.meta.url), "utf8")) as Recorded;
/** The timeout is the one field that depends on when the request was made: its digits are set aside, and checked to be a timestamp. */
const TIMEOUT = /"timeout_timestamp":(\d{19})/;
const withoutTimeout = (text: string) => text.replace(TIMEOUT, '"timeout_timestamp":0');

describe("recorded answers of the hosted API", () => {
  it.each(["abacus_msgs_direct_dydx-to-noble_usdc_ibc.json", "abacus_msgs_direct_noble-to-dydx_usdc_ibc.json"])("msgs_direct reproduces %s field for field, the timeout aside", async (name) => {
    const { response } = recorded(name);
    const msg = JSON.parse(response.msgs[0]!.multi_chain_msg.msg) as { sender: string; receiver: string };
    const r = response.route;
    const request = {
      source_asset_denom: r.source_asset_denom,
      source_asset_chain_id: r.source_asset_chain_id,
      dest_asset_denom: r.dest_asset_denom,
      dest_asset_chain_id: r.dest_asset_chain_id,
      amount_in: r.amount_in,
      chain_ids_to_addresses: { [r.source_asset_chain_id as string]: msg.sender, [r.dest_asset_chain_id as string]: msg.receiver },
    };
    const ours = await post("/v2/fungible/msgs_direct", request);
    expect(ours.status).toBe(200);
    expect(conforms("MsgsDirectRequest", request)).toBe(true);
    expect(conforms("MsgsDirectResponse", ours.body)).toBe(true);
    expect(conforms("SkipRouteResponse", ours.body.route)).toBe(true);
    // /msgs with the hosted API's own route operations and address list gives the same messages.
    const { chain_ids_to_addresses, ...routeRequest } = request;
    const viaMsgs = await post("/v2/fungible/msgs", { ...routeRequest, operations: r.operations, address_list: (r.required_chain_addresses as string[]).map((id) => chain_ids_to_addresses[id]) });
    expect(viaMsgs.status).toBe(200);
    expect(conforms("MsgsResponse", viaMsgs.body)).toBe(true);
    expect(withoutTimeout((viaMsgs.body.msgs as Recorded["response"]["msgs"])[0]!.multi_chain_msg.msg)).toBe(withoutTimeout(response.msgs[0]!.multi_chain_msg.msg));
    const answer = ours.body as unknown as Recorded["response"];
    // msgs and txs: every field, the message text byte for byte once the timeout's digits are set aside.
    expect(TIMEOUT.test(answer.msgs[0]!.multi_chain_msg.msg)).toBe(true);
    const strip = (body: Pick<Recorded["response"], "msgs" | "txs">) =>
      JSON.parse(JSON.stringify({ msgs: body.msgs, txs: body.txs }), (key, value) => (key === "msg" ? withoutTimeout(value as string) : value));
    expect(strip(answer)).toEqual(strip(response));
    // The route: every field both write is equal; the hosted API's others are prices, fees and estimates this service leaves out.
    const theirs = response.route;
    // These recordings predate estimated_route_duration_seconds (@skip-go/client CHANGELOG: "Add estimated_route_duration_seconds to route response"); test/msgs/route-duration.test.ts checks ours.
    const shared = Object.keys(answer.route).filter((key) => key !== "operations" && key !== "estimated_route_duration_seconds");
    expect(shared.filter((key) => !(key in theirs))).toEqual([]);
    for (const key of shared) expect(answer.route[key], key).toEqual(theirs[key]);
    expect(Object.keys(theirs).filter((key) => !(key in answer.route)).sort()).toEqual(["estimated_fees", "usd_amount_in", "usd_amount_out"]);
    const ourOps = answer.route.operations;
    expect(ourOps).toHaveLength(theirs.operations.length);
    ourOps.forEach((op, i) => {
      // fee_*: a relayer fee quote, which this service does not have. supports_memo: the data's flag
      // is "forwards after a bridge hop" (true here where pfm_enabled is, SEMANTICS rev 4); whether a
      // chain without PFM accepts a memo (the hosted API's meaning) is a fact the data lacks, so it
      // is compared only where the data can know it.
      const { fee_amount, usd_fee_amount, fee_asset, supports_memo, ...rest } = theirs.operations[i]!.transfer as Record<string, unknown>;
      void [fee_amount, usd_fee_amount, fee_asset];
      const { supports_memo: ourMemo, ...ourRest } = op.transfer as Record<string, unknown>;
      expect({ ...op, transfer: ourRest }).toEqual({ ...theirs.operations[i], transfer: rest });
      if (op.transfer.pfm_enabled === true) expect(ourMemo).toBe(supports_memo);
    });
  });

  it("the recorded packet-forward memo has the README's forward shape, which ours share (its next is a contract call, not a forward)", () => {
    const { response } = recorded("abacus_msgs_direct_dydx-to-ethereum_pfm-noble_osmosis-swap_axelar.json");
    const memo = JSON.parse((JSON.parse(response.msgs[0]!.multi_chain_msg.msg) as { memo: string }).memo) as { forward: Record<string, unknown> };
    const { next, ...hop } = memo.forward;
    expect(Object.keys(next as object)).toEqual(["wasm"]);
    expect(() => ForwardMemoSchema.parse({ forward: hop })).not.toThrow();
  });
});

describe("what the endpoints refuse", () => {
  const hubToOsmosis = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_asset_denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2", dest_asset_chain_id: "osmosis-1", amount_in: "1000" };

  it("a wrong or missing address is a 400 naming the chain", async () => {
    const addresses = addressesOf(router, ["cosmoshub-4", "osmosis-1"]);
    const wrongPrefix = await post("/v2/fungible/msgs_direct", { ...hubToOsmosis, chain_ids_to_addresses: { "cosmoshub-4": addresses["cosmoshub-4"], "osmosis-1": addresses["cosmoshub-4"] } });
    expect(wrongPrefix).toMatchObject({ status: 400, body: { code: 3, message: expect.stringContaining('chain "osmosis-1" must start with "osmo1"') } });
    const missing = await post("/v2/fungible/msgs_direct", { ...hubToOsmosis, chain_ids_to_addresses: { "cosmoshub-4": addresses["cosmoshub-4"] } });
    expect(missing).toMatchObject({ status: 400, body: { message: expect.stringContaining('an address on chain "osmosis-1" is required') } });
    const badChecksum = addresses["osmosis-1"]!.slice(0, -1) + (addresses["osmosis-1"]!.endsWith("q") ? "p" : "q");
    const corrupt = await post("/v2/fungible/msgs_direct", { ...hubToOsmosis, chain_ids_to_addresses: { "cosmoshub-4": addresses["cosmoshub-4"], "osmosis-1": badChecksum } });
    expect(corrupt).toMatchObject({ status: 400, body: { message: expect.stringContaining('the address for chain "osmosis-1" is not valid bech32') } });
  });

  it("a route through Axelar is 501, naming the leg", async () => {
    const axlUsdc = { source_asset_denom: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", source_asset_chain_id: "1", dest_asset_denom: "uusdc", dest_asset_chain_id: "axelar-dojo-1", amount_in: "1000" };
    const found = router.route({ chain_id: "1", denom: axlUsdc.source_asset_denom }, { chain_id: "axelar-dojo-1", denom: "uusdc" });
    expect(found?.hops[0]).toMatchObject({ kind: "bridge", bridge: "AXELAR" });
    const refused = await post("/v2/fungible/route", axlUsdc);
    expect(refused).toMatchObject({ status: 501, body: { code: 12, message: expect.stringContaining("hop 1 (1 -> axelar-dojo-1) is a AXELAR transfer") } });
  });

  it("operations that are not this service's route, amounts that differ, and a multi-transaction route without allow_multi_tx are refused", async () => {
    const theirs = await post("/v2/fungible/route", hubToOsmosis);
    expect(theirs.status).toBe(200);
    const ops = theirs.body.operations as { transfer: Record<string, unknown> }[];
    const forged = [{ ...ops[0], transfer: { ...ops[0]!.transfer, channel: "channel-9999" } }];
    const addresses = addressesOf(router, ["cosmoshub-4", "osmosis-1"]);
    const msgs = await post("/v2/fungible/msgs", { ...hubToOsmosis, operations: forged, address_list: [addresses["cosmoshub-4"], addresses["osmosis-1"]] });
    expect(msgs).toMatchObject({ status: 400, body: { message: expect.stringContaining("operations are not the route this service finds") } });
    const differ = await post("/v2/fungible/route", { ...hubToOsmosis, amount_out: "999" });
    expect(differ).toMatchObject({ status: 400, body: { message: expect.stringContaining("differ") } });
    const unknown = await post("/v2/fungible/route", { ...hubToOsmosis, dest_asset_chain_id: "nowhere-1" });
    expect(unknown.status).toBe(404);
    // Three chains in a line, the middle one without PFM: two transactions.
    const line = lineWithoutForwarding();
    const lineHandler = createFetchHandler(line);
    const multi = { source_asset_denom: "ua", source_asset_chain_id: "a-1", dest_asset_denom: ibcDenom(TWO_HOPS, "ua"), dest_asset_chain_id: "c-1", amount_in: "5" };
    const ask = async (body: unknown) => {
      const response = await lineHandler(new Request("http://fungible.test/v2/fungible/route", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await ask(multi)).toMatchObject({ status: 404, body: { message: expect.stringContaining("set allow_multi_tx") } });
    const allowed = await ask({ ...multi, allow_multi_tx: true });
    expect(allowed).toMatchObject({ status: 200, body: { txs_required: 2, required_chain_addresses: ["a-1", "b-1", "c-1"] } });
  });
});
