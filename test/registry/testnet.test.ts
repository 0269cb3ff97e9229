/**
 * The embedded testnet registry: the npm package chain-registry's testnet lists, loaded once.
 * Facts checked against the package's own files (testnets/osmosistestnet/assetlist.json,
 * testnets/_IBC/cosmoshubtestnet-osmosistestnet.json in chain-registry 2.0.251).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ibcDenom } from "../../src/index.js";
import { buildRouter } from "../../src/index.js";
import type { AssetRouter } from "../../src/index.js";
import { hasFatalIssue, type RegistryIssue } from "../../src/index.js";
import { loadChainRegistryWithIssues } from "../../src/entries/chain-registry.js";
import type { Registry } from "../../src/index.js";
import { validateRegistry } from "../../src/index.js";

let registry: Registry;
let issues: RegistryIssue[];
let router: AssetRouter;

beforeAll(async () => {
  ({ registry, issues } = await loadChainRegistryWithIssues({ network: "testnet" }));
  router = buildRouter(registry);
});

// The package's ATOM on osmo-test-5: base ibc/9FF2B7..., path transfer/channel-4156/uatom.
const ATOM_ON_OSMO_TEST = "ibc/9FF2B7A5F55038A7EE61F4FD6749D9A648B48E89830F2682B67B5DC158E2753C";

describe("testnet registry", () => {
  it("holds the testnets and no mainnet chain", () => {
    const ids = new Set(registry.chains.map((c) => c.chain_id));
    for (const id of ["osmo-test-5", "theta-testnet-001", "pion-1", "grand-1", "agoricdev-25"]) expect(ids).toContain(id);
    for (const id of ["osmosis-1", "cosmoshub-4", "neutron-1", "1"]) expect(ids).not.toContain(id);
    expect(registry.chains.length).toBeGreaterThan(100);
    expect(registry.assets.length).toBeGreaterThan(300);
    expect(registry.ibc_channels.length).toBeGreaterThan(50);
    expect([...ids].some((id) => id.startsWith("INVALID-ID"))).toBe(false);
    // Venue facts are mainnet facts; no capability fact is known for a testnet.
    expect(registry.swap_venues).toEqual([]);
    expect(registry.chains.some((c) => c.pfm_enabled || c.supports_memo || c.ibc_hooks || c.autopilot || c.forwards_after_bridge)).toBe(false);
  });

  it("has ATOM on osmo-test-5 as the channel-4156 voucher of theta-testnet-001 uatom, and that channel", () => {
    expect(ATOM_ON_OSMO_TEST).toBe(ibcDenom("transfer/channel-4156", "uatom"));
    expect(registry.assets.find((a) => a.chain_id === "osmo-test-5" && a.denom === ATOM_ON_OSMO_TEST)).toMatchObject({
      trace: "transfer/channel-4156",
      origin_chain_id: "theta-testnet-001",
      origin_denom: "uatom",
      symbol: "ATOM",
    });
    expect(registry.ibc_channels).toContainEqual({
      chain_1: { chain_id: "theta-testnet-001", channel_id: "channel-3306", port_id: "transfer" },
      chain_2: { chain_id: "osmo-test-5", channel_id: "channel-4156", port_id: "transfer" },
      status: "ACTIVE",
      preferred: true,
    });
  });

  it("routes testnet ATOM to osmo-test-5 over channel-3306", () => {
    const answer = router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "theta-testnet-001" });
    expect(answer.dest_assets["osmo-test-5"]!.assets.map((a) => a.denom)).toContain(ATOM_ON_OSMO_TEST);
    const route = router.route({ chain_id: "theta-testnet-001", denom: "uatom" }, { chain_id: "osmo-test-5", denom: ATOM_ON_OSMO_TEST });
    expect(route?.hops.map((h) => [h.kind, h.kind === "ibc" && h.channel])).toEqual([["ibc", "channel-3306"]]);
  });

  it("leaves out chains without a usable id, and validateRegistry finds nothing fatal", () => {
    const withoutId = issues.filter((i) => i.code === "chain_without_id").map((i) => i.where);
    // EVM testnet lists name no network (ethereumtestnet mixes Goerli and Sepolia addresses), and
    // permtestnet's id is the package's INVALID-ID placeholder.
    expect(withoutId).toEqual(expect.arrayContaining(["chains ethereumtestnet", "chains avalanchetestnet", "chains permtestnet"]));
    expect(hasFatalIssue(issues)).toBe(false);
    expect(hasFatalIssue(validateRegistry(registry))).toBe(false);
  });
});
