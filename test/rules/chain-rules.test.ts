/**
 * Each chain's transfer rules (src/registry/data/transfer-rules.json) against the chains' own code,
 * as the ICS-20 simulator of test/msgs writes it (Noble's blockibc, Celestia's token filter, ibc-go's
 * packet-forward copy): on the shipped mainnet data, routes and messages the chains accept, and
 * `why` naming the rule with its source.
 */
import fc from "fast-check";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { describe, expect, it } from "vitest";
import { buildRouter, parseRegistry, type AssetRouter } from "../../src/index.js";
import { transferMessages } from "../../src/entries/msgs.js";
import { explain } from "../../src/entries/explain.js";
import { shippedRouter } from "../support/shipped-router.js";
import { addressesOf, deliver, NOW_MS } from "../msgs/world.js";
import { fixtureRegistry } from "../support/fixtures.js";

/** The USDC (Noble's uusdc) each chain holds, as the router lists it. */
function usdcOn(router: AssetRouter, chainId: string) {
  return router.assetsOnChain(chainId).find((asset) => asset.origin_chain_id === "noble-1" && asset.origin_denom === "uusdc")!;
}

describe("Noble checks the receiver of USDC (blockibc)", () => {
  it("USDC from osmosis-1 to neutron-1 through Noble names the user's noble1 address on the Noble hop, lists noble-1, and arrives", async () => {
    const router = await shippedRouter();
    const from = usdcOn(router, "osmosis-1");
    const to = usdcOn(router, "neutron-1");
    const route = router.route({ chain_id: "osmosis-1", denom: from.denom }, { chain_id: "neutron-1", denom: to.denom })!;
    expect([route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)]).toEqual(["osmosis-1", "noble-1", "neutron-1"]);
    expect(route.txs_required).toBe(1);
    const addresses = addressesOf(router, ["osmosis-1", "noble-1", "neutron-1"]);
    const built = transferMessages(router, { route, amount: "2500000", addresses, now_ms: NOW_MS });
    const msg = MsgTransfer.decode(built.messages[0]!.bytes);
    expect(msg.receiver).toBe(addresses["noble-1"]);
    expect(msg.receiver.startsWith("noble1")).toBe(true);
    expect(built.required_chain_addresses).toEqual(["osmosis-1", "noble-1", "neutron-1"]);
    expect(built.applied_rules.map((rule) => [rule.kind, "chain_id" in rule ? rule.chain_id : ""])).toEqual([["receiver_account", "noble-1"]]);
    expect(built.applied_rules[0]!.sources[0]!.repository).toBe("circlefin/noble-fiattokenfactory");
    const { received } = deliver(router, route, built, addresses, 2_500_000n);
    expect(Object.fromEntries(received)).toEqual({ [to.denom]: 2_500_000n });
  });

  it("the same messages with the placeholder receiver \"pfm\" on Noble are refunded by the simulated blockibc: the rule is what changed", async () => {
    const router = await shippedRouter();
    const route = router.route({ chain_id: "osmosis-1", denom: usdcOn(router, "osmosis-1").denom }, { chain_id: "neutron-1", denom: usdcOn(router, "neutron-1").denom })!;
    const addresses = addressesOf(router, ["osmosis-1", "noble-1", "neutron-1"]);
    const built = transferMessages(router, { route, amount: "7", addresses, now_ms: NOW_MS });
    const message = built.messages[0]!;
    const value = { ...message.encode_object.value, receiver: "pfm" };
    const bytes = MsgTransfer.encode(MsgTransfer.fromPartial(value as unknown as Parameters<typeof MsgTransfer.fromPartial>[0])).finish();
    const { received, world } = deliver(router, route, { ...built, messages: [{ ...message, bytes }] }, addresses, 7n);
    expect(received.size).toBe(0);
    // Refunded: the sender holds its USDC again.
    expect(world.balance("osmosis-1", addresses["osmosis-1"]!, route.from.denom)).toBe(7n);
  });

  it("a token other than USDC forwarded through Noble keeps the placeholder receiver (the rule is USDC's only)", async () => {
    const router = await shippedRouter();
    const other = router.assetsOnChain("osmosis-1").find((asset) => {
      if (asset.origin_chain_id !== "noble-1" || asset.origin_denom === "uusdc" || asset.trace.split("/").length !== 2) return false;
      const route = router.route({ chain_id: "osmosis-1", denom: asset.denom }, { chain_id: "neutron-1", denom: router.assetsOnChain("neutron-1").find((a) => a.origin_chain_id === "noble-1" && a.origin_denom === asset.origin_denom)?.denom ?? "" });
      return route !== null && route.txs_required === 1 && route.hops.length === 2;
    });
    if (other === undefined) return; // no second Noble token on both chains in this data: nothing to compare
    const dest = router.assetsOnChain("neutron-1").find((a) => a.origin_chain_id === "noble-1" && a.origin_denom === other.origin_denom)!;
    const route = router.route({ chain_id: "osmosis-1", denom: other.denom }, { chain_id: "neutron-1", denom: dest.denom })!;
    const built = transferMessages(router, { route, amount: "1", addresses: addressesOf(router, ["osmosis-1", "neutron-1"]), now_ms: NOW_MS });
    expect(MsgTransfer.decode(built.messages[0]!.bytes).receiver).toBe("pfm");
    expect(built.required_chain_addresses).toEqual(["osmosis-1", "neutron-1"]);
  });
});

describe("Celestia accepts only TIA coming home (token filter)", () => {
  it("no asset of the shipped data sits on celestia but its own, and no query offers one there", async () => {
    const router = await shippedRouter();
    for (const asset of router.assetsOnChain("celestia")) expect(asset.origin_chain_id).toBe("celestia");
    const chains = router.chainIds();
    fc.assert(
      fc.property(fc.constantFrom(...chains), fc.nat(), (chain, pick) => {
        const assets = router.assetsOnChain(chain);
        if (assets.length === 0) return;
        const source = assets[pick % assets.length]!;
        const dest = router.assetsFromSource({ source_asset_denom: source.denom, source_asset_chain_id: chain, allow_multi_tx: true }).dest_assets;
        for (const asset of dest["celestia"]?.assets ?? []) expect(asset.origin_chain_id).toBe("celestia");
        if (chain === "celestia") return;
        for (const pair of router.assetsBetweenChains({ source_chain_id: chain, dest_chain_id: "celestia", allow_multi_tx: true }).assets_between_chains) {
          expect(pair.asset_on_dest.origin_chain_id).toBe("celestia");
        }
      }),
      { numRuns: 40 },
    );
  });

  it("TIA still goes home: from osmosis-1 to celestia in one hop", async () => {
    const router = await shippedRouter();
    const tia = router.assetsOnChain("osmosis-1").find((asset) => asset.origin_chain_id === "celestia" && asset.origin_denom === "utia" && asset.trace.split("/").length === 2)!;
    const route = router.route({ chain_id: "osmosis-1", denom: tia.denom }, { chain_id: "celestia", denom: "utia" })!;
    expect(route.hops).toHaveLength(1);
  });

  it("why ATOM cannot reach celestia names the token filter with its source", async () => {
    const router = await shippedRouter();
    const answer = explain(router, { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_chain_id: "celestia" });
    expect(answer.verdict.kind).toBe("not_reachable");
    const reason = answer.reasons.find((r) => r.code === "chain_refuses_token");
    expect(reason).toMatchObject({ code: "chain_refuses_token", chain_id: "celestia", rule: "inbound_returning_only" });
    expect(reason && "sources" in reason ? reason.sources[0]!.path : "").toBe("x/tokenfilter/ibc_middleware.go");
    expect(reason!.message).toContain("celestiaorg/celestia-app");
  });
});

describe("a registry's own rules", () => {
  it("transfer_rules: [] lifts the shipped ones (a registry listing celestia derives vouchers there again); a rule of its own applies", () => {
    const input = fixtureRegistry("cosmos-small.json") as { chains: { chain_id: string }[] };
    const chainIds = input.chains.map((chain) => chain.chain_id);
    const target = chainIds[1]!;
    const open = buildRouter(parseRegistry({ ...input, transfer_rules: [] }));
    const closed = buildRouter(
      parseRegistry({
        ...input,
        transfer_rules: [{ kind: "inbound_returning_only", chain_id: target, summary: "test rule", sources: [{ repository: "example/chain", path: "x/filter.go", commit: "0".repeat(40) }] }],
      }),
    );
    const foreign = (router: AssetRouter) => router.assetsOnChain(target).filter((asset) => asset.origin_chain_id !== target).length;
    expect(foreign(open)).toBeGreaterThan(0);
    const kept = closed.assetsOnChain(target).filter((asset) => asset.origin_chain_id !== target);
    // Listed vouchers stay (they are on the chain already and may leave), but no hop arrives at them.
    for (const asset of kept) {
      for (const chain of closed.chainIds()) {
        if (chain === target) continue;
        for (const source of closed.assetsOnChain(chain)) expect(closed.route({ chain_id: chain, denom: source.denom }, { chain_id: target, denom: asset.denom })).toBeNull();
      }
    }
    expect(foreign(closed)).toBe(kept.length);
  });

  it("a rule naming a chain the registry does not list is refused", () => {
    const input = fixtureRegistry("cosmos-small.json") as object;
    expect(() =>
      parseRegistry({ ...input, transfer_rules: [{ kind: "inbound_returning_only", chain_id: "nowhere-1", summary: "x", sources: [{ repository: "a/b", path: "c", commit: "1".repeat(40) }] }] }),
    ).toThrow(/unknown chain "nowhere-1"/);
  });
});

describe("data_version covers the rules", () => {
  it("a registry with other transfer rules has another data_version; the same rules, the same one", () => {
    const input = fixtureRegistry("cosmos-small.json") as { chains: { chain_id: string }[] };
    const rule = (summary: string) => [{ kind: "inbound_returning_only" as const, chain_id: input.chains[0]!.chain_id, summary, sources: [{ repository: "example/chain", path: "x/filter.go", commit: "0".repeat(40) }] }];
    const version = (rules: ReturnType<typeof rule> | []) => buildRouter(parseRegistry({ ...input, transfer_rules: rules })).dataVersion;
    expect(version(rule("a"))).toBe(version(rule("a")));
    expect(version(rule("a"))).not.toBe(version(rule("b")));
    expect(version([])).not.toBe(version(rule("a")));
  });
});
