/**
 * Issue 34 item 4: the chain-wide facts of a state snapshot, read from replayed nodes answering
 * each query in its real JSON shape (bench/lib/replay-lcd.mjs names the proto of each), change
 * routes and `why` as docs/behaviour.md "Live network state" states: a transfer switch off, a
 * halted chain, a client expiring within the warning window take the chain's (or the end's)
 * channels out, cited; an amount over a rate limit's remaining flow is refused with rate_limited,
 * by the README's own worked example of the quota rule.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { parseState, stateOfRouter, withState, type AssetRouter } from "../../src/index.js";
import { refreshState } from "../../src/remote/refresh-state.js";
import { explain } from "../../src/router/explain.js";
import { destinations } from "../../src/router/destinations.js";
import { skipRoute } from "../../src/msgs/skip-messages.js";
import { remainingFlow, withinQuota } from "../../src/state/rate-limits.js";
import type { RateLimit } from "../../src/state/format.js";
import { shippedRouter } from "../support/shipped-router.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";
import { LATEST_BLOCK, latestBlock, MODULE_VERSIONS, moduleVersions, RATE_LIMITS, rateLimits, TRANSFER_PARAMS, transferParams, type Answer } from "../../bench/lib/replay-lcd.mjs";
import { replayServers } from "../support/replay-servers.js";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});
const serve = replayServers();

const NOW = new Date("2026-11-26T12:00:00.000Z");
const ATOM = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" } as const;
/** ATOM on Osmosis over Osmosis' channel-0 (chain-registry _IBC/cosmoshub-osmosis.json: Hub channel-141 <-> Osmosis channel-0). */
const ATOM_ON_OSMOSIS = oracleIbcDenom("transfer/channel-0", "uatom");

/** The Hub's node: no channel list (its ends stay as the registry has them), its chain-wide facts as `routes` say. */
async function hubRefresh(routes: Record<string, Answer>) {
  const hub = await serve("cosmoshub-4", { [LATEST_BLOCK]: { body: latestBlock("cosmoshub-4", new Date(NOW.getTime() - 6_000).toISOString()) }, ...routes });
  const result = await refreshState({ registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: { "cosmoshub-4": [hub.url] }, registryEndpoints: {}, now: () => NOW });
  return { hub, result, router: withState(mainnet, result.snapshot) };
}

const HUB_ATOM = { chain_id: "cosmoshub-4", denom: "uatom" };
const OSMOSIS_ATOM = { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS };
/** ATOM on Noble over Noble's channel-4 (chain-registry _IBC/cosmoshub-noble.json: Hub channel-536 <-> Noble channel-4). */
const NOBLE_ATOM = { chain_id: "noble-1", denom: oracleIbcDenom("transfer/channel-4", "uatom") };
/** A route's hops as `from channel -> to`; [] for none. */
const hopsOf = (route: ReturnType<AssetRouter["route"]>) => (route?.hops ?? []).map((hop) => `${hop.from.chain_id} ${hop.kind === "ibc" ? hop.channel : hop.kind} -> ${hop.to.chain_id}`);
const reasonsOf = (router: AssetRouter) => explain(router, { ...ATOM, dest_chain_id: "osmosis-1" });

describe("chain-wide facts read from the chains and applied", () => {
  test("each fact read, dated and cited; transfers on, a live chain, no rate-limit module: routes unchanged", async () => {
    const { hub, result, router } = await hubRefresh({});
    const chain = result.snapshot.chains["cosmoshub-4"]!;
    expect(chain.transfer).toEqual({ value: { send_enabled: true, receive_enabled: true }, read_at: NOW.toISOString(), source: `${hub.url}${TRANSFER_PARAMS}` });
    expect(chain.latest_block_time).toEqual({ value: "2026-11-26T11:59:54.000Z", read_at: NOW.toISOString(), source: `${hub.url}${LATEST_BLOCK}` });
    expect(chain.packet_forward).toEqual({ value: "present", read_at: NOW.toISOString(), source: `${hub.url}${MODULE_VERSIONS}` });
    // Both rate-limit paths answer 501 (grpc-gateway's "Not Implemented"): the chain runs none, a fact.
    expect(chain.rate_limits).toEqual({ value: { module: "none", limits: [] }, read_at: NOW.toISOString(), source: `${hub.url}${RATE_LIMITS.ibcGo} ${hub.url}${RATE_LIMITS.ibcApps}` });
    expect(router.assetsFromSource(ATOM).dest_assets["osmosis-1"]).toBeDefined();
  });

  test("send_enabled false: no hop out of the Hub, nor through it; into it still; why says transfers_disabled, send, with the fact's date and source", async () => {
    const { hub, router } = await hubRefresh({ [TRANSFER_PARAMS]: { body: transferParams(false, true) } });
    expect(router.assetsFromSource(ATOM).dest_assets["osmosis-1"]).toBeUndefined();
    expect(mainnet.route(HUB_ATOM, OSMOSIS_ATOM)).not.toBeNull();
    expect(router.route(HUB_ATOM, OSMOSIS_ATOM)).toBeNull();
    // ibc-go refuses the Hub's sends only: ATOM still goes home from Osmosis, one hop.
    expect(hopsOf(router.route(OSMOSIS_ATOM, HUB_ATOM))).toEqual(["osmosis-1 channel-0 -> cosmoshub-4"]);
    // Osmosis -> Hub -> Noble (docs/behaviour.md's own example) would send from the Hub: refused.
    expect(hopsOf(mainnet.route(OSMOSIS_ATOM, NOBLE_ATOM))).toEqual(["osmosis-1 channel-0 -> cosmoshub-4", "cosmoshub-4 channel-536 -> noble-1"]);
    expect(hopsOf(router.route(OSMOSIS_ATOM, NOBLE_ATOM)).some((hop) => hop.startsWith("cosmoshub-4 "))).toBe(false);
    expect(reasonsOf(router).reasons).toContainEqual(
      expect.objectContaining({ code: "transfers_disabled", chain_id: "cosmoshub-4", direction: "send", channel: "channel-141", counterparty_chain_id: "osmosis-1", fact: "send_enabled", value: "false", read_at: NOW.toISOString(), source: `${hub.url}${TRANSFER_PARAMS}` }),
    );
  });

  test("receive_enabled false: no hop into the Hub, nor through it; out of it still; why names the Hub's receive switch", async () => {
    const { hub, router } = await hubRefresh({ [TRANSFER_PARAMS]: { body: transferParams(true, false) } });
    expect(hopsOf(router.route(HUB_ATOM, OSMOSIS_ATOM))).toEqual(["cosmoshub-4 channel-141 -> osmosis-1"]);
    expect(router.route(OSMOSIS_ATOM, HUB_ATOM)).toBeNull();
    expect(hopsOf(router.route(OSMOSIS_ATOM, NOBLE_ATOM)).some((hop) => hop.endsWith("-> cosmoshub-4"))).toBe(false);
    const why = explain(router, { source_asset_chain_id: "osmosis-1", source_asset_denom: ATOM_ON_OSMOSIS, dest_chain_id: "cosmoshub-4" });
    expect(why.reasons).toContainEqual(
      expect.objectContaining({ code: "transfers_disabled", chain_id: "cosmoshub-4", direction: "receive", channel: "channel-141", counterparty_chain_id: "osmosis-1", fact: "receive_enabled", source: `${hub.url}${TRANSFER_PARAMS}` }),
    );
  });

  test("a latest block older than the stated age: chain_halted; within it, or with a longer age, routes stay", async () => {
    const old = new Date(NOW.getTime() - 3 * 3600_000).toISOString();
    const { hub, result, router } = await hubRefresh({ [LATEST_BLOCK]: { body: latestBlock("cosmoshub-4", old) } });
    expect(router.assetsFromSource(ATOM).dest_assets["osmosis-1"]).toBeUndefined();
    expect(reasonsOf(router).reasons).toContainEqual(expect.objectContaining({ code: "chain_halted", fact: "latest_block_time", value: old, source: `${hub.url}${LATEST_BLOCK}` }));
    const patient = withState(mainnet, result.snapshot, { maxBlockAgeSeconds: 4 * 3600 });
    expect(patient.assetsFromSource(ATOM).dest_assets["osmosis-1"]).toBeDefined();
  });

  test("a block dated in the future is refused, not taken for a live chain", async () => {
    const { result } = await hubRefresh({ [LATEST_BLOCK]: { body: latestBlock("cosmoshub-4", "2027-01-01T00:00:00Z") } });
    expect(result.snapshot.chains["cosmoshub-4"]!.latest_block_time.value).toBeNull();
    expect(result.chains[0]!.errors.join("\n")).toContain("in the future: refused");
  });

  test("no packet-forward module: the chain does not forward (pfm_enabled cleared)", async () => {
    expect(mainnet.registry.chains.find((c) => c.chain_id === "cosmoshub-4")!.pfm_enabled).toBe(true);
    const { router } = await hubRefresh({ [MODULE_VERSIONS]: { body: moduleVersions(false) } });
    expect(router.registry.chains.find((c) => c.chain_id === "cosmoshub-4")!.pfm_enabled).toBe(false);
  });

  test("a client expiring within the warning window: its channel avoided, why says client_expiring; a shorter window keeps it", () => {
    const snapshot = parseState({
      format: "fungible-graph-state/2",
      created_at: NOW.toISOString(),
      chains: {
        "cosmoshub-4": {
          node_chain_id: { value: "cosmoshub-4", read_at: NOW.toISOString(), source: "manual" },
          ends: [
            {
              port_id: "transfer",
              channel_id: "channel-141",
              state: { value: "OPEN", read_at: NOW.toISOString(), source: "manual: test" },
              counterparty: { value: null, read_at: null, source: null },
              connection_id: { value: null, read_at: null, source: null },
              client_id: { value: null, read_at: null, source: null },
              client_chain_id: { value: null, read_at: null, source: null },
              client_status: { value: "Active", read_at: NOW.toISOString(), source: "manual: test" },
              client_expires_at: { value: "2026-11-26T18:00:00.000Z", read_at: NOW.toISOString(), source: "manual: consensus state" },
            },
          ],
        },
      },
    });
    const router = withState(mainnet, snapshot);
    expect(router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS })?.hops.some((hop) => hop.kind === "ibc" && hop.channel === "channel-141") ?? false).toBe(false);
    // The verdict the router keeps (and explain cites): the end, the fact, its date and source.
    expect(stateOfRouter(router)!.verdicts).toContainEqual(
      expect.objectContaining({ code: "client_expiring", chain_id: "cosmoshub-4", channel_id: "channel-141", fact: "client_expires_at", value: "2026-11-26T18:00:00.000Z", source: "manual: consensus state" }),
    );
    const sixHours = withState(mainnet, snapshot, { expiryWarningSeconds: 3600 });
    expect(sixHours.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: ATOM_ON_OSMOSIS })!.hops.map((hop) => hop.kind === "ibc" && hop.channel)).toEqual(["channel-141"]);
  });
});

describe("rate limits", () => {
  const limit = (inflow: number, outflow: number, channelValue = 100): RateLimit => ({
    denom: "ibc/uosmo",
    channel_or_client_id: "channel-5",
    max_percent_send: "10",
    max_percent_recv: "10",
    duration_hours: "24",
    inflow: String(inflow),
    outflow: String(outflow),
    channel_value: String(channelValue),
  });

  test("the README's worked example (ibc-apps modules/rate-limiting/README.md @412aa061), step by step", () => {
    // Step 2: 8 in from Osmosis: 8% <= 10%, passes.
    expect(withinQuota(limit(0, 0), "recv", 8n)).toBe(true);
    // Step 3: 8 more in: 16% > 10%, rejected (state reverted: inflow stays 8).
    expect(withinQuota(limit(8, 0), "recv", 8n)).toBe(false);
    // Step 4: 12 out: net outflow 12 - 8 = 4%, passes.
    expect(withinQuota(limit(8, 0), "send", 12n)).toBe(true);
    // Step 5: 8 in: net inflow 16 - 12 = 4%, passes.
    expect(withinQuota(limit(8, 12), "recv", 8n)).toBe(true);
    // Remaining send flow = 10% of 100 - (outflow - inflow): after step 5, 10 - (12 - 16) = 14.
    expect(remainingFlow(limit(16, 12), "send")).toBe(14n);
    expect(remainingFlow(limit(0, 10), "send")).toBe(0n);
  });

  test("a zero channel value refuses nothing (quota.go: no supply, no quota)", () => {
    expect(withinQuota(limit(0, 500, 0), "send", 1_000_000n)).toBe(true);
  });

  test("an exhausted send limit on the Hub: routes avoid sending ATOM over channel-141, why says rate_limited; ATOM still comes home over it; a live one refuses only an amount over it", async () => {
    const request = { ...ATOM, dest_asset_chain_id: "osmosis-1", dest_asset_denom: ATOM_ON_OSMOSIS };
    const limits = (outflow: number) => ({ [RATE_LIMITS.ibcApps]: { body: rateLimits([{ denom: "uatom", channel: "channel-141", maxSend: 10, inflow: 0, outflow, channelValue: 1_000_000 }]) } });
    const exhausted = await hubRefresh(limits(100_000));
    expect(exhausted.result.snapshot.chains["cosmoshub-4"]!.rate_limits.value!.module).toBe("ibc-apps");
    // This denom is ATOM over channel-141 itself (its trace names Osmosis' end): no other way to it.
    expect(exhausted.router.route(HUB_ATOM, OSMOSIS_ATOM)).toBeNull();
    expect(exhausted.router.registry.transfer_refusals).toEqual([
      { code: "rate_limited", chain_id: "cosmoshub-4", direction: "send", channel_id: "channel-141", denom: "uatom", value: "0", read_at: NOW.toISOString(), source: `${exhausted.hub.url}${RATE_LIMITS.ibcApps}` },
    ]);
    // The limit counts the Hub's sends: ATOM coming home over channel-141 (inflow) is not stopped.
    expect(hopsOf(exhausted.router.route(OSMOSIS_ATOM, HUB_ATOM))).toEqual(["osmosis-1 channel-0 -> cosmoshub-4"]);
    const cited = expect.objectContaining({ code: "rate_limited", chain_id: "cosmoshub-4", direction: "send", channel: "channel-141", denom: "uatom", fact: "rate_limit", value: "0", source: `${exhausted.hub.url}${RATE_LIMITS.ibcApps}` });
    expect(reasonsOf(exhausted.router).reasons).toContainEqual(cited);
    // Every destination at once names it too, where the limit is what stops ATOM.
    const everywhere = destinations(exhausted.router, ATOM).destinations;
    expect(everywhere.find((entry) => entry.chain_id === "osmosis-1")!.reasons).toContainEqual(cited);
    // Another denom over the same channel is not limited: the Hub's own OSMO voucher goes home over channel-141.
    const hubOsmo = { chain_id: "cosmoshub-4", denom: oracleIbcDenom("transfer/channel-141", "uosmo") };
    expect(hopsOf(exhausted.router.route(hubOsmo, { chain_id: "osmosis-1", denom: "uosmo" }))).toEqual(["cosmoshub-4 channel-141 -> osmosis-1"]);
    const live = await hubRefresh(limits(40_000));
    expect(skipRoute(live.router, { ...request, amount_in: "60000" }).operations).toHaveLength(1);
    expect(() => skipRoute(live.router, { ...request, amount_in: "60001" })).toThrow(expect.objectContaining({ code: "rate_limited", message: expect.stringContaining(`read ${NOW.toISOString()} from ${live.hub.url}${RATE_LIMITS.ibcApps}`) }));
  });
});
