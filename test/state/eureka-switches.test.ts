/**
 * Transfer switches and rate limits on the Cosmos side of an Eureka link. ibc-go v10 sends and
 * receives IBC v2 ICS-20 packets through the same transfer keeper as IBC v1 ones
 * (cosmos/ibc-go @ee35255c: modules/apps/transfer/v2/ibc_module.go, OnSendPacket calls
 * keeper.SendTransfer and OnRecvPacket keeper.OnRecvPacket; keeper/relay.go returns
 * ErrSendDisabled / ErrReceiveDisabled there), and its rate-limiting middleware has an IBC v2 form
 * keyed by client id (modules/apps/rate-limiting/v2/ibc_middleware.go). So the Hub's send switch
 * off stops WBTC leaving the Hub over Eureka and not WBTC arriving, the receive switch the reverse,
 * and a limit on the Hub's client 08-wasm-1369 bounds what crosses it. The tokens, trace and client
 * are the registry's (chain-registry cosmoshub assetlist, as test/state/eureka-clients.test.ts).
 */
import { beforeAll, describe, expect, test } from "vitest";
import { buildRouter, STATE_FORMAT, withState, type AssetRouter, type StateSnapshotInput } from "../../src/index.js";
import { resumeTransfer, transferMessages } from "../../src/entries/msgs.js";
import { explain } from "../../src/router/explain.js";
import { shippedRouter } from "../support/shipped-router.js";
import { addressesOf, NOW_MS, refusal } from "../msgs/world.js";

const CLIENT = "08-wasm-1369";
const WBTC_HUB = { chain_id: "cosmoshub-4", denom: "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462" };
const WBTC_ETHEREUM = { chain_id: "1", denom: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599" };
const EVM_USER = "0x000000000000000000000000000000000000dEaD";
const READ_AT = "2026-11-20T12:00:00Z";
const SOURCE = "https://rest.example/ibc/apps/transfer/v1/params";
const fact = <T>(value: T) => ({ value, read_at: READ_AT, source: SOURCE });

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});

/** A snapshot in which the Hub's node reports itself with these facts. */
function hub(facts: Record<string, unknown>): StateSnapshotInput {
  return { format: STATE_FORMAT, created_at: READ_AT, chains: { "cosmoshub-4": { node_chain_id: fact("cosmoshub-4"), ends: [], ...facts } } } as StateSnapshotInput;
}
const switches = (send_enabled: boolean, receive_enabled: boolean) => hub({ transfer: fact({ send_enabled, receive_enabled }) });

/** Whether a route between the two goes over Eureka from or to the Hub. */
const overEureka = (router: AssetRouter, from: typeof WBTC_HUB, to: typeof WBTC_HUB) =>
  router.route(from, to)?.hops.some((hop) => hop.kind === "bridge" && hop.bridge === "EUREKA") ?? false;

describe("the Hub's transfer switches on its Eureka links", () => {
  test("both on: WBTC crosses both ways", () => {
    const router = withState(mainnet, switches(true, true));
    expect(overEureka(router, WBTC_HUB, WBTC_ETHEREUM)).toBe(true);
    expect(overEureka(router, WBTC_ETHEREUM, WBTC_HUB)).toBe(true);
  });

  test("send off: not out of the Hub, still in; explain names the switch, the client and where it was read", () => {
    const router = withState(mainnet, switches(false, true));
    expect(overEureka(router, WBTC_HUB, WBTC_ETHEREUM)).toBe(false);
    expect(overEureka(router, WBTC_ETHEREUM, WBTC_HUB)).toBe(true);
    const answer = explain(router, { source_asset_chain_id: WBTC_HUB.chain_id, source_asset_denom: WBTC_HUB.denom, dest_chain_id: "1", dest_asset_denom: WBTC_ETHEREUM.denom });
    const reason = answer.reasons.find((r) => r.code === "transfers_disabled");
    expect(reason).toMatchObject({ chain_id: "cosmoshub-4", port: "transfer", channel: CLIENT, counterparty_chain_id: "1", direction: "send", fact: "send_enabled", value: "false", read_at: READ_AT, source: SOURCE });
    expect(reason!.message).toContain(`over the EUREKA bridge (IBC v2 client ${CLIENT} of "cosmoshub-4"), which "cosmoshub-4" has its transfer module's send_enabled switched off`);
  });

  test("receive off: into the Hub refused, out of it still", () => {
    const router = withState(mainnet, switches(true, false));
    expect(overEureka(router, WBTC_HUB, WBTC_ETHEREUM)).toBe(true);
    expect(overEureka(router, WBTC_ETHEREUM, WBTC_HUB)).toBe(false);
    const reason = explain(router, { source_asset_chain_id: "1", source_asset_denom: WBTC_ETHEREUM.denom, dest_chain_id: "cosmoshub-4", dest_asset_denom: WBTC_HUB.denom }).reasons.find((r) => r.code === "transfers_disabled");
    expect(reason).toMatchObject({ chain_id: "cosmoshub-4", channel: CLIENT, direction: "receive", fact: "receive_enabled" });
  });

  test("a route kept from before the send switch was read: transferMessages refuses it", () => {
    const route = mainnet.route(WBTC_HUB, WBTC_ETHEREUM)!;
    const request = { route, amount: "1000", addresses: { ...addressesOf(mainnet, ["cosmoshub-4"]), "1": EVM_USER }, now_ms: NOW_MS };
    expect(transferMessages(mainnet, request).messages).toHaveLength(1);
    expect(() => transferMessages(withState(mainnet, switches(false, true)), request)).toThrow(/hop 1 \(cosmoshub-4 -> 1\): "cosmoshub-4" has its transfer module's send_enabled switched off/);
  });
});

describe("a rate limit on the Hub's Eureka client", () => {
  /** 10% of a channel value of 1,000 each way: 100 base units may leave, or arrive, before the flow already counted. */
  const limited = (outflow: string) =>
    hub({
      rate_limits: fact({
        module: "ibc-go",
        limits: [{ denom: WBTC_HUB.denom, channel_or_client_id: CLIENT, max_percent_send: "10", max_percent_recv: "10", duration_hours: "24", inflow: "0", outflow, channel_value: "1000" }],
      }),
    });

  test("spent: no route out over the client, explain names the limit; room left: the amount is checked against it", () => {
    expect(overEureka(withState(mainnet, limited("100")), WBTC_HUB, WBTC_ETHEREUM)).toBe(false);
    const reason = explain(withState(mainnet, limited("100")), { source_asset_chain_id: WBTC_HUB.chain_id, source_asset_denom: WBTC_HUB.denom, dest_chain_id: "1", dest_asset_denom: WBTC_ETHEREUM.denom }).reasons.find((r) => r.code === "rate_limited");
    expect(reason).toMatchObject({ chain_id: "cosmoshub-4", channel: CLIENT, direction: "send", denom: WBTC_HUB.denom, value: "0" });

    const router = withState(mainnet, limited("40"));
    const route = router.route(WBTC_HUB, WBTC_ETHEREUM)!;
    const addresses = { ...addressesOf(mainnet, ["cosmoshub-4"]), "1": EVM_USER };
    expect(transferMessages(router, { route, amount: "60", addresses, now_ms: NOW_MS }).messages).toHaveLength(1);
    const refused = refusal(router, { route, amount: "61", addresses, now_ms: NOW_MS });
    expect(refused.code).toBe("rate_limited");
    expect(refused.message).toContain(`over the rate limit on cosmoshub-4 ${CLIENT} (send): 60 left`);

    // An operator's hand-written refusal (no snapshot to check the amount against) stops the
    // route too, worded as explain words the snapshot's.
    const written = { code: "rate_limited" as const, chain_id: "cosmoshub-4", direction: "send" as const, channel_id: CLIENT, denom: WBTC_HUB.denom, value: "0", read_at: "2026-11-20T12:00:00Z", source: "manual: operator" };
    const spent = refusal(buildRouter({ ...mainnet.registry, transfer_refusals: [written] }), { route, amount: "1", addresses, now_ms: NOW_MS });
    expect(spent).toMatchObject({ code: "rate_limited", details: [{ path: ["rate_limited", "cosmoshub-4", CLIENT, WBTC_HUB.denom], message: "remaining send flow 0" }] });
    expect(spent.message).toContain(`hop 1 (cosmoshub-4 -> 1): "cosmoshub-4" has an IBC rate limit on ${WBTC_HUB.denom} over ${CLIENT} with 0 left to send (less than one base unit) (read 2026-11-20T12:00:00Z from manual: operator)`);
    expect(reason!.message).toContain(`which "cosmoshub-4" has an IBC rate limit on ${WBTC_HUB.denom} over ${CLIENT} with 0 left to send (less than one base unit)`);
  });

  test("resuming from the Hub checks the amount against the limit as transferMessages does", () => {
    const router = withState(mainnet, limited("40"));
    const route = router.route(WBTC_HUB, WBTC_ETHEREUM)!;
    const addresses = { ...addressesOf(mainnet, ["cosmoshub-4"]), "1": EVM_USER };
    const resume = (amount: string) => resumeTransfer(router, { at: { ...WBTC_HUB, amount }, to: WBTC_ETHEREUM, route, addresses, now_ms: NOW_MS });
    expect(resume("60").messages).toHaveLength(1);
    expect(() => resume("61")).toThrow(expect.objectContaining({ code: "rate_limited", message: expect.stringContaining(`over the rate limit on cosmoshub-4 ${CLIENT} (send): 60 left`) }));
  });
});
