/**
 * The execution endpoints on loopback against the chain simulator (test/support/chain-simulator.ts,
 * REST shapes of the Cosmos SDK and ibc-go events, sources named there), through the Node server's
 * bounded REST reader: submit, status followed across every hop, a timeout reported as the hosted
 * API reports it, balances, and a two-transaction route stopped after its first transaction resumed
 * from where the funds are (the intermediate chain's voucher) to the same destination.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import { buildRouter, ibcDenom, parseRegistry, type AssetRouter } from "../../src/index.js";
import { transferMessages } from "../../src/msgs/transfer-messages.js";
import { chainRestClient } from "../../src/remote/chain-rest-client.js";
import { ChainSimulator, txOf } from "../support/chain-simulator.js";
import { addressesOf } from "./world.js";

const NOW = 1_800_000_000_000;
const TWO_HOPS = "transfer/channel-0/transfer/channel-0";
const DEST = ibcDenom(TWO_HOPS, "ua");
const MID = ibcDenom("transfer/channel-0", "ua");
/** Block explorer pages (a registry's `explorer_tx_page`): a-1 and b-1 have one, c-1 none. */
const PAGES: Record<string, string | undefined> = { "a-1": "https://explorer-a.example/txs/${txHash}", "b-1": "https://explorer-b.example/tx/${txHash}?network=b" };
/** What explorer_link must be: the page with the hash, upper case, where the placeholder is ("" without a page). */
const linkOn = (chainId: string, hash: string) => PAGES[chainId]?.replace("${txHash}", hash.toUpperCase()) ?? "";
const CHANNELS = [
  { a: { chain_id: "a-1", port: "transfer", channel: "channel-0" }, b: { chain_id: "b-1", port: "transfer", channel: "channel-0" } },
  { a: { chain_id: "b-1", port: "transfer", channel: "channel-1" }, b: { chain_id: "c-1", port: "transfer", channel: "channel-0" } },
];

/** a-1 -> b-1 -> c-1; b-1 forwards (one transaction) or not (two). */
function line(pfm: boolean): AssetRouter {
  return buildRouter(
    parseRegistry({
      chains: ["a-1", "b-1", "c-1"].map((chain_id, i) => ({ chain_id, bech32_prefix: ["pa", "pb", "pc"][i], pfm_enabled: chain_id === "b-1" && pfm, explorer_tx_page: PAGES[chain_id] })),
      assets: [
        { chain_id: "a-1", denom: "ua" },
        { chain_id: "c-1", denom: DEST, trace: TWO_HOPS, origin_chain_id: "a-1", origin_denom: "ua" },
      ],
      ibc_channels: CHANNELS.map(({ a, b }) => ({ chain_1: { chain_id: a.chain_id, channel_id: a.channel }, chain_2: { chain_id: b.chain_id, channel_id: b.channel }, status: "ACTIVE" })),
    }),
  );
}

let sim: ChainSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

async function network(pfm: boolean) {
  const router = line(pfm);
  sim = new ChainSimulator(["a-1", "b-1", "c-1"].map((chain_id, i) => ({ chain_id, prefix: ["pa", "pb", "pc"][i]!, pfm: chain_id === "b-1" && pfm })), CHANNELS, NOW);
  await sim.start();
  const handler = createFetchHandler(router, { chainRest: chainRestClient(sim.endpoints(), { retries: 0, timeoutMs: 2_000 }) });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await handler(new Request(`http://fungible.test${path}`, { method, ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) }));
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const addresses = addressesOf(router, ["a-1", "b-1", "c-1"]);
  sim.mint("a-1", addresses["a-1"]!, "ua", 1000n);
  const submit = async (chain_id: string, bytes: Uint8Array) => {
    const answer = await call("POST", "/v2/tx/submit", { tx: Buffer.from(txOf([{ typeUrl: "/ibc.applications.transfer.v1.MsgTransfer", value: bytes }])).toString("base64"), chain_id });
    expect(answer.status).toBe(200);
    expect(answer.body.tx_hash).toMatch(/^[0-9A-F]{64}$/);
    expect(answer.body.explorer_link).toBe(linkOn(chain_id, answer.body.tx_hash));
    return answer.body.tx_hash as string;
  };
  const status = async (chain_id: string, tx_hash: string) => (await call("GET", `/v2/tx/status?tx_hash=${tx_hash}&chain_id=${chain_id}`)).body;
  return { router, sim, call, addresses, submit, status };
}

const states = (body: Record<string, any>) => (body.transfer_sequence as { ibc_transfer: { state: string } }[]).map((t) => t.ibc_transfer.state);

describe("a forwarded route (one transaction, two hops)", () => {
  it("goes from STATE_PENDING hop by hop to STATE_COMPLETED_SUCCESS, released as the route's destination denom", async () => {
    const { router, sim, addresses, submit, status, call } = await network(true);
    const built = transferMessages(router, { from: { chain_id: "a-1", denom: "ua" }, to: { chain_id: "c-1", denom: DEST }, amount: "1000", addresses: { "a-1": addresses["a-1"]!, "c-1": addresses["c-1"]! }, now_ms: NOW });
    expect(await call("POST", "/v2/tx/track", { tx_hash: "ab".repeat(32), chain_id: "a-1" })).toEqual({
      status: 200,
      body: { tx_hash: "AB".repeat(32), explorer_link: `https://explorer-a.example/txs/${"AB".repeat(32)}` },
    });
    expect((await status("a-1", "AB".repeat(32))).state).toBe("STATE_SUBMITTED");
    const hash = await submit("a-1", built.messages[0]!.bytes);
    let body = await status("a-1", hash);
    expect(body.state).toBe("STATE_PENDING");
    expect(states(body)).toEqual(["TRANSFER_PENDING"]);
    sim.relay();
    body = await status("a-1", hash);
    expect(body.state).toBe("STATE_PENDING");
    expect(states(body)).toEqual(["TRANSFER_RECEIVED", "TRANSFER_PENDING"]);
    expect(body.transfer_sequence[1].ibc_transfer).toMatchObject({ from_chain_id: "b-1", to_chain_id: "c-1" });
    sim.relay();
    body = await status("a-1", hash);
    expect(body.state).toBe("STATE_COMPLETED_SUCCESS");
    expect(states(body)).toEqual(["TRANSFER_SUCCESS", "TRANSFER_SUCCESS"]);
    expect(body.transfer_asset_release).toEqual({ chain_id: "c-1", denom: DEST, amount: "1000", released: true });
    expect(sim.balance("c-1", addresses["c-1"]!, DEST)).toBe(1000n);
    expect(body.transfer_sequence[0].ibc_transfer.packet_txs).toMatchObject({ send_tx: { chain_id: "a-1", tx_hash: hash }, receive_tx: { chain_id: "b-1" }, acknowledge_tx: { chain_id: "a-1" }, timeout_tx: null, error: null });
    // Each transaction linked on its own chain's explorer; c-1 has none.
    const txs = (body.transfers as { transfer_sequence: { ibc_transfer: { packet_txs: Record<string, { chain_id: string; tx_hash: string; explorer_link: string } | null> } }[] }[])
      .flatMap((t) => t.transfer_sequence.flatMap((entry) => Object.values(entry.ibc_transfer.packet_txs)))
      .filter((tx): tx is { chain_id: string; tx_hash: string; explorer_link: string } => tx !== null && "tx_hash" in tx);
    expect(txs.map((tx) => tx.chain_id).sort()).toEqual(["a-1", "a-1", "b-1", "b-1", "b-1", "c-1"]);
    for (const tx of txs) expect(tx.explorer_link).toBe(linkOn(tx.chain_id, tx.tx_hash));
    expect(txs.find((tx) => tx.chain_id === "c-1")!.explorer_link).toBe("");
    expect(body.transfer_sequence).toEqual(body.transfers[0].transfer_sequence);
  });

  it("a packet that times out on its second hop is STATE_COMPLETED_ERROR with PACKET_ERROR_TIMEOUT, the funds released back on the source", async () => {
    const { router, sim, addresses, submit, status } = await network(true);
    const built = transferMessages(router, { from: { chain_id: "a-1", denom: "ua" }, to: { chain_id: "c-1", denom: DEST }, amount: "1000", addresses: { "a-1": addresses["a-1"]!, "c-1": addresses["c-1"]! }, now_ms: NOW });
    const hash = await submit("a-1", built.messages[0]!.bytes);
    sim.relay();
    sim.relay({ timeout: true });
    const body = await status("a-1", hash);
    expect(body.state).toBe("STATE_COMPLETED_ERROR");
    expect(states(body)).toEqual(["TRANSFER_FAILURE", "TRANSFER_FAILURE"]);
    expect(body.transfer_sequence[1].ibc_transfer.packet_txs.error.type).toBe("PACKET_ERROR_TIMEOUT");
    expect(body.transfer_sequence[0].ibc_transfer.packet_txs.error.type).toBe("PACKET_ERROR_ACKNOWLEDGEMENT");
    expect(body.error.type).toBe("STATUS_ERROR_TRANSFER");
    expect(body.transfer_asset_release).toEqual({ chain_id: "a-1", denom: "ua", amount: "1000", released: true });
    expect(sim.balance("a-1", addresses["a-1"]!, "ua")).toBe(1000n);
  });

  it("a first hop that times out is reported at once, and a failed transaction as a transaction execution error", async () => {
    const { router, sim, addresses, submit, status } = await network(true);
    const built = transferMessages(router, { from: { chain_id: "a-1", denom: "ua" }, to: { chain_id: "c-1", denom: DEST }, amount: "1000", addresses: { "a-1": addresses["a-1"]!, "c-1": addresses["c-1"]! }, now_ms: NOW });
    const hash = await submit("a-1", built.messages[0]!.bytes);
    sim.relay({ timeout: true });
    const body = await status("a-1", hash);
    expect(body).toMatchObject({ state: "STATE_COMPLETED_ERROR", transfer_asset_release: { chain_id: "a-1", released: true } });
    expect(body.transfer_sequence[0].ibc_transfer.packet_txs.timeout_tx.chain_id).toBe("a-1");
    // Spent already: the chain refuses the second one (code 5 here), and the status says why.
    const again = await submit("a-1", transferMessages(router, { from: { chain_id: "a-1", denom: "ua" }, to: { chain_id: "c-1", denom: DEST }, amount: "5000", addresses: { "a-1": addresses["a-1"]!, "c-1": addresses["c-1"]! }, now_ms: NOW }).messages[0]!.bytes).catch(() => null);
    expect(again).toBeNull();
  });
});

describe("a two-transaction route stopped after its first transaction", () => {
  it("resumes from the intermediate chain's voucher, where status says the funds are, to the same destination", async () => {
    const { router, sim, addresses, submit, status, call } = await network(false);
    const route = router.route({ chain_id: "a-1", denom: "ua" }, { chain_id: "c-1", denom: DEST })!;
    expect(route.txs_required).toBe(2);
    const built = transferMessages(router, { route, amount: "1000", addresses: { "a-1": addresses["a-1"]!, "b-1": addresses["b-1"]!, "c-1": addresses["c-1"]! }, now_ms: NOW });
    const first = await submit("a-1", built.messages[0]!.bytes);
    sim.relay();
    const stopped = await status("a-1", first);
    expect(stopped.state).toBe("STATE_COMPLETED_SUCCESS");
    expect(stopped.transfer_asset_release).toEqual({ chain_id: "b-1", denom: MID, amount: "1000", released: true });
    // The user closed the page here. Later, from where the funds are:
    const { chain_id, denom, amount } = stopped.transfer_asset_release as { chain_id: string; denom: string; amount: string };
    const resumed = await call("POST", "/fungible-graph/v1/resume", { at: { chain_id, denom, amount }, to: { chain_id: "c-1", denom: DEST }, route, addresses: { "b-1": addresses["b-1"], "c-1": addresses["c-1"] }, now_ms: NOW });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ resumed_from: "rest_of_route", hops_done: 1, required_chain_addresses: ["b-1", "c-1"], route: { txs_required: 1, from: { chain_id: "b-1", denom: MID } } });
    expect(resumed.body.txs).toHaveLength(1);
    const second = await submit("b-1", Buffer.from(resumed.body.txs[0].bytes_base64 as string, "base64"));
    sim.relay();
    expect((await status("b-1", second)).transfer_asset_release).toEqual({ chain_id: "c-1", denom: DEST, amount: "1000", released: true });
    expect(sim.balance("c-1", addresses["c-1"]!, DEST)).toBe(1000n);
    // Without the route, the router searches one from the voucher: the same single hop.
    const searched = await call("POST", "/fungible-graph/v1/resume", { at: { chain_id, denom, amount }, to: { chain_id: "c-1", denom: DEST }, addresses: { "b-1": addresses["b-1"], "c-1": addresses["c-1"] }, now_ms: NOW });
    expect(searched.body).toMatchObject({ resumed_from: "searched", hops_done: null, route: { hops: [{ from: { chain_id: "b-1" }, to: { chain_id: "c-1", denom: DEST } }] } });
  });

  it("resume refuses what it cannot do: funds already there, a route to elsewhere, bad input", async () => {
    const { router, call, addresses } = await network(false);
    const route = router.route({ chain_id: "a-1", denom: "ua" }, { chain_id: "c-1", denom: DEST })!;
    const to = { chain_id: "c-1", denom: DEST };
    expect(await call("POST", "/fungible-graph/v1/resume", { at: { ...to, amount: "5" }, to, addresses: {} })).toMatchObject({ status: 400, body: { message: expect.stringContaining("nothing is left to send") } });
    expect(await call("POST", "/fungible-graph/v1/resume", { at: { chain_id: "b-1", denom: MID, amount: "5" }, to: { chain_id: "b-1", denom: "x" }, route, addresses: {} })).toMatchObject({ status: 400, body: { message: expect.stringContaining("the given route ends at") } });
    expect(await call("POST", "/fungible-graph/v1/resume", { at: { chain_id: "b-1", denom: MID, amount: "-5" }, to, addresses: {} })).toMatchObject({ status: 400, body: { code: 3 } });
    expect(await call("POST", "/fungible-graph/v1/resume", { at: { chain_id: "b-1", denom: MID, amount: "5" }, to, addresses: { "b-1": addresses["a-1"] } })).toMatchObject({ status: 400, body: { message: expect.stringContaining('must start with "pb1"') } });
  });
});

describe("balances, and the endpoints' rules", () => {
  it("balances are read from the bank module; an address of another chain is a 400", async () => {
    const { call, addresses } = await network(true);
    const answer = await call("POST", "/v2/info/balances", { chains: { "a-1": { address: addresses["a-1"], denoms: ["ua", "uother"] } } });
    expect(answer).toEqual({ status: 200, body: { chains: { "a-1": { address: addresses["a-1"], denoms: { ua: { amount: "1000" }, uother: { amount: "0" } } } } } });
    expect((await call("POST", "/v2/info/balances", { chains: { "a-1": { address: addresses["b-1"] } } })).status).toBe(400);
  });

  it("a chain without endpoints is 404 code 5; a malformed hash or transaction is 400; without the option, 501 saying how to turn it on", async () => {
    const { call } = await network(true);
    expect(await call("GET", `/v2/tx/status?tx_hash=${"AB".repeat(32)}&chain_id=nowhere-1`)).toMatchObject({ status: 404, body: { code: 5 } });
    expect(await call("GET", "/v2/tx/status?tx_hash=xyz&chain_id=a-1")).toMatchObject({ status: 400, body: { message: expect.stringContaining("64 hexadecimal") } });
    expect(await call("POST", "/v2/tx/submit", { tx: "not base64!", chain_id: "a-1" })).toMatchObject({ status: 400, body: { message: expect.stringContaining("base64") } });
    const off = createFetchHandler(line(true));
    for (const [method, path, body] of [["POST", "/v2/tx/submit", { tx: "AA==", chain_id: "a-1" }], ["GET", `/v2/tx/status?tx_hash=${"AB".repeat(32)}&chain_id=a-1`, undefined], ["POST", "/v2/info/balances", { chains: {} }], ["POST", "/v2/tx/track", { tx_hash: "AB".repeat(32), chain_id: "a-1" }]] as const) {
      const response = await off(new Request(`http://fungible.test${path}`, { method, ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) }));
      expect(response.status).toBe(501);
      expect(((await response.json()) as { message: string }).message).toContain("--live-endpoints");
    }
  });
});
