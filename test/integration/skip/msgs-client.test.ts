/**
 * /v2/fungible/route and /msgs through the official @skip-go/client, unchanged, against a loopback
 * server on the shipped mainnet data: a packet-forward transfer whose messages the ICS-20 + PFM
 * simulator (test/msgs, written from the specs) delivers as the route's denom.
 */
import { readFileSync } from "node:fs";
import { messages, route, setApiOptions } from "@skip-go/client";
import protobuf from "protobufjs";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../../src/entries/node.js";
import type { AssetRouter } from "../../../src/index.js";
import { shippedRouter } from "../../support/shipped-router.js";
import { ForwardMemoSchema } from "../../msgs/pfm-grammar.js";
import { addressesOf, worldOf } from "../../msgs/world.js";

let server: RunningServer;
let router: AssetRouter;

beforeAll(async () => {
  router = await shippedRouter();
  server = await startServer({ router, port: 0, accessLog: () => undefined });
  setApiOptions({ apiUrl: server.url });
});

afterAll(async () => {
  await server.close();
});

describe("the official client", () => {
  it("route() and messages(): ATOM from the Hub to a chain two hops away, one transaction the simulator delivers as the route's denom", async () => {
    const target = router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }).dest_assets;
    const [destChain, denom] = Object.entries(target)
      .flatMap(([chain_id, { assets }]) => assets.map((asset) => [chain_id, asset.denom] as const))
      .find(([chain_id, denom]) => router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id, denom })!.hops.length === 2)!;
    const amount = "2500000";
    const answer = (await route({ sourceAssetDenom: "uatom", sourceAssetChainId: "cosmoshub-4", destAssetDenom: denom, destAssetChainId: destChain, amountIn: amount }))!;
    expect(answer).toMatchObject({ amountIn: amount, amountOut: amount, doesSwap: false, txsRequired: 1, destAssetDenom: denom });
    expect(answer.operations).toHaveLength(2);
    expect(answer.requiredChainAddresses).toEqual(["cosmoshub-4", destChain]);
    const addresses = addressesOf(router, answer.requiredChainAddresses);
    const result = (await messages({
      sourceAssetDenom: "uatom",
      sourceAssetChainId: "cosmoshub-4",
      destAssetDenom: denom,
      destAssetChainId: destChain,
      amountIn: amount,
      amountOut: answer.amountOut,
      addressList: answer.requiredChainAddresses.map((id) => addresses[id]!),
      operations: answer.operations,
    }))!;
    expect(result.msgs).toHaveLength(1);
    const world = worldOf(router, Date.now());
    world.mintNative("cosmoshub-4", addresses["cosmoshub-4"]!, "uatom", BigInt(amount));
    for (const entry of result.msgs!) {
      const { chainId, msg, msgTypeUrl, path } = (entry as { multiChainMsg: { chainId: string; msg: string; msgTypeUrl: string; path: string[] } }).multiChainMsg;
      expect(msgTypeUrl).toBe("/ibc.applications.transfer.v1.MsgTransfer");
      expect(path).toEqual(answer.chainIds);
      // As the client itself turns `msg` into a message (getEncodeObjectFromCosmosMessage): JSON.parse, then MsgTransfer.fromJSON.
      const json = JSON.parse(msg);
      ForwardMemoSchema.parse(JSON.parse(json.memo));
      const value = MsgTransfer.fromJSON({ sourcePort: json.source_port, sourceChannel: json.source_channel, token: json.token, sender: json.sender, receiver: json.receiver, timeoutHeight: json.timeout_height, timeoutTimestamp: json.timeout_timestamp, memo: json.memo });
      const realNow = BigInt(Date.now()) * 1_000_000n;
      expect(value.timeoutTimestamp > realNow && value.timeoutTimestamp < realNow + 301n * 1_000_000_000n).toBe(true);
      world.executeTransfer(chainId, MsgTransfer.encode(value).finish(), value.sender);
    }
    expect(world.balance(destChain, addresses[destChain]!, denom)).toBe(BigInt(amount));
  });

  it("route() and messages(): USDC from Noble to Ethereum over CCTP, Noble's MsgDepositForBurn in the amino JSON the client reads", async () => {
    const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    const answer = (await route({ sourceAssetDenom: "uusdc", sourceAssetChainId: "noble-1", destAssetDenom: usdc, destAssetChainId: "1", amountIn: "7000000" }))!;
    expect(answer.operations).toEqual([expect.objectContaining({ cctpTransfer: expect.objectContaining({ fromChainId: "noble-1", toChainId: "1", burnToken: "uusdc", bridgeId: "CCTP" }) })]);
    const noble = addressesOf(router, ["noble-1"])["noble-1"]!;
    const user = "0x000000000000000000000000000000000000dEaD";
    const result = (await messages({ sourceAssetDenom: "uusdc", sourceAssetChainId: "noble-1", destAssetDenom: usdc, destAssetChainId: "1", amountIn: "7000000", amountOut: answer.amountOut, addressList: [noble, user], operations: answer.operations }))!;
    const { msg, msgTypeUrl } = (result.msgs![0] as { multiChainMsg: { msg: string; msgTypeUrl: string } }).multiChainMsg;
    expect(msgTypeUrl).toBe("/circle.cctp.v1.MsgDepositForBurn");
    // The client reads it with MsgDepositForBurn.fromAmino (snake_case keys, mint_recipient base64); Noble's own proto judges the fields.
    const type = protobuf.parse(readFileSync(new URL("../../../fixtures/proto/circle/cctp/v1/tx.proto", import.meta.url), "utf8"), { keepCase: true }).root.lookupType("circle.cctp.v1.MsgDepositForBurn");
    const json = JSON.parse(msg) as Record<string, unknown>;
    expect(type.verify(json)).toBeNull();
    const decoded = type.toObject(type.fromObject(json), { bytes: String, defaults: true });
    expect(decoded).toEqual({ from: noble, amount: "7000000", destination_domain: 0, mint_recipient: Buffer.concat([Buffer.alloc(12), Buffer.from(user.slice(2), "hex")]).toString("base64"), burn_token: "uusdc" });
  });
});
