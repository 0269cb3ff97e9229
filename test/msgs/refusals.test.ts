/** What transferMessages refuses, each with a FungibleError that names the function, the chain or the hop. */
import { readFileSync } from "node:fs";
import { bech32 } from "bech32";
import { describe, expect, it } from "vitest";
import { buildRouter, ibcDenom, parseRegistry, type AssetRouter } from "../../src/index.js";
import { transferMessages } from "../../src/entries/msgs.js";
import type { Route } from "../../src/wire/route.js";
import { shippedRouter } from "../support/shipped-router.js";
import { refusal } from "./world.js";

const address = (prefix: string, bytes = 20, fill = 3) => bech32.encode(prefix, bech32.toWords(new Uint8Array(bytes).fill(fill)), 200);
const HUB_TO_NEUTRON = { from: { chain_id: "osmosis-1", denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2" }, to: { chain_id: "neutron-1", denom: "ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9" } };
const ADDRESSES = { "osmosis-1": address("osmo"), "neutron-1": address("neutron") };

describe("transferMessages refuses", () => {
  it("bad amounts", async () => {
    const router = await shippedRouter();
    for (const amount of ["0", "01", "1.5", "-1", "", (1n << 256n).toString(), 5]) {
      expect(refusal(router, { ...HUB_TO_NEUTRON, amount, addresses: ADDRESSES }), String(amount)).toMatchObject({ code: "invalid_request" });
    }
    expect(() => transferMessages(router, { ...HUB_TO_NEUTRON, amount: ((1n << 256n) - 1n).toString(), addresses: ADDRESSES })).not.toThrow();
    // A clock so far ahead that the timeout would overflow a uint64 is refused, not thrown deep inside the encoder.
    expect(refusal(router, { ...HUB_TO_NEUTRON, amount: "1", addresses: ADDRESSES, now_ms: 1e16 })).toMatchObject({ code: "invalid_request" });
  });

  it("addresses: missing, of another chain, upper-case, of a wrong size, for an unknown chain; 32-byte ones are fine", async () => {
    const router = await shippedRouter();
    const ask = (addresses: Record<string, string>) => refusal(router, { ...HUB_TO_NEUTRON, amount: "1", addresses });
    expect(ask({ "osmosis-1": ADDRESSES["osmosis-1"] })).toMatchObject({ code: "invalid_request", message: expect.stringContaining('an address on chain "neutron-1" is required (the destination)') });
    expect(ask({ ...ADDRESSES, "neutron-1": address("cosmos") }).message).toContain('chain "neutron-1" must start with "neutron1", got prefix "cosmos"');
    expect(ask({ ...ADDRESSES, "neutron-1": ADDRESSES["neutron-1"].toUpperCase() }).message).toContain("must be lowercase");
    expect(ask({ ...ADDRESSES, "neutron-1": address("neutron", 33) }).message).toContain("holds 33 bytes");
    expect(ask({ ...ADDRESSES, "nowhere-1": address("x") }).message).toContain('chain "nowhere-1", which is not in the registry');
    expect(ask({ ...ADDRESSES, "cosmoshub-4": address("osmo") }).message).toContain('chain "cosmoshub-4" must start with "cosmos1"');
    expect(() => transferMessages(router, { ...HUB_TO_NEUTRON, amount: "1", addresses: { ...ADDRESSES, "neutron-1": address("neutron", 32) } })).not.toThrow();
  });

  it("forged routes: a channel the registry lacks, a denom the ICS-20 rules do not give, a forward by a chain without PFM, no hop", async () => {
    const router = await shippedRouter();
    const route = router.route(HUB_TO_NEUTRON.from, HUB_TO_NEUTRON.to)!;
    const edit = (i: number, patch: object): Route => ({ ...route, hops: route.hops.map((hop, k) => (k === i ? { ...hop, ...patch } : hop)) as Route["hops"] });
    const ask = (forged: Route) => refusal(router, { route: forged, amount: "1", addresses: ADDRESSES });
    expect(ask(edit(0, { channel: "channel-9999" })).message).toContain('the registry has no channel transfer/channel-9999 on "osmosis-1" to "cosmoshub-4"');
    expect(ask(edit(1, { to: { ...route.hops[1]!.to, denom: "ibc/00" } })).message).toContain("arrives as ibc/C4CFF46F");
    // Three chains in a line, the middle one without PFM: its route is two transactions; claiming one is refused.
    const TWO_HOPS = "transfer/channel-0/transfer/channel-0";
    const line = buildRouter(parseRegistry({
      chains: ["a-1", "b-1", "c-1"].map((chain_id, i) => ({ chain_id, bech32_prefix: ["pa", "pb", "pc"][i], pfm_enabled: false })),
      assets: [{ chain_id: "a-1", denom: "ua" }, { chain_id: "c-1", denom: ibcDenom(TWO_HOPS, "ua"), trace: TWO_HOPS, origin_chain_id: "a-1", origin_denom: "ua" }],
      ibc_channels: [
        { chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-0" }, status: "ACTIVE" },
        { chain_1: { chain_id: "b-1", channel_id: "channel-1" }, chain_2: { chain_id: "c-1", channel_id: "channel-0" }, status: "ACTIVE" },
      ],
    }));
    const twoTx = line.route({ chain_id: "a-1", denom: "ua" }, { chain_id: "c-1", denom: ibcDenom(TWO_HOPS, "ua") })!;
    expect(twoTx.txs_required).toBe(2);
    const oneTx: Route = { ...twoTx, txs_required: 1, hops: twoTx.hops.map((hop) => ({ ...hop, starts_tx: hop === twoTx.hops[0] })) as Route["hops"] };
    expect(refusal(line, { route: oneTx, amount: "1", addresses: { "a-1": address("pa"), "c-1": address("pc") } }).message).toContain('chain "b-1" has no packet-forward middleware in the data');
    expect(ask({ ...route, hops: [], to: route.from })).toMatchObject({ code: "invalid_request", message: expect.stringContaining("nothing to transfer") });
  });

  it("a chain whose bech32 prefix the data does not know, and a router look-alike", () => {
    const router = buildRouter(parseRegistry({
      chains: [{ chain_id: "a-1", bech32_prefix: "pa" }, { chain_id: "b-1" }],
      assets: [{ chain_id: "a-1", denom: "ua" }],
      ibc_channels: [{ chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-0" }, status: "ACTIVE" }],
    }));
    const to = router.assetsOnChain("b-1")[0]!;
    const error = refusal(router, { from: { chain_id: "a-1", denom: "ua" }, to: { chain_id: "b-1", denom: to.denom }, amount: "1", addresses: { "a-1": address("pa"), "b-1": address("pb") } });
    expect(error.message).toContain('chain "b-1" has no bech32 prefix in the data');
    expect(refusal({ route: () => null } as unknown as AssetRouter, { from: { chain_id: "a-1", denom: "ua" }, to: { chain_id: "b-1", denom: "x" }, amount: "1", addresses: {} })).toMatchObject({ code: "invalid_config" });
  });
});

describe("chain ids that are object keys", () => {
  it("an address for __proto__ or constructor is read as data, never from Object.prototype", () => {
    const registry = JSON.parse(readFileSync(new URL("../../fixtures/http-registry.json", import.meta.url), "utf8")) as { chains: { chain_id: string; bech32_prefix?: string }[] };
    for (const chain of registry.chains) chain.bech32_prefix = chain.chain_id === "__proto__" ? "proto" : "cosmos";
    const router = buildRouter(parseRegistry(registry));
    const voucher = router.assetsOnChain("cosmoshub-4").find((asset) => asset.origin_chain_id === "__proto__")!;
    const request = { from: { chain_id: "__proto__", denom: "uproto" }, to: { chain_id: "cosmoshub-4", denom: voucher.denom }, amount: "1" };
    expect(refusal(router, { ...request, addresses: { "cosmoshub-4": address("cosmos") } }).message).toContain('an address on chain "__proto__" is required');
    const addresses = JSON.parse(`{"__proto__": "${address("proto")}", "cosmoshub-4": "${address("cosmos")}"}`) as Record<string, string>;
    expect(transferMessages(router, { ...request, addresses }).messages[0]!.signer).toBe(address("proto"));
  });
});
