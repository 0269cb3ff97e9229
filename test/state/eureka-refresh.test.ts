/**
 * `refreshState` reads the Hub's IBC v2 client that the registry's Eureka links send over
 * (08-wasm-1369, the first hop of the Eureka vouchers' trace) with ibc-go's own queries, from a
 * local endpoint replaying answers in their real JSON shape: `client_status` as recorded (fixtures/lcd/:
 * `{"status": "Active"}` from noble-1; "Frozen" is ibc-go's own word, modules/core/exported/client.go
 * @9565e36c, no REST recording of it exists), and the 08-wasm client state as ibc-go's proto gives
 * it (`wasmClientState`, bench/lib/replay-lcd.mjs) inside the recorded client_states answer.
 * A failed read keeps the previous snapshot's fact with its own date.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { parseRegistry, withState, type AssetRouter } from "../../src/index.js";
import { STATE_LIMITS } from "../../src/state/format.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";
import { refreshState } from "../../src/remote/refresh-state.js";
import { channelList, latestBlock, recording, wasmClientState, LATEST_BLOCK, type Answer } from "../../bench/lib/replay-lcd.mjs";
import { replayServers } from "../support/replay-servers.js";
import { shippedRouter } from "../support/shipped-router.js";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});
const serve = replayServers();

const CLIENT = "08-wasm-1369";
const STATUS_PATH = `/ibc/core/client/v1/client_status/${CLIENT}`;
const ACTIVE = recording("relayooor_noble-1_client_status_07-tendermint-74").response;
const FROZEN = { ...ACTIVE, status: "Frozen" };

function hubRoutes(status: Answer, now: Date): Record<string, Answer> {
  return {
    "/ibc/core/channel/v1/channels": { body: channelList() },
    [LATEST_BLOCK]: { body: latestBlock("cosmoshub-4", new Date(now.getTime() - 30_000).toISOString()) },
    [STATUS_PATH]: status,
    [`/ibc/core/client/v1/client_states/${CLIENT}`]: { body: wasmClientState() },
  };
}

async function refreshHub(status: Answer, now: Date, previous?: Awaited<ReturnType<typeof refreshState>>["snapshot"]) {
  const hub = await serve("cosmoshub-4", hubRoutes(status, now));
  const result = await refreshState({
    registry: mainnet.registry,
    chains: ["cosmoshub-4"],
    endpoints: { "cosmoshub-4": [hub.url] },
    registryEndpoints: {},
    now: () => now,
    retries: 0,
    backoffMs: 0,
    ...(previous === undefined ? {} : { previous }),
  });
  return { hub, result, clients: result.snapshot.chains["cosmoshub-4"]!.eureka_clients };
}

const T0 = new Date("2026-11-20T12:00:00.000Z");
const T1 = new Date("2026-11-20T13:00:00.000Z");

describe("refreshState reads the IBC v2 clients of Eureka links", () => {
  test("Active: the status dated and cited; an 08-wasm client's expiry stays unknown (its state has no trusting period); the links stay", async () => {
    const { hub, result, clients } = await refreshHub({ body: ACTIVE }, T0);
    expect(clients).toEqual([{ client_id: CLIENT, status: { value: "Active", read_at: T0.toISOString(), source: `${hub.url}${STATUS_PATH}` }, expires_at: { value: null, read_at: null, source: null } }]);
    expect(hub.requests.filter((path) => path === STATUS_PATH)).toHaveLength(1);
    expect(withState(mainnet, result.snapshot).registry.bridge_links).toEqual(mainnet.registry.bridge_links);
  });

  test("Frozen: read as such, and the Eureka links over it are left out", async () => {
    const { result, clients } = await refreshHub({ body: FROZEN }, T0);
    expect(clients[0]!.status.value).toBe("Frozen");
    const router = withState(mainnet, result.snapshot);
    expect(router.registry.bridge_links.filter((link) => link.bridge === "EUREKA")).toEqual([]);
  });

  test("an endpoint that fails (a 500, a 404) keeps the older fact with its own date and source", async () => {
    const first = await refreshHub({ body: FROZEN }, T0);
    for (const failure of [{ status: 500, body: { code: 13, message: "internal" } }, { status: 404, body: { code: 5, message: "not found", details: [] } }]) {
      const { result, clients } = await refreshHub(failure, T1, first.result.snapshot);
      expect(clients[0]!.status).toEqual(first.clients[0]!.status);
      expect(clients[0]!.status.read_at).toBe(T0.toISOString());
      expect(result.chains[0]!.kept).toBeGreaterThan(0);
      expect(result.chains[0]!.errors.join(" ")).toContain(CLIENT);
      expect(withState(mainnet, result.snapshot).registry.bridge_links.filter((link) => link.bridge === "EUREKA")).toEqual([]);
    }
  });

  test("a chain with no endpoint lists its Eureka clients unread (and keeps known ones)", async () => {
    const first = await refreshHub({ body: FROZEN }, T0);
    const result = await refreshState({ registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: {}, registryEndpoints: {}, now: () => T1, previous: first.result.snapshot });
    expect(result.snapshot.chains["cosmoshub-4"]!.eureka_clients).toEqual(first.clients);
    const fresh = await refreshState({ registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: {}, registryEndpoints: {}, now: () => T1 });
    expect(fresh.snapshot.chains["cosmoshub-4"]!.eureka_clients).toEqual([{ client_id: CLIENT, status: { value: "Unknown", read_at: null, source: null }, expires_at: { value: null, read_at: null, source: null } }]);
  });

  test("bounded: a registry naming more IBC v2 clients on one chain than a snapshot holds gets the first ones, and the snapshot parses", async () => {
    const n = STATE_LIMITS.clientsPerChain + 1;
    const token = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
    const registry = parseRegistry({
      chains: [{ chain_id: "hub-1" }, { chain_id: "1", chain_type: "evm" }],
      assets: Array.from({ length: n }, (_, i) => [
        { chain_id: "1", denom: token(i), is_evm: true },
        { chain_id: "hub-1", denom: oracleIbcDenom(`transfer/08-wasm-${i}`, token(i)), trace: `transfer/08-wasm-${i}`, origin_chain_id: "1", origin_denom: token(i) },
      ]).flat(),
      bridge_links: Array.from({ length: n }, (_, i) => ({ bridge: "EUREKA", from: { chain_id: "1", denom: token(i) }, to: { chain_id: "hub-1", denom: oracleIbcDenom(`transfer/08-wasm-${i}`, token(i)) } })),
    });
    const result = await refreshState({ registry, chains: ["hub-1"], endpoints: {}, registryEndpoints: {}, now: () => T0 });
    expect(result.snapshot.chains["hub-1"]!.eureka_clients).toHaveLength(STATE_LIMITS.clientsPerChain);
  });
});
