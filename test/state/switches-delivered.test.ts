/**
 * Issue 34: transfer switches checked against the ICS-20 simulator (test/msgs/ics20-simulator.ts,
 * which refuses a send from a chain with `send_enabled` false and a packet into one with
 * `receive_enabled` false, from ibc-go's relay.go). On the shipped mainnet data, fast-check picks
 * which chains have which switch off; every route the narrowed router offers has messages the
 * simulated chains, with those switches, deliver in full.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { withState, type AssetRouter } from "../../src/index.js";
import { transferMessages } from "../../src/entries/msgs.js";
import type { Route } from "../../src/wire/route.js";
import { shippedRouter } from "../support/shipped-router.js";
import { addressesOf, deliver, NOW_MS, type Switches } from "../msgs/world.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";
import { propertyRuns } from "../support/property-runs.js";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});

const AT = "2026-11-26T12:00:00.000Z";
/** Chains many routes cross (hubs of the Cosmos IBC graph), so a switch off there changes answers. */
const BUSY = ["cosmoshub-4", "osmosis-1", "noble-1", "neutron-1", "axelar-dojo-1", "stride-1", "juno-1", "injective-1", "kaiyo-1", "dydx-mainnet-1"];
const AMOUNT = 1_000_000n;

function snapshotOf(switches: Switches) {
  const fact = <T>(value: T) => ({ value, read_at: AT, source: "manual: property" });
  const chains = Object.fromEntries(Object.entries(switches).map(([id, value]) => [id, { node_chain_id: fact(id), errors: [], ends: [], transfer: fact(value) }]));
  return { format: "fungible-graph-state/2", created_at: AT, chains };
}

/** What the destination account holds after the route's messages run in the simulated world. */
function delivered(router: AssetRouter, route: Route, switches: Switches): bigint {
  const chains = [route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)];
  const addresses = addressesOf(router, [...new Set(chains)]);
  const built = transferMessages(router, { route, amount: String(AMOUNT), addresses, now_ms: NOW_MS });
  return deliver(router, route, built, addresses, AMOUNT, switches).received.get(route.to.denom) ?? 0n;
}

describe("transfer switches against the ICS-20 simulator", () => {
  test("the Hub's send switch off: the registry-only route through the Hub is refunded by the simulated chains; the narrowed router offers none (that voucher comes only from the Hub)", () => {
    const switches = { "cosmoshub-4": { send_enabled: false, receive_enabled: true } };
    const from = { chain_id: "osmosis-1", denom: oracleIbcDenom("transfer/channel-0", "uatom") };
    const to = { chain_id: "noble-1", denom: oracleIbcDenom("transfer/channel-4", "uatom") };
    const before = mainnet.route(from, to)!;
    expect(before.hops.map((hop) => hop.to.chain_id)).toEqual(["cosmoshub-4", "noble-1"]);
    expect(delivered(mainnet, before, switches)).toBe(0n);
    const after = withState(mainnet, snapshotOf(switches)).route(from, to);
    // This voucher names Noble's end of its channel to the Hub: only the Hub sends it there.
    expect(after).toBeNull();
  });

  test("the busy chains are the shipped data's", () => {
    expect(BUSY.filter((id) => !mainnet.chainIds().includes(id))).toEqual([]);
  });

  test("property: chains with a switch off picked at random; every one-transaction IBC route offered from random sources is delivered in full", () => {
    const pick = fc.uniqueArray(fc.tuple(fc.constantFrom(...BUSY), fc.constantFrom("send", "receive", "both")), { minLength: 1, maxLength: 3, selector: ([chain]) => chain });
    fc.assert(
      fc.property(pick, fc.array(fc.nat(), { minLength: 2, maxLength: 2 }), (off, seeds) => {
        const switches: Switches = Object.fromEntries(off.map(([chain, way]) => [chain, { send_enabled: way === "receive", receive_enabled: way === "send" }]));
        const router = withState(mainnet, snapshotOf(switches));
        for (const seed of seeds) {
          const chain = BUSY[seed % BUSY.length]!;
          const assets = router.assetsOnChain(chain);
          const source = assets[Math.floor(seed / BUSY.length) % assets.length]!;
          const dest = router.assetsFromSource({ source_asset_chain_id: chain, source_asset_denom: source.denom }).dest_assets;
          // A bounded sample of the answer: the first asset of up to 12 destination chains.
          for (const group of Object.values(dest).slice(0, 12)) {
            const target = group.assets[0]!;
            const route = router.route({ chain_id: chain, denom: source.denom }, { chain_id: target.chain_id, denom: target.denom })!;
            // The simulator moves ICS-20 packets between Cosmos accounts: bridge hops are not its to judge.
            // Nor a CW20's ICS-20 contract port: a contract call, for which no MsgTransfer is built.
            if (route.hops.some((hop) => hop.kind !== "ibc" || hop.port !== "transfer")) continue;
            expect(delivered(router, route, switches), `${chain}:${source.denom} -> ${target.chain_id}:${target.denom} with ${JSON.stringify(switches)}`).toBe(AMOUNT);
          }
        }
      }),
      { numRuns: propertyRuns(6) },
    );
  }, 120_000);

  test("property: a route offered before the switches were read is refused by the narrowed router's transferMessages exactly when the simulated chains would refund it", () => {
    const pick = fc.uniqueArray(fc.tuple(fc.constantFrom(...BUSY), fc.constantFrom("send", "receive", "both")), { minLength: 1, maxLength: 3, selector: ([chain]) => chain });
    let refused = 0;
    let built = 0;
    fc.assert(
      fc.property(pick, fc.nat(), (off, seed) => {
        const switches: Switches = Object.fromEntries(off.map(([chain, way]) => [chain, { send_enabled: way === "receive", receive_enabled: way === "send" }]));
        const narrowed = withState(mainnet, snapshotOf(switches));
        const chain = BUSY[seed % BUSY.length]!;
        const assets = mainnet.assetsOnChain(chain);
        const source = assets[Math.floor(seed / BUSY.length) % assets.length]!;
        const dest = mainnet.assetsFromSource({ source_asset_chain_id: chain, source_asset_denom: source.denom }).dest_assets;
        for (const group of Object.values(dest).slice(0, 12)) {
          const target = group.assets[0]!;
          const stale = mainnet.route({ chain_id: chain, denom: source.denom }, { chain_id: target.chain_id, denom: target.denom })!;
          if (stale.hops.some((hop) => hop.kind !== "ibc" || hop.port !== "transfer")) continue;
          const arrives = delivered(mainnet, stale, switches);
          const addresses = addressesOf(mainnet, [...new Set([stale.from.chain_id, ...stale.hops.map((hop) => hop.to.chain_id)])]);
          let refusal: unknown;
          try {
            transferMessages(narrowed, { route: stale, amount: String(AMOUNT), addresses, now_ms: NOW_MS });
          } catch (error) {
            refusal = error;
          }
          const where = `${chain}:${source.denom} -> ${target.chain_id}:${target.denom} with ${JSON.stringify(switches)}`;
          if (refusal === undefined) {
            built++;
            expect(arrives, where).toBe(AMOUNT);
          } else {
            refused++;
            expect(arrives, where).toBe(0n);
            expect((refusal as { message: string }).message, where).toMatch(/has its transfer module's (send|receive)_enabled switched off/);
          }
        }
      }),
      // Two fixed cases besides the drawn ones, so both sides are always seen: the Hub sending nothing
      // (every route from the Hub refused), Juno receiving nothing (Osmosis' routes elsewhere built).
      { numRuns: propertyRuns(8), examples: [[[["cosmoshub-4", "send"]], 0], [[["juno-1", "receive"]], 1]] },
    );
    // Both sides were seen: the property did not pass by refusing everything, or nothing.
    expect(refused).toBeGreaterThan(0);
    expect(built).toBeGreaterThan(0);
  }, 120_000);
});
