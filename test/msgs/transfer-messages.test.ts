/**
 * transferMessages against independent judges: cosmjs-types decodes (and re-encodes) every
 * message, the memo is checked against the PFM README's grammar (./pfm-grammar.ts), and an
 * ICS-20 + PFM simulator written from the specs (./ics20-simulator.ts) carries the tokens: they
 * must arrive as exactly the route's destination denom, for mainnet routes and for every route of
 * generated registries.
 */
import fc from "fast-check";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { describe, expect, it } from "vitest";
import { buildRouter, FungibleError, parseRegistry, type AssetRouter } from "../../src/index.js";
import { transferMessages } from "../../src/entries/msgs.js";
import type { Route } from "../../src/wire/route.js";
import type { MsgTransferValue } from "../../src/msgs/msg-transfer.js";
import { arbitraryRegistry } from "../support/arbitrary-registry.js";
import { withArbitraryRules } from "../support/arbitrary-rules.js";
import { shippedRouter } from "../support/shipped-router.js";
import { ForwardMemoSchema, forwardsOf } from "./pfm-grammar.js";
import { readFileSync } from "node:fs";
import protobuf from "protobufjs";
import { addressesOf, deliver, NOW_MS } from "./world.js";

const HUB_ATOM = { chain_id: "cosmoshub-4", denom: "uatom" };
/** Noble's own proto (circlefin/noble-cctp, fixtures/proto): the judge of a CCTP leg's bytes. */
const MsgDepositForBurn = protobuf
  .parse(readFileSync(new URL("../../fixtures/proto/circle/cctp/v1/tx.proto", import.meta.url), "utf8"), { keepCase: true })
  .root.lookupType("circle.cctp.v1.MsgDepositForBurn");

/**
 * What the spec says a route of a generated registry can be built into: IBC hops over the transfer
 * port only (its chains, chain-0..., have none of the bridge facts a bridge leg needs: test/msgs/bridge-legs.test.ts).
 */
function isPlainIbc(route: Route): boolean {
  return route.hops.every((hop) => hop.kind === "ibc" && hop.part_of === undefined && hop.port === "transfer");
}

/** Builds, checks the bytes and memo, delivers through the simulator; returns the arrived balances. */
function buildAndDeliver(router: AssetRouter, route: Route, amount = "1234567") {
  const chainIds = [...new Set([route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)])];
  const addresses = addressesOf(router, chainIds);
  const built = transferMessages(router, { route, amount, addresses, now_ms: NOW_MS });
  expect(built.messages).toHaveLength(route.txs_required);
  for (const message of built.messages) {
    const decoded = MsgTransfer.decode(message.bytes);
    const value = message.encode_object.value as MsgTransferValue;
    expect(decoded).toEqual({ ...value, timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n }, timeoutTimestamp: BigInt(value.timeoutTimestamp), encoding: "" });
    // cosmjs-types' own encoder writes the same bytes from the EncodeObject a wallet would pass
    // (fromPartial reads its 64-bit fields with BigInt(value.toString()): decimal strings work; its types say bigint).
    expect(MsgTransfer.encode(MsgTransfer.fromPartial(value as unknown as Parameters<typeof MsgTransfer.fromPartial>[0])).finish()).toEqual(message.bytes);
    expect(decoded.timeoutTimestamp).toBe(BigInt(NOW_MS) * 1_000_000n + 300n * 1_000_000_000n);
    if (message.hops.length > 1) {
      const forwards = forwardsOf(ForwardMemoSchema.parse(JSON.parse(decoded.memo)));
      expect(forwards).toHaveLength(message.hops.length - 1);
      // "pfm", or the user's own address where the forwarding chain checks the receiver (a transfer rule); the simulator judges which it accepts.
      expect(["pfm", addresses[message.path[1]!]]).toContain(decoded.receiver);
      expect(forwards.at(-1)!.receiver).toBe(addresses[message.path.at(-1)!]);
    } else {
      expect(decoded.memo).toBe("");
    }
  }
  const { received } = deliver(router, route, built, addresses, BigInt(amount));
  expect(Object.fromEntries(received)).toEqual({ [route.to.denom]: BigInt(amount) });
  return built;
}

describe("mainnet", () => {
  it("ATOM from the Hub to a chain two hops away: one transaction, a forward memo through Osmosis, delivered as the route's denom", async () => {
    const router = await shippedRouter();
    const dest = router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }).dest_assets;
    const twoHops = Object.entries(dest)
      .flatMap(([chain_id, { assets }]) => assets.map((asset) => router.route(HUB_ATOM, { chain_id, denom: asset.denom })!))
      .filter((route) => route.hops.length === 2 && isPlainIbc(route));
    expect(twoHops.length).toBeGreaterThan(0);
    for (const route of twoHops) {
      const built = buildAndDeliver(router, route);
      const memo = JSON.parse((built.messages[0]!.encode_object.value as MsgTransferValue).memo);
      expect(memo.forward).toMatchObject({ port: "transfer", channel: (route.hops[1] as { channel: string }).channel, retries: 2, timeout: 300e9 });
    }
  });

  it("a voucher of an EVM token: its denom hashes the address as its chain wrote it (lower case), and answers write it so", async () => {
    // Found by the property below (seed -1603170978): Eureka's WBTC voucher on bbn-1, unwound to cosmoshub-4.
    const router = await shippedRouter();
    const from = { chain_id: "bbn-1", denom: "ibc/4805A17C742D2325715167EA1167974821888307CC62066D6CFA2BD0F724821D" };
    const to = { chain_id: "cosmoshub-4", denom: "ibc/6F8F0E9D472BF053261F2DEBE521801B703372777F3923B48DAE55D4F1212B5F" };
    const route = router.route(from, to)!;
    expect(route.from.origin_denom).toBe("0x657e8c867d8b37dcc18fa4caead9c45eb088c642");
    expect(isPlainIbc(route)).toBe(true);
    buildAndDeliver(router, route);
  });

  it("a sample of mainnet routes: every plain IBC route delivers, every other is refused naming its leg", async () => {
    const router = await shippedRouter();
    const chains = router.chainIds();
    fc.assert(
      fc.property(fc.constantFrom(...chains), fc.nat(), fc.nat(), (chain, assetPick, destPick) => {
        const assets = router.assetsOnChain(chain);
        if (assets.length === 0) return;
        const from = assets[assetPick % assets.length]!;
        const reach = router.assetsFromSource({ source_asset_denom: from.denom, source_asset_chain_id: chain, allow_multi_tx: true }).dest_assets;
        const targets = Object.entries(reach).flatMap(([chain_id, { assets }]) => assets.map((asset) => ({ chain_id, denom: asset.denom })));
        if (targets.length === 0) return;
        const route = router.route({ chain_id: chain, denom: from.denom }, targets[destPick % targets.length]!)!;
        if (route.hops.length === 0) return;
        const prefixed = [route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)].every((id) => router.registry.chains.find((c) => c.chain_id === id)?.bech32_prefix);
        if (!isPlainIbc(route)) builtOrRefused(router, route);
        else if (prefixed) buildAndDeliver(router, route);
        // A chain whose bech32 prefix the data lacks: its address cannot be checked, so nothing is built.
        else {
          const ids = [route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)];
          const known = ids.filter((id) => router.registry.chains.find((c) => c.chain_id === id)?.bech32_prefix);
          const addresses = { ...addressesOf(router, known), ...Object.fromEntries(ids.filter((id) => !known.includes(id)).map((id) => [id, "unknown1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"])) };
          expect(() => transferMessages(router, { route, amount: "1", addresses })).toThrow(/has no bech32 prefix in the data/);
        }
      }),
      { numRuns: 60 },
    );
  });
});

function expectRefused(router: AssetRouter, route: Route) {
  const addresses = {};
  let error: unknown;
  try {
    transferMessages(router, { route, amount: "1", addresses });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(FungibleError);
  expect((error as FungibleError).code).toBe("not_implemented");
  const first = route.hops.findIndex((hop) => !(hop.kind === "ibc" && hop.part_of === undefined && hop.port === "transfer"));
  expect((error as Error).message).toContain(`hop ${first + 1} (${route.hops[first]!.from.chain_id} -> ${route.hops[first]!.to.chain_id})`);
}

/**
 * A route with a leg other than plain IBC: built (a bridge leg from a Cosmos chain, test/msgs/bridge-legs.test.ts
 * checks each kind against its chain's types), every message decoding as a MsgTransfer or Noble's
 * MsgDepositForBurn signed by the user on its chain; or refused (not_implemented) naming a hop that is not plain IBC.
 */
function builtOrRefused(router: AssetRouter, route: Route) {
  const ids = [...new Set([route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)])];
  const prefixed = ids.filter((id) => router.registry.chains.find((c) => c.chain_id === id)?.bech32_prefix);
  const addresses = { ...Object.fromEntries(ids.map((id) => [id, "0x000000000000000000000000000000000000dEaD"])), ...addressesOf(router, prefixed) };
  let built: ReturnType<typeof transferMessages> | undefined;
  try {
    built = transferMessages(router, { route, amount: "1", addresses, now_ms: NOW_MS });
  } catch (error) {
    expect(error).toBeInstanceOf(FungibleError);
    expect((error as FungibleError).code).toBe("not_implemented");
    const named = route.hops.findIndex((hop, i) => (error as Error).message.includes(`hop ${i + 1} (${hop.from.chain_id} -> ${hop.to.chain_id})`));
    expect(named).toBeGreaterThanOrEqual(0);
    expect(isPlainIbc({ ...route, hops: [route.hops[named]!] })).toBe(false);
    return;
  }
  expect(built.messages).toHaveLength(route.txs_required);
  for (const message of built.messages) {
    const sender = message.encode_object.typeUrl === "/circle.cctp.v1.MsgDepositForBurn" ? (MsgDepositForBurn.decode(message.bytes) as unknown as { from: string }).from : MsgTransfer.decode(message.bytes).sender;
    expect(sender).toBe(addresses[message.chain_id]);
  }
}

describe("generated registries", () => {
  it("every route of a generated registry: plain IBC routes arrive as the destination denom, the others are refused", () => {
    const seen = { forwarded: 0, multiTx: 0, refused: 0 };
    fc.assert(
      fc.property(withArbitraryRules(arbitraryRegistry()), (input) => {
        const prefixes = "abcdefghij";
        const registry = { ...input, chains: input.chains.map((chain, i) => ({ ...chain, bech32_prefix: `p${prefixes[i]}` })) };
        const router = buildRouter(parseRegistry(registry));
        for (const chain of router.chainIds()) {
          for (const from of router.assetsOnChain(chain)) {
            const reach = router.assetsFromSource({ source_asset_denom: from.denom, source_asset_chain_id: chain, allow_multi_tx: true }).dest_assets;
            for (const [chain_id, { assets }] of Object.entries(reach)) {
              for (const asset of assets) {
                const route = router.route({ chain_id: chain, denom: from.denom }, { chain_id, denom: asset.denom })!;
                if (route.hops.length === 0) continue;
                if (!isPlainIbc(route)) {
                  expectRefused(router, route);
                  seen.refused++;
                  continue;
                }
                const built = buildAndDeliver(router, route);
                if (built.messages.some((message) => message.hops.length > 1)) seen.forwarded++;
                if (built.messages.length > 1) seen.multiTx++;
              }
            }
          }
        }
      }),
      { numRuns: 40 },
    );
    // The generator reaches every case: forwards in one transaction, several transactions, refusals.
    expect(seen.forwarded).toBeGreaterThan(0);
    expect(seen.multiTx).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });
});
