/**
 * `refreshState` against local endpoints replaying recorded LCD answers (fixtures/lcd/), never the
 * network: the done-criterion of issue 24 (ATOM reaches akashnet-2 over the Hub's channel-184 when
 * both ends are open with active clients, and is refused with a dated, cited client_expired when
 * the recorded status says Expired), and every fault an untrusted endpoint can show.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { parseState, stateOfRouter, withState, type AssetRouter } from "../../src/index.js";
import { refreshState } from "../../src/remote/refresh-state.js";
import { writeStateFile } from "../../src/files/write-state-file.js";
import { explain } from "../../src/router/explain.js";
import { shippedRouter } from "../support/shipped-router.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";
import type { Answer } from "../../bench/lib/replay-lcd.mjs";
import { replayServers } from "../support/replay-servers.js";
import { ACTIVE, AKASH_END, chainRoutes, EXPIRED, HUB_END, RECORDED_NOW } from "../support/hub-akash-replay.js";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});
const serve = replayServers();

const NOW = RECORDED_NOW;
const now = () => NOW;
const ATOM = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" } as const;
const ATOM_ON_AKASH = oracleIbcDenom("transfer/channel-17", "uatom");

async function refreshPair(hubStatus: unknown) {
  const hub = await serve("cosmoshub-4", chainRoutes(HUB_END, hubStatus));
  const akash = await serve("akashnet-2", chainRoutes(AKASH_END, ACTIVE));
  const result = await refreshState({
    registry: mainnet.registry,
    chains: ["cosmoshub-4", "akashnet-2"],
    endpoints: { "cosmoshub-4": [hub.url], "akashnet-2": [akash.url] },
    registryEndpoints: {},
    now,
  });
  return { hub, akash, result };
}

describe("refreshState from replayed recordings: ATOM to akashnet-2 over channel-184", () => {
  test("both ends OPEN with Active clients: the untagged channel carries ATOM", async () => {
    const { hub, result } = await refreshPair(ACTIVE);
    const hubEnd = result.snapshot.chains["cosmoshub-4"]!.ends.find((end) => end.channel_id === "channel-184")!;
    expect(hubEnd).toMatchObject({
      state: { value: "OPEN", source: `${hub.url}/ibc/core/channel/v1/channels?pagination.limit=500` },
      counterparty: { value: { port_id: "transfer", channel_id: "channel-17" } },
      connection_id: { value: "connection-339" },
      client_id: { value: "07-tendermint-385" },
      client_chain_id: { value: "akashnet-2" },
      client_status: { value: "Active", read_at: NOW.toISOString() },
      // The recorded consensus time 2022-12-02T19:46:25.199Z plus the recorded trusting period 1209600 s (14 days).
      client_expires_at: { value: "2022-12-16T19:46:25.199Z" },
    });
    expect(result.snapshot.chains["cosmoshub-4"]!.node_chain_id).toEqual({ value: "cosmoshub-4", read_at: NOW.toISOString(), source: `${hub.url}/cosmos/base/tendermint/v1beta1/node_info` });
    const router = withState(mainnet, result.snapshot);
    expect(router.assetsFromSource(ATOM).dest_assets["akashnet-2"]!.assets).toContainEqual(expect.objectContaining({ denom: ATOM_ON_AKASH }));
    const route = router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "akashnet-2", denom: ATOM_ON_AKASH })!;
    expect(route.hops.map((hop) => hop.kind === "ibc" && hop.channel)).toEqual(["channel-184"]);
  });

  test("the Hub's client recorded Expired: refused with client_expired, dated and cited", async () => {
    const { hub, result } = await refreshPair(EXPIRED);
    const router = withState(mainnet, result.snapshot);
    expect(router.assetsFromSource(ATOM).dest_assets["akashnet-2"]).toBeUndefined();
    const row = mainnet.registry.ibc_channels.findIndex((c) => c.chain_2.chain_id === "cosmoshub-4" && c.chain_2.channel_id === "channel-184");
    expect(stateOfRouter(router)!.verdicts.find((v) => v.channel === row)).toEqual({
      code: "client_expired",
      channel: row,
      chain_id: "cosmoshub-4",
      port: "transfer",
      channel_id: "channel-184",
      counterparty_chain_id: "akashnet-2",
      fact: "client_status",
      value: "Expired",
      read_at: NOW.toISOString(),
      source: `${hub.url}/ibc/core/client/v1/client_status/07-tendermint-385`,
      expires_at: "2022-12-16T19:46:25.199Z",
    });
    // `why` names it: the code, the fact, its date and its source.
    const answer = explain(router, { ...ATOM, dest_chain_id: "akashnet-2" });
    expect(answer.reachable).toBe(false);
    expect(answer.reasons).toContainEqual(
      expect.objectContaining({
        code: "client_expired",
        chain_id: "cosmoshub-4",
        channel: "channel-184",
        counterparty_chain_id: "akashnet-2",
        read_at: NOW.toISOString(),
        source: `${hub.url}/ibc/core/client/v1/client_status/07-tendermint-385`,
        message: expect.stringContaining(`is Expired (read ${NOW.toISOString()} from ${hub.url}/ibc/core/client/v1/client_status/07-tendermint-385)`),
      }),
    );
    // Without the snapshot, the registry alone cannot say more than UNKNOWN.
    expect(explain(mainnet, { ...ATOM, dest_chain_id: "akashnet-2" }).reasons).toContainEqual(expect.objectContaining({ code: "inactive_channel", status: "UNKNOWN", channel: "channel-184" }));
  });

  test("connections and clients shared by channels are read once; the snapshot round-trips through an atomic write", async () => {
    const { hub, result } = await refreshPair(ACTIVE);
    expect(hub.requests.filter((path) => path.includes("client_status/07-tendermint-385"))).toHaveLength(1);
    const dir = mkdtempSync(join(tmpdir(), "fg-state-"));
    const file = join(dir, "state.json");
    await writeStateFile(file, result.snapshot);
    expect(readdirSync(dir)).toEqual(["state.json"]);
    expect(parseState(readFileSync(file, "utf8"))).toEqual(result.snapshot);
    await expect(writeStateFile(join(dir, "missing", "state.json"), result.snapshot)).rejects.toMatchObject({ code: "file_unwritable" });
  });
});

describe("untrusted endpoints: refused, reported, and the next one tried", () => {
  const fast = { retries: 1, backoffMs: 5, timeoutMs: 400, maxBodyBytes: 64 * 1024, registryEndpoints: {}, now };

  test("another chain id, 5xx, a redirect elsewhere, an endless body, a slow answer, junk: each refused, the good endpoint used", async () => {
    const good = await serve("cosmoshub-4", chainRoutes(HUB_END, ACTIVE));
    const wrong = await serve("theta-testnet-001", chainRoutes(HUB_END, ACTIVE));
    const failing = await serve("cosmoshub-4", { "/cosmos/base/tendermint/v1beta1/node_info": { status: 500 } });
    const redirect = await serve("cosmoshub-4", { "/cosmos/base/tendermint/v1beta1/node_info": { fault: "redirect", location: `${good.url}/cosmos/base/tendermint/v1beta1/node_info` } });
    const endless = await serve("cosmoshub-4", { "/cosmos/base/tendermint/v1beta1/node_info": { fault: "endless" } });
    const slow = await serve("cosmoshub-4", { "/cosmos/base/tendermint/v1beta1/node_info": { fault: "slow", ms: 2_000, body: { default_node_info: { network: "cosmoshub-4" } } } });
    const junk = await serve("cosmoshub-4", { "/cosmos/base/tendermint/v1beta1/node_info": { fault: "garbage" } });
    const order = [wrong, failing, redirect, endless, slow, junk, good];
    const { snapshot, chains } = await refreshState({ ...fast, registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: { "cosmoshub-4": order.map((s) => s.url) } });
    const hub = snapshot.chains["cosmoshub-4"]!;
    expect(hub.node_chain_id.source).toBe(`${good.url}/cosmos/base/tendermint/v1beta1/node_info`);
    expect(hub.ends.find((end) => end.channel_id === "channel-184")!.client_status.value).toBe("Active");
    const errors = chains[0]!.errors.join("\n");
    expect(errors).toContain('the node reports chain id "theta-testnet-001", not cosmoshub-4');
    expect(errors).toContain(`${failing.url}/cosmos/base/tendermint/v1beta1/node_info: HTTP 500`);
    expect(errors).toContain(`${redirect.url}/cosmos/base/tendermint/v1beta1/node_info: redirected to ${good.url}`);
    expect(errors).toContain(`${endless.url}/cosmos/base/tendermint/v1beta1/node_info: body over the limit`);
    expect(errors).toContain(`${slow.url}/cosmos/base/tendermint/v1beta1/node_info: no answer within 400 ms`);
    expect(errors).toContain(`${junk.url}/cosmos/base/tendermint/v1beta1/node_info: the body is not JSON`);
    // Retried once (5xx and timeouts may pass), then given up; a wrong chain id is not retried.
    expect(failing.requests).toHaveLength(2);
    expect(wrong.requests).toHaveLength(1);
  });

  test("a 5xx once is retried with backoff and the answer used; a truncated body is refused", async () => {
    const routes = chainRoutes(HUB_END, ACTIVE);
    const flaky = await serve("cosmoshub-4", { ...routes, "/ibc/core/channel/v1/channels": { fault: "503-once", body: (routes["/ibc/core/channel/v1/channels"] as { body: unknown }).body } });
    const { snapshot } = await refreshState({ ...fast, registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: { "cosmoshub-4": [flaky.url] } });
    expect(snapshot.chains["cosmoshub-4"]!.ends.find((end) => end.channel_id === "channel-184")!.state.value).toBe("OPEN");
    expect(flaky.requests.filter((path) => path.startsWith("/ibc/core/channel/v1/channels"))).toHaveLength(2);

    const truncated = await serve("cosmoshub-4", { ...routes, "/ibc/core/channel/v1/channels": { fault: "truncated" } });
    const cut = await refreshState({ ...fast, registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: { "cosmoshub-4": [truncated.url] } });
    expect(cut.snapshot.chains["cosmoshub-4"]!.ends.every((end) => end.state.value === "UNKNOWN")).toBe(true);
    expect(cut.chains[0]!.errors.join("\n")).toMatch(/channels\?pagination\.limit=500: body cut off/);
  });

  test("an unreachable chain stays unknown and is reported, never fatal; a chain without endpoints too", async () => {
    const akash = await serve("akashnet-2", chainRoutes(AKASH_END, ACTIVE));
    const { snapshot, chains } = await refreshState({
      ...fast,
      registry: mainnet.registry,
      chains: ["cosmoshub-4", "akashnet-2", "osmosis-1"],
      endpoints: { "cosmoshub-4": ["http://127.0.0.1:1"], "akashnet-2": [akash.url] },
    });
    expect(snapshot.chains["cosmoshub-4"]!.ends.every((end) => end.state.value === "UNKNOWN" && end.state.source === null)).toBe(true);
    expect(snapshot.chains["cosmoshub-4"]!.node_chain_id.value).toBeNull();
    expect(chains.find((c) => c.chain_id === "cosmoshub-4")!.errors.length).toBeGreaterThan(0);
    expect(chains.find((c) => c.chain_id === "osmosis-1")!.errors).toEqual(["no REST endpoint known for this chain"]);
    expect(snapshot.chains["akashnet-2"]!.ends.find((end) => end.channel_id === "channel-17")!.state.value).toBe("OPEN");
    // Unknown facts change nothing: without the Hub's side, channel-184 stays unused.
    expect(withState(mainnet, snapshot).assetsFromSource(ATOM).dest_assets["akashnet-2"]).toBeUndefined();
  });

  test("a chain the registry does not have is refused up front", async () => {
    await expect(refreshState({ ...fast, registry: mainnet.registry, chains: ["no-such-chain"] })).rejects.toMatchObject({ code: "unknown_chain" });
  });
});
