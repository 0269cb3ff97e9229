/**
 * The IBC v2 clients of Eureka links in the state snapshot (docs/behaviour.md "Live network
 * state"): the format reads them (and a /2 file without them), the registry's own trace names the
 * client, and routing leaves out exactly the Eureka links over a client the chain says is not
 * Active, naming it in `why`. Independent facts: the client id is read from the voucher's trace
 * the way the chain registry writes it (cosmoshub assetlist, type ibc-bridge, provider Eureka:
 * `transfer/08-wasm-1369/<contract>`), checked here by splitting the trace by hand; the statuses
 * are ibc-go's own words (modules/core/exported/client.go @9565e36c: Active, Frozen, Expired,
 * Unknown, Unauthorized).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { buildRouter, FungibleError, parseState, stateOfRouter, withState, STATE_FORMAT, type AssetRouter, type StateSnapshotInput } from "../../src/index.js";
import { explain } from "../../src/router/explain.js";
import { eurekaLinks } from "../../src/state/eureka-links.js";
import { shippedRouter } from "../support/shipped-router.js";
import { propertyRuns } from "../support/property-runs.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

let mainnet: AssetRouter;
/** The mainnet registry without the Eureka links whose Hub voucher's trace is `transfer/08-wasm-1369`, routed as it is. */
let withoutHubEureka: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
  const overHubClient = (link: AssetRouter["registry"]["bridge_links"][number]) =>
    link.bridge === "EUREKA" && mainnet.registry.assets.some((a) => a.chain_id === "cosmoshub-4" && a.denom === link.to.denom && a.trace.split("/").slice(0, 2).join("/") === `transfer/${CLIENT}`);
  withoutHubEureka = buildRouter({ ...mainnet.registry, bridge_links: mainnet.registry.bridge_links.filter((link) => !overHubClient(link)) });
});

const CLIENT = "08-wasm-1369";
const WBTC = "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599";
const HUB_WBTC = oracleIbcDenom(`transfer/${CLIENT}`, WBTC);
const READ_AT = "2026-11-20T12:00:00Z";
const SOURCE = "https://rest.example/ibc/core/client/v1/client_status/08-wasm-1369";

/** A snapshot in which the Hub's node reports itself and lists its Eureka client with `status` (and `expires`). */
function hubClient(status: "Active" | "Frozen" | "Expired" | "Unauthorized" | "Unknown", expires: string | null = null, createdAt = READ_AT): StateSnapshotInput {
  const fact = <T>(value: T) => ({ value, read_at: READ_AT, source: SOURCE });
  return {
    format: STATE_FORMAT,
    created_at: createdAt,
    chains: {
      "cosmoshub-4": {
        node_chain_id: fact("cosmoshub-4"),
        ends: [],
        eureka_clients: [
          {
            client_id: CLIENT,
            status: status === "Unknown" ? { value: "Unknown", read_at: null, source: null } : fact(status),
            expires_at: expires === null ? { value: null, read_at: null, source: null } : fact(expires),
          },
        ],
      },
    },
  };
}

describe("the snapshot format", () => {
  test("a /2 snapshot without eureka_clients reads with none; one written before expires_at reads it as unknown", () => {
    const bare = parseState({ format: STATE_FORMAT, created_at: READ_AT, chains: { "cosmoshub-4": { node_chain_id: { value: null, read_at: null, source: null }, ends: [] } } });
    expect(bare.chains["cosmoshub-4"]!.eureka_clients).toEqual([]);
    const older = parseState({
      format: STATE_FORMAT,
      created_at: READ_AT,
      chains: { "cosmoshub-4": { node_chain_id: { value: null, read_at: null, source: null }, ends: [], eureka_clients: [{ client_id: CLIENT, status: { value: "Frozen", read_at: READ_AT, source: SOURCE } }] } },
    });
    expect(older.chains["cosmoshub-4"]!.eureka_clients).toEqual([{ client_id: CLIENT, status: { value: "Frozen", read_at: READ_AT, source: SOURCE }, expires_at: { value: null, read_at: null, source: null } }]);
  });

  test("round trip: parsed, written as JSON and parsed again, it is the same", () => {
    const once = parseState(hubClient("Frozen", "2026-11-21T00:00:00.000Z"));
    expect(parseState(JSON.stringify(once))).toEqual(once);
  });

  test("a client listed twice, an unknown status, or more clients than the limit are refused", () => {
    const base = hubClient("Active");
    const client = base.chains["cosmoshub-4"]!.eureka_clients![0]!;
    const withClients = (clients: unknown[]) => ({ ...base, chains: { "cosmoshub-4": { ...base.chains["cosmoshub-4"], eureka_clients: clients } } });
    expect(() => parseState(withClients([client, client]))).toThrow(/listed twice/);
    expect(() => parseState(withClients([{ ...client, status: { value: "Halted", read_at: READ_AT, source: SOURCE } }]))).toThrow(FungibleError);
    expect(() => parseState(withClients(Array.from({ length: 1_001 }, (_, i) => ({ ...client, client_id: `08-wasm-${i}` }))))).toThrow(FungibleError);
  });
});

describe("which client an Eureka link sends over", () => {
  test("the first hop of the Hub voucher's trace: every mainnet Eureka link goes over cosmoshub-4's 08-wasm-1369", () => {
    const links = eurekaLinks(mainnet.registry);
    const eureka = mainnet.registry.bridge_links.filter((link) => link.bridge === "EUREKA");
    expect(links.length).toBe(eureka.length);
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links.map((link) => `${link.chain_id} ${link.client_id}`))).toEqual(new Set([`cosmoshub-4 ${CLIENT}`]));
    expect(links).toContainEqual(expect.objectContaining({ denom: HUB_WBTC, counterparty: { chain_id: "1", denom: WBTC } }));
  });
});

describe("routes honour the Hub's IBC v2 client", () => {
  test("Frozen: WBTC from Ethereum no longer reaches the Hub's Eureka voucher, and why names the client with its fact", () => {
    expect(mainnet.assetsFromSource({ source_asset_denom: WBTC, source_asset_chain_id: "1" }).dest_assets["cosmoshub-4"]?.assets.map((a) => a.denom)).toContain(HUB_WBTC);
    const router = withState(mainnet, hubClient("Frozen"));
    expect(router.assetsFromSource({ source_asset_denom: WBTC, source_asset_chain_id: "1" }).dest_assets["cosmoshub-4"]?.assets.map((a) => a.denom) ?? []).not.toContain(HUB_WBTC);
    const answer = explain(router, { source_asset_denom: WBTC, source_asset_chain_id: "1", dest_chain_id: "cosmoshub-4", dest_asset_denom: HUB_WBTC });
    expect(answer.verdict.kind).toBe("not_reachable");
    const reason = answer.reasons.find((r) => r.code === "client_frozen");
    expect(reason).toMatchObject({ chain_id: "cosmoshub-4", port: "transfer", channel: CLIENT, counterparty_chain_id: "1", fact: "client_status", value: "Frozen", read_at: READ_AT, source: SOURCE });
    expect(reason!.message).toContain(`IBC v2 client ${CLIENT}`);
    expect(stateOfRouter(router)).toMatchObject({ removed: 0, removed_bridge_links: eurekaLinks(mainnet.registry).length });
  });

  test("Expired, Unauthorized, an expiry past at reading, or one within the warning window: each named with its own code", () => {
    for (const [snapshot, code, fact] of [
      [hubClient("Expired"), "client_expired", "client_status"],
      [hubClient("Unauthorized"), "client_unauthorized", "client_status"],
      [hubClient("Active", "2026-11-20T11:00:00Z"), "client_expired", "client_expires_at"],
      [hubClient("Active", "2026-11-20T18:00:00Z"), "client_expiring", "client_expires_at"],
    ] as const) {
      const router = withState(mainnet, snapshot);
      const answer = explain(router, { source_asset_denom: HUB_WBTC, source_asset_chain_id: "cosmoshub-4", dest_chain_id: "1", dest_asset_denom: WBTC });
      expect(answer.reasons.find((r) => "fact" in r)).toMatchObject({ code, fact, chain_id: "cosmoshub-4", channel: CLIENT });
    }
  });

  test("Active, unknown (unread), or an expiry past the window: the links stay", () => {
    for (const snapshot of [hubClient("Active"), hubClient("Unknown"), hubClient("Active", "2026-11-22T12:00:00Z")]) {
      const router = withState(mainnet, snapshot);
      expect(router.registry.bridge_links).toEqual(mainnet.registry.bridge_links);
      expect(router.assetsFromSource({ source_asset_denom: WBTC, source_asset_chain_id: "1" })).toEqual(mainnet.assetsFromSource({ source_asset_denom: WBTC, source_asset_chain_id: "1" }));
    }
  });

  test("compiled to a dataset (what serve's reload threads load), the router keeps its answers and why still names the client", async () => {
    const { compileDataset, loadRouter } = await import("../../src/index.js");
    const router = withState(mainnet, hubClient("Frozen"));
    const loaded = await loadRouter({ dataset: compileDataset(router) });
    expect(loaded.dataVersion).toBe(router.dataVersion);
    expect(loaded.assetsFromSource({ source_asset_denom: WBTC, source_asset_chain_id: "1" })).toEqual(router.assetsFromSource({ source_asset_denom: WBTC, source_asset_chain_id: "1" }));
    const reasons = explain(loaded, { source_asset_denom: WBTC, source_asset_chain_id: "1", dest_chain_id: "cosmoshub-4", dest_asset_denom: HUB_WBTC }).reasons;
    expect(reasons).toContainEqual(expect.objectContaining({ code: "client_frozen", chain_id: "cosmoshub-4", channel: CLIENT, read_at: READ_AT, source: SOURCE }));
  });

  test("a node that reports another chain id: its Eureka client facts are not used", () => {
    const input = hubClient("Frozen");
    input.chains["cosmoshub-4"]!.node_chain_id = { value: "theta-testnet-001", read_at: READ_AT, source: SOURCE };
    expect(withState(mainnet, input).registry.bridge_links).toEqual(mainnet.registry.bridge_links);
  });

  test("property: a Frozen client takes out exactly the routes over its Eureka links (the registry without them answers alike); an Active one changes no answer", () => {
    const frozen = withState(mainnet, hubClient("Frozen"));
    const active = withState(mainnet, hubClient("Active"));
    const eurekaSides = eurekaLinks(mainnet.registry).flatMap((link) => [
      { chain_id: link.chain_id, denom: link.denom },
      link.counterparty,
    ]);
    const others = mainnet.registry.assets.filter((_, i) => i % 97 === 0).map((a) => ({ chain_id: a.chain_id, denom: a.denom }));
    const chains = [...new Set(mainnet.registry.chains.map((c) => c.chain_id))];
    fc.assert(
      fc.property(fc.constantFrom(...eurekaSides, ...others), fc.constantFrom("cosmoshub-4", "1", ...chains), (source, dest) => {
        const request = { source_asset_denom: source.denom, source_asset_chain_id: source.chain_id };
        expect(frozen.assetsFromSource(request)).toEqual(withoutHubEureka.assetsFromSource(request));
        expect(active.assetsFromSource(request)).toEqual(mainnet.assetsFromSource(request));
        if (dest === source.chain_id) return;
        const between = { source_chain_id: source.chain_id, dest_chain_id: dest };
        expect(frozen.assetsBetweenChains(between)).toEqual(withoutHubEureka.assetsBetweenChains(between));
        expect(active.assetsBetweenChains(between)).toEqual(mainnet.assetsBetweenChains(between));
      }),
      { numRuns: propertyRuns(25) },
    );
  });
});
