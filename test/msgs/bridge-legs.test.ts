/**
 * Bridge legs whose source side is a Cosmos message, checked by decoding their bytes with the
 * chains' own types (never with the code under test): Noble's MsgDepositForBurn with protobufjs
 * from circlefin/noble-cctp's own tx.proto (fixtures/proto, copied at the commit fixtures/README.md
 * names), the MsgTransfers with cosmjs-types; the Axelar leg against the hosted API's recorded
 * message (fixtures/skip-msgs, osmosis-frontend's mock of the hosted /v2/fungible/msgs), and its
 * packet delivered to Axelar by the ICS-20 simulator.
 */
import { readFileSync } from "node:fs";
import protobuf from "protobufjs";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import { transferMessages } from "../../src/entries/msgs.js";
import { FungibleError, type AssetRouter } from "../../src/index.js";
import { checksumAddress } from "../../src/denom/evm-address.js";
import { shippedRouter } from "../support/shipped-router.js";
import { addressesOf, NOW_MS, worldOf } from "./world.js";

const USDC_NOBLE = { chain_id: "noble-1", denom: "uusdc" };
const USDC_ETHEREUM = { chain_id: "1", denom: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };
/** WBTC on the Hub over Eureka (trace transfer/08-wasm-1369), and on Ethereum. */
const WBTC_HUB = { chain_id: "cosmoshub-4", denom: "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462" };
const WBTC_ETHEREUM = { chain_id: "1", denom: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599" };
const AXL_WETH_OSMOSIS = { chain_id: "osmosis-1", denom: "ibc/EA1D43981D5C9A1C4AAEA9C23BB1D4FA126BA9BC7020A25E0AE4AA841EA25DC5" };
const WETH_ETHEREUM = { chain_id: "1", denom: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2" };

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");
const MsgDepositForBurn = protobuf.parse(fixture("proto/circle/cctp/v1/tx.proto"), { keepCase: true }).root.lookupType("circle.cctp.v1.MsgDepositForBurn");

/** The hosted API's recorded Osmosis -> Ethereum Axelar transfer (ETH.axl to WETH). */
const RECORDED_AXELAR = JSON.parse(fixture("skip-msgs/osmosis-frontend_msgs_osmosis-to-ethereum_eth-axl_ibc-to-axelar.json")) as {
  response: { msgs: { multi_chain_msg: { msg: string; msg_type_url: string } }[] };
  route_in_source: { operations: { axelar_transfer: Record<string, unknown> }[] };
};
const recordedMsg = JSON.parse(RECORDED_AXELAR.response.msgs[0]!.multi_chain_msg.msg) as { sender: string; receiver: string; source_channel: string; source_port: string; token: { denom: string }; memo: string };
const recordedMemo = JSON.parse(recordedMsg.memo) as { payload: number[] } & Record<string, unknown>;
/** The user's Ethereum address is the second word of the recorded payload (abi.encode(bool, address)). */
const RECORDED_USER = checksumAddress(`0x${Buffer.from(recordedMemo.payload.slice(44)).toString("hex")}`);
const EVM_USER = "0x000000000000000000000000000000000000dEaD";

let router: AssetRouter;
beforeAll(async () => {
  router = await shippedRouter();
});

const build = (from: { chain_id: string; denom: string }, to: { chain_id: string; denom: string }, user: string, extra: Record<string, unknown> = {}) => {
  const addresses = { ...addressesOf(router, [from.chain_id]), [to.chain_id]: user };
  return { addresses, built: transferMessages(router, { from, to, amount: "1234567", addresses, now_ms: NOW_MS, ...extra }) };
};

describe("CCTP from Noble", () => {
  it("is Noble's MsgDepositForBurn, as noble-cctp's own proto decodes it: domain 0 (Ethereum), the address left-padded to 32 bytes, uusdc", () => {
    const { addresses, built } = build(USDC_NOBLE, USDC_ETHEREUM, EVM_USER);
    expect(built.messages).toHaveLength(1);
    const [message] = built.messages;
    expect(message!.encode_object.typeUrl).toBe("/circle.cctp.v1.MsgDepositForBurn");
    const decoded = MsgDepositForBurn.toObject(MsgDepositForBurn.decode(message!.bytes), { defaults: true, bytes: Array }) as Record<string, unknown>;
    expect(decoded).toEqual({ from: addresses["noble-1"], amount: "1234567", destination_domain: 0, mint_recipient: [...new Array(12).fill(0), ...Buffer.from(EVM_USER.slice(2), "hex")], burn_token: "uusdc" });
    // protobufjs's own encoder writes the same bytes from what it decoded (a zero domain left out, as proto3 and gogoproto do).
    expect(new Uint8Array(MsgDepositForBurn.encode(MsgDepositForBurn.decode(message!.bytes)).finish())).toEqual(message!.bytes);
    expect(message!.unquoted_fees.map((fee) => fee.bridge)).toEqual(["CCTP"]);
    expect(message!.unquoted_fees[0]!.what).toContain("smart_relay_fee_quote");
  });

  it("after an IBC transaction into Noble: two transactions, the USDC the simulator delivers to the user on Noble is what the burn sends", () => {
    const USDC_DYDX = { chain_id: "dydx-mainnet-1", denom: "ibc/8E27BA2D5493AF5636760E354E46004562C46AB7EC0CC4C1CA14E9E20E2545B5" };
    const addresses: Record<string, string> = { ...addressesOf(router, ["dydx-mainnet-1", "noble-1"]), "1": EVM_USER };
    const built = transferMessages(router, { from: USDC_DYDX, to: USDC_ETHEREUM, amount: "5000", addresses, now_ms: NOW_MS });
    expect(built.required_chain_addresses).toEqual(["dydx-mainnet-1", "noble-1", "1"]);
    expect(built.messages.map((m) => [m.chain_id, m.encode_object.typeUrl])).toEqual([
      ["dydx-mainnet-1", "/ibc.applications.transfer.v1.MsgTransfer"],
      ["noble-1", "/circle.cctp.v1.MsgDepositForBurn"],
    ]);
    const world = worldOf(router);
    world.seedVoucher("dydx-mainnet-1", addresses["dydx-mainnet-1"]!, "transfer/channel-0/uusdc", 5000n);
    world.executeTransfer("dydx-mainnet-1", built.messages[0]!.bytes, built.messages[0]!.signer);
    const burn = MsgDepositForBurn.decode(built.messages[1]!.bytes) as unknown as { from: string; amount: string; burn_token: string };
    expect(world.balance("noble-1", burn.from, burn.burn_token)).toBe(BigInt(burn.amount));
  });

  it("to Base: domain 6, the domain Circle publishes", () => {
    const base = router.route(USDC_NOBLE, { chain_id: "8453", denom: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" });
    expect(base?.bridges).toEqual(["CCTP"]);
    const { built } = build(USDC_NOBLE, { chain_id: "8453", denom: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }, EVM_USER);
    expect(MsgDepositForBurn.decode(built.messages[0]!.bytes)).toMatchObject({ destination_domain: 6 });
  });

  it("a wrong EVM address is refused: bad checksum, wrong length", () => {
    const badChecksum = "0x000000000000000000000000000000000000DeaD";
    expect(() => build(USDC_NOBLE, USDC_ETHEREUM, badChecksum)).toThrow(/EIP-55 checksum/);
    expect(() => build(USDC_NOBLE, USDC_ETHEREUM, "0x1234")).toThrow(/0x and 40 hex digits/);
  });
});

describe("Eureka from the Hub", () => {
  it("is a MsgTransfer over the Hub's IBC v2 client 08-wasm-1369 (the token's trace), timed out in seconds, ABI-encoded, to the user's Ethereum address", () => {
    const { addresses, built } = build(WBTC_HUB, WBTC_ETHEREUM, EVM_USER);
    const [message] = built.messages;
    const decoded = MsgTransfer.decode(message!.bytes);
    expect(decoded).toEqual({
      sourcePort: "transfer",
      sourceChannel: "08-wasm-1369",
      token: { denom: WBTC_HUB.denom, amount: "1234567" },
      sender: addresses["cosmoshub-4"],
      receiver: EVM_USER,
      timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
      // ibc-go v10's IBC v2 sendPacket reads seconds, at most 24 h ahead.
      timeoutTimestamp: BigInt(NOW_MS / 1000 + 300),
      memo: "",
      encoding: "application/x-solidity-abi",
    });
    expect(MsgTransfer.encode(MsgTransfer.fromPartial(decoded)).finish()).toEqual(message!.bytes);
    expect(message!.unquoted_fees.map((fee) => fee.bridge)).toEqual(["EUREKA"]);
  });

  it("a timeout beyond IBC v2's 24 hours is refused", () => {
    let error: unknown;
    try {
      build(WBTC_HUB, WBTC_ETHEREUM, EVM_USER, { timeout_seconds: 86401 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FungibleError);
    expect((error as FungibleError).message).toMatch(/at most 86400 s/);
  });
});

describe("Axelar from a Cosmos chain", () => {
  it("is the hosted API's recorded message, field for field, but the timeout and the fee it quotes", () => {
    const { addresses, built } = build(AXL_WETH_OSMOSIS, WETH_ETHEREUM, RECORDED_USER);
    const [message] = built.messages;
    expect(message!.encode_object.typeUrl).toBe(RECORDED_AXELAR.response.msgs[0]!.multi_chain_msg.msg_type_url);
    const decoded = MsgTransfer.decode(message!.bytes);
    expect(decoded).toMatchObject({ sourcePort: recordedMsg.source_port, sourceChannel: recordedMsg.source_channel, receiver: recordedMsg.receiver, sender: addresses["osmosis-1"] });
    expect(decoded.token.denom).toBe(recordedMsg.token.denom);
    const { fee, ...recordedWithoutFee } = recordedMemo;
    expect(fee).toMatchObject({ recipient: expect.stringMatching(/^axelar1/) });
    expect(JSON.parse(decoded.memo)).toEqual(recordedWithoutFee);
    expect(Object.keys(JSON.parse(decoded.memo) as object)).toEqual(Object.keys(recordedWithoutFee));
    expect(message!.unquoted_fees[0]!.what).toContain((fee as { recipient: string }).recipient);
  });

  it("the ICS-20 simulator delivers the packet to Axelar's GMP account as Axelar's own denom", () => {
    const { addresses, built } = build(AXL_WETH_OSMOSIS, WETH_ETHEREUM, RECORDED_USER);
    const world = worldOf(router);
    const source = addresses["osmosis-1"]!;
    world.seedVoucher("osmosis-1", source, "transfer/channel-208/weth-wei", 1234567n);
    world.executeTransfer("osmosis-1", built.messages[0]!.bytes, built.messages[0]!.signer);
    expect(world.balance("osmosis-1", source, AXL_WETH_OSMOSIS.denom)).toBe(0n);
    expect(world.balance("axelar-dojo-1", recordedMsg.receiver, "weth-wei")).toBe(1234567n);
  });
});

describe("HTTP msgs_direct and msgs", () => {
  const handler = () => createFetchHandler(router);
  const post = async (path: string, body: unknown) => {
    const response = await handler()(new Request(`http://fungible.test${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("the Axelar route is one axelar_transfer operation, as the hosted API's; msgs with those operations gives the same messages", async () => {
    const osmo = addressesOf(router, ["osmosis-1"])["osmosis-1"]!;
    const request = { source_asset_denom: AXL_WETH_OSMOSIS.denom, source_asset_chain_id: "osmosis-1", dest_asset_denom: WETH_ETHEREUM.denom, dest_asset_chain_id: "1", amount_in: "1000" };
    const direct = await post("/v2/fungible/msgs_direct", { ...request, chain_ids_to_addresses: { "osmosis-1": osmo, "1": RECORDED_USER } });
    expect(direct.status).toBe(200);
    const route = direct.body.route as { operations: { axelar_transfer: Record<string, unknown> }[]; required_chain_addresses: string[] };
    const theirs = RECORDED_AXELAR.route_in_source.operations[0]!.axelar_transfer;
    const ours = route.operations[0]!.axelar_transfer;
    // from_chain and fee_*: Axelar's name of the source chain and a fee quote, which the data lacks.
    const { from_chain, fee_amount, usd_fee_amount, fee_asset, ibc_transfer_to_axelar: theirIbc, ...rest } = theirs;
    void [from_chain, fee_amount, usd_fee_amount, fee_asset];
    const { ibc_transfer_to_axelar: ourIbc, ...ourRest } = ours;
    expect(ourRest).toEqual(rest);
    expect(ourIbc).toMatchObject({ ...(theirIbc as object), supports_memo: expect.any(Boolean) });
    expect(direct.body.unquoted_fees).toEqual([expect.objectContaining({ tx_index: 0, bridge: "AXELAR" })]);
    const viaMsgs = await post("/v2/fungible/msgs", { ...request, operations: route.operations, address_list: [osmo, RECORDED_USER] });
    expect(viaMsgs.status).toBe(200);
    // The two calls are made at different times: the timeout's digits are set aside.
    const withoutTimeout = (body: unknown) => JSON.stringify(body).replace(/timeout_timestamp\\":\d+/g, "timeout");
    expect(withoutTimeout(viaMsgs.body.msgs)).toBe(withoutTimeout(direct.body.msgs));
    expect((direct.body.txs as { operations_indices: number[] }[])[0]!.operations_indices).toEqual([0]);
  });

  it("CCTP and Eureka answer their message types; a route from Ethereum (an EVM transaction) stays 501", async () => {
    const noble = addressesOf(router, ["noble-1"])["noble-1"]!;
    const cctp = await post("/v2/fungible/msgs_direct", { source_asset_denom: "uusdc", source_asset_chain_id: "noble-1", dest_asset_denom: USDC_ETHEREUM.denom, dest_asset_chain_id: "1", amount_in: "1000", chain_ids_to_addresses: { "noble-1": noble, "1": EVM_USER } });
    expect(cctp.status).toBe(200);
    expect((cctp.body.msgs as { multi_chain_msg: { msg_type_url: string; msg: string } }[])[0]!.multi_chain_msg).toMatchObject({ msg_type_url: "/circle.cctp.v1.MsgDepositForBurn" });
    expect((cctp.body.route as { operations: object[] }).operations).toEqual([expect.objectContaining({ cctp_transfer: expect.objectContaining({ burn_token: "uusdc", bridge_id: "CCTP" }) })]);
    const hub = addressesOf(router, ["cosmoshub-4"])["cosmoshub-4"]!;
    const eureka = await post("/v2/fungible/msgs_direct", { source_asset_denom: WBTC_HUB.denom, source_asset_chain_id: "cosmoshub-4", dest_asset_denom: WBTC_ETHEREUM.denom, dest_asset_chain_id: "1", amount_in: "1000", chain_ids_to_addresses: { "cosmoshub-4": hub, "1": EVM_USER } });
    expect(eureka.status).toBe(200);
    expect(JSON.parse((eureka.body.msgs as { multi_chain_msg: { msg: string } }[])[0]!.multi_chain_msg.msg)).toMatchObject({ source_channel: "08-wasm-1369", encoding: "application/x-solidity-abi" });
    const fromEthereum = await post("/v2/fungible/route", { source_asset_denom: USDC_ETHEREUM.denom, source_asset_chain_id: "1", dest_asset_denom: "uusdc", dest_asset_chain_id: "noble-1", amount_in: "1000" });
    expect(fromEthereum).toMatchObject({ status: 501, body: { message: expect.stringContaining("hop 1 (1 -> noble-1) is a CCTP transfer") } });
  });
});
