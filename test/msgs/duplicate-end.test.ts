/**
 * One channel-end index: a registry that lists one channel end twice (a-1 transfer/channel-0 to
 * b-1, then to c-1) gives routes over the first listing only, `validate` says the second is
 * ignored, and the router's own route has messages that a chain with the real channel delivers.
 */
import { describe, expect, it } from "vitest";
import { buildRouter, parseRegistry, validateRegistry } from "../../src/index.js";
import { transferMessages } from "../../src/entries/msgs.js";
import { Ics20World } from "./ics20-simulator.js";
import { addressesOf, NOW_MS } from "./world.js";

const registry = parseRegistry({
  chains: ["a", "b", "c"].map((name) => ({ chain_id: `${name}-1`, bech32_prefix: name })),
  assets: [{ chain_id: "a-1", denom: "ua", symbol: "A" }],
  ibc_channels: [
    { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-0" }, status: "ACTIVE" },
    { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "c-1", channel_id: "channel-5" }, status: "ACTIVE" },
  ],
});

describe("a channel end listed twice", () => {
  it("the first listing is the channel: routes go to b-1 only, and validate says the second listing is ignored", () => {
    const router = buildRouter(registry);
    const reach = router.assetsFromSource({ source_asset_denom: "ua", source_asset_chain_id: "a-1", allow_multi_tx: true }).dest_assets;
    expect(Object.keys(reach)).toEqual(["b-1"]);
    const issues = validateRegistry(registry).filter((issue) => issue.code === "channel_end_reused");
    expect(issues.map((issue) => issue.where)).toEqual(["ibc_channels[1]"]);
    expect(issues[0]!.message).toContain("is ignored");
  });

  it("the router's route to b-1 has messages, and a network with that channel delivers them", () => {
    const router = buildRouter(registry);
    const to = router.assetsOnChain("b-1")[0]!;
    const route = router.route({ chain_id: "a-1", denom: "ua" }, { chain_id: "b-1", denom: to.denom })!;
    const addresses = addressesOf(router, ["a-1", "b-1"]);
    const built = transferMessages(router, { route, amount: "5", addresses, now_ms: NOW_MS });
    // The real network: one channel, a-1 channel-0 <-> b-1 channel-0 (written here, not read from the registry).
    const world = new Ics20World(
      ["a", "b", "c"].map((name) => ({ chain_id: `${name}-1`, bech32_prefix: name, pfm: false })),
      [{ a: { chain_id: "a-1", port: "transfer", channel: "channel-0" }, b: { chain_id: "b-1", port: "transfer", channel: "channel-0" } }],
      BigInt(NOW_MS) * 1_000_000n,
    );
    world.mintNative("a-1", addresses["a-1"]!, "ua", 5n);
    world.executeTransfer("a-1", built.messages[0]!.bytes, addresses["a-1"]!);
    expect(world.balance("b-1", addresses["b-1"]!, to.denom)).toBe(5n);
  });
});
