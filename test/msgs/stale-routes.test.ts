/**
 * A route given to transferMessages is held to the rules the router routes by: a route kept from
 * before a state snapshot, or made under other rules, is refused where a chain would refuse it
 * now. The independent side is the ICS-20 simulator (./ics20-simulator.ts), whose Celestia token
 * filter and transfer switches are written from the chains' own code: it shows that the messages
 * such a route gives would bounce (refunded, nothing delivered), and that a returning token is
 * still delivered. The bridge cases are checked against the registry's links as the test reads
 * them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildRouter, ibcDenom, parseRegistry, STATE_FORMAT, withState, type AssetRouter, type StateSnapshotInput } from "../../src/index.js";
import { transferMessages } from "../../src/entries/msgs.js";
import { shippedTransferRules } from "../../src/registry/transfer-rules.js";
import type { Route } from "../../src/wire/route.js";
import { shippedRouter } from "../support/shipped-router.js";
import { addressesOf, deliver, NOW_MS, refusal, type Switches } from "./world.js";

const ATOM_HUB = { chain_id: "cosmoshub-4", denom: "uatom" };
const ATOM_OSMOSIS = { chain_id: "osmosis-1", denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2" };
/** WBTC on the Hub over Eureka (trace transfer/08-wasm-1369), and on Ethereum (bridge-legs.test.ts). */
const WBTC_HUB = { chain_id: "cosmoshub-4", denom: "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462" };
const WBTC_ETHEREUM = { chain_id: "1", denom: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599" };
const USDC_NOBLE = { chain_id: "noble-1", denom: "uusdc" };
const USDC_ETHEREUM = { chain_id: "1", denom: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };
const EVM_USER = "0x000000000000000000000000000000000000dEaD";
const READ_AT = "2026-11-20T12:00:00Z";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});

const fact = <T>(value: T) => ({ value, read_at: READ_AT, source: "manual: stale-routes test" });

/** A snapshot in which each chain's node reports itself with these transfer switches. */
function switchesSnapshot(switches: Switches): StateSnapshotInput {
  const chains = Object.fromEntries(Object.entries(switches).map(([chainId, value]) => [chainId, { node_chain_id: fact(chainId), ends: [], transfer: fact(value) }]));
  return { format: STATE_FORMAT, created_at: READ_AT, chains };
}

describe("a route kept from before a state snapshot", () => {
  it("into a chain that now receives nothing: refused, naming the switch and where it was read; its messages would bounce", () => {
    const route = mainnet.route(ATOM_HUB, ATOM_OSMOSIS)!;
    const addresses = addressesOf(mainnet, ["cosmoshub-4", "osmosis-1"]);
    const request = { route, amount: "1000", addresses, now_ms: NOW_MS };
    const off: Switches = { "osmosis-1": { send_enabled: true, receive_enabled: false } };
    const built = transferMessages(mainnet, request);
    expect(deliver(mainnet, route, built, addresses, 1000n).received.get(ATOM_OSMOSIS.denom)).toBe(1000n);
    expect(deliver(mainnet, route, built, addresses, 1000n, off).received.get(ATOM_OSMOSIS.denom) ?? 0n).toBe(0n);

    const live = withState(mainnet, switchesSnapshot(off));
    expect(live.route(ATOM_HUB, ATOM_OSMOSIS)).toBeNull();
    const refused = refusal(live, request);
    expect(refused.code).toBe("invalid_request");
    expect(refused.message).toContain(`hop 1 (cosmoshub-4 -> osmosis-1): "osmosis-1" has its transfer module's receive_enabled switched off (read 2026-11-20T12:00:00Z from manual: stale-routes test)`);
    // The sending side's switch stops it too.
    const hubOff = withState(mainnet, switchesSnapshot({ "cosmoshub-4": { send_enabled: false, receive_enabled: true } }));
    expect(refusal(hubOff, request).message).toContain(`"cosmoshub-4" has its transfer module's send_enabled switched off (read`);
  });

  it("over an Eureka link whose IBC v2 client is now Frozen: refused, saying the link is not in the data", () => {
    const route = mainnet.route(WBTC_HUB, WBTC_ETHEREUM)!;
    expect(route.hops.map((hop) => hop.kind === "bridge" && hop.bridge)).toEqual(["EUREKA"]);
    const addresses = { ...addressesOf(mainnet, ["cosmoshub-4"]), "1": EVM_USER };
    const request = { route, amount: "1000", addresses, now_ms: NOW_MS };
    expect(transferMessages(mainnet, request).messages).toHaveLength(1);
    const frozen = withState(mainnet, {
      format: STATE_FORMAT,
      created_at: READ_AT,
      chains: { "cosmoshub-4": { node_chain_id: fact("cosmoshub-4"), ends: [], eureka_clients: [{ client_id: "08-wasm-1369", status: fact("Frozen") }] } },
    });
    const refused = refusal(frozen, request);
    expect(refused.code).toBe("invalid_request");
    expect(refused.message).toContain(`hop 1 (cosmoshub-4 -> 1): the registry has no EUREKA link from cosmoshub-4 ${WBTC_HUB.denom} to 1 ${WBTC_ETHEREUM.denom} (a state snapshot leaves out an Eureka link whose IBC v2 client is not Active`);
  });
});

describe("a route made under other rules", () => {
  it("a forward hop into Celestia, whose token filter takes only its own tokens home: refused citing the rule; its messages would bounce; TIA going home is built", () => {
    const noRules = buildRouter({ ...mainnet.registry, transfer_rules: [] });
    const atomOnCelestia = noRules.assetsOnChain("celestia").find((asset) => asset.origin_chain_id === "cosmoshub-4" && asset.origin_denom === "uatom" && asset.trace.split("/").length === 2)!;
    const to = { chain_id: "celestia", denom: atomOnCelestia.denom };
    const route = noRules.route(ATOM_HUB, to)!;
    expect(route.hops).toHaveLength(1);
    const addresses = addressesOf(mainnet, ["cosmoshub-4", "celestia"]);
    const request = { route, amount: "1000", addresses, now_ms: NOW_MS };
    // The simulator's Celestia (the token filter from the mainnet registry's rules) refunds it.
    expect(deliver(mainnet, route, transferMessages(noRules, request), addresses, 1000n).received.get(to.denom) ?? 0n).toBe(0n);

    expect(mainnet.route(ATOM_HUB, to)).toBeNull();
    const refused = refusal(mainnet, request);
    expect(refused.code).toBe("invalid_request");
    expect(refused.message).toMatch(/hop 1 \(cosmoshub-4 -> celestia\): celestia accepts only tokens returning home over the channel they left by \(celestiaorg\/celestia-app [^)]*\); uatom would be refused and sent back/);

    // An unwind into Celestia is a token going home: built, and delivered.
    const tiaAbroad = mainnet.assetsOnChain("osmosis-1").find((asset) => asset.origin_chain_id === "celestia" && asset.origin_denom === "utia" && asset.trace.split("/").length === 2)!;
    const home = mainnet.route({ chain_id: "osmosis-1", denom: tiaAbroad.denom }, { chain_id: "celestia", denom: "utia" })!;
    const homeAddresses = addressesOf(mainnet, ["osmosis-1", "celestia"]);
    const built = transferMessages(mainnet, { route: home, amount: "1000", addresses: homeAddresses, now_ms: NOW_MS });
    expect(deliver(mainnet, home, built, homeAddresses, 1000n).received.get("utia")).toBe(1000n);
  });

  it("a bridge hop the registry has no link for (another token at the far end) is refused", () => {
    const route = mainnet.route(WBTC_HUB, WBTC_ETHEREUM)!;
    const usdc = mainnet.route(USDC_NOBLE, USDC_ETHEREUM)!.to;
    const forged: Route = { ...route, to: usdc, hops: [{ ...route.hops[0]!, to: usdc }] as Route["hops"] };
    const addresses = { ...addressesOf(mainnet, ["cosmoshub-4"]), "1": EVM_USER };
    expect(refusal(mainnet, { route: forged, amount: "1", addresses, now_ms: NOW_MS }).message).toContain(`the registry has no EUREKA link from cosmoshub-4 ${WBTC_HUB.denom} to 1 ${USDC_ETHEREUM.denom}`);
  });

  it("over Eureka, a token whose base denom IBC v2 refuses: refused citing the rule", () => {
    const evmToken = `0x${"11".repeat(20)}`;
    const trace = "transfer/08-wasm-7";
    const voucher = ibcDenom(trace, "factory/foo/bar");
    const rule = shippedTransferRules().find((candidate) => candidate.kind === "ibc_v2_base_denom")!;
    const registry = parseRegistry({
      chains: [{ chain_id: "a-1", bech32_prefix: "pa" }, { chain_id: "e-1", chain_type: "evm" }],
      assets: [
        { chain_id: "e-1", denom: evmToken },
        { chain_id: "a-1", denom: voucher, trace, origin_chain_id: "e-1", origin_denom: "factory/foo/bar" },
      ],
      bridge_links: [{ bridge: "EUREKA", from: { chain_id: "a-1", denom: voucher }, to: { chain_id: "e-1", denom: evmToken } }],
      transfer_rules: [],
    });
    const without = buildRouter(registry);
    const withRule = buildRouter({ ...registry, transfer_rules: [rule] });
    const from = { chain_id: "a-1", denom: voucher };
    const route = without.route(from, { chain_id: "e-1", denom: evmToken })!;
    const request = { route, amount: "1", addresses: { ...addressesOf(without, ["a-1"]), "e-1": EVM_USER }, now_ms: NOW_MS };
    expect(transferMessages(without, request).messages).toHaveLength(1);
    expect(withRule.route(from, { chain_id: "e-1", denom: evmToken })).toBeNull();
    expect(refusal(withRule, request).message).toContain(`hop 1 (a-1 -> e-1): ${rule.summary}`);
  });
});
