/**
 * `refreshState` over many chains at once, against the replay scenario 13 measures
 * (bench/lib/replay-registry.mjs: every chain of the shipped mainnet registry with channel ends,
 * one port each, answering from the recorded shapes), and a channel list of several pages.
 * Expected facts are read from the replay's own routes, not from the refresh.
 */
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { stateOfRouter, withState, type AssetRouter } from "../../src/index.js";
import { refreshState } from "../../src/remote/refresh-state.js";
import { shippedRouter } from "../support/shipped-router.js";
import { channelEntry, pagedChannelList, replayChains, replayLcd, type Answer } from "../../bench/lib/replay-lcd.mjs";
import { registryReplay } from "../../bench/lib/replay-registry.mjs";
import { rng } from "../../bench/synthetic-registry.mjs";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const NOW = new Date("2026-11-26T00:00:00.000Z");
type Entry = { port_id: string; channel_id: string; state: string; connection_hops: string[] };
const bodyOf = (routes: Record<string, Answer>, path: string) => (routes[path] as { body: Record<string, any> }).body;

describe("a registry-sized refresh against the replay", () => {
  // The whole registry is scenario 13's (a few seconds of requests); here the two largest chains and
  // a random sample of the rest, the seed varying per run and named in every failure.
  test("every sampled chain and end read, each fact as its replayed node says, in the minimum of requests", async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const replay = registryReplay(mainnet.registry, { now: NOW.getTime(), seed, expiredShare: 0.2 });
    const random = rng(seed);
    const sample = Object.keys(replay.routes).filter((id) => id === "cosmoshub-4" || id === "osmosis-1" || random() < 0.12);
    const servers = await replayChains(Object.fromEntries(sample.map((id) => [id, replay.routes[id]!])));
    closers.push(servers.close);
    const endpoints = Object.fromEntries(Object.entries(servers.urls).map(([chain, url]) => [chain, [url]]));
    const { snapshot, chains } = await refreshState({ registry: mainnet.registry, chains: sample, endpoints, registryEndpoints: {}, now: () => NOW });

    const why = `seed ${seed}`;
    expect(chains.filter((chain) => chain.errors.length > 0), why).toEqual([]);
    expect(Object.keys(snapshot.chains).sort(), why).toEqual([...sample].sort());
    let expired = 0;
    for (const chainId of sample) {
      const routes = replay.routes[chainId]!;
      const state = snapshot.chains[chainId]!;
      expect(state.node_chain_id.value).toBe(chainId);
      const entries = (routes["/ibc/core/channel/v1/channels"] as { page: { entries: Entry[] } }).page.entries;
      for (const end of state.ends) {
        const entry = entries.find((e) => e.port_id === end.port_id && e.channel_id === end.channel_id)!;
        const client = bodyOf(routes, `/ibc/core/connection/v1/connections/${entry.connection_hops[0]}`).connection.client_id;
        const status = bodyOf(routes, `/ibc/core/client/v1/client_status/${client}`).status;
        expect([end.state.value, end.connection_id.value, end.client_id.value, end.client_status.value], why).toEqual([entry.state.replace("STATE_", ""), entry.connection_hops[0], client, status]);
        if (status === "Expired") expired++;
      }
    }
    expect(servers.requests, why).toHaveLength(sample.reduce((sum, id) => sum + replay.minimumRequests[id]!, 0));
    // The snapshot is usable as is: the Expired clients refuse their channels with client_expired.
    expect(expired, why).toBeGreaterThan(0);
    const verdicts = stateOfRouter(withState(mainnet, snapshot))!.verdicts.filter((v) => v.code === "client_expired");
    expect(verdicts.length, why).toBeGreaterThan(0);
  }, 60_000);

  test("a channel list of several pages is read page by page, each asked by the key the last one gave", async () => {
    const replay = registryReplay(mainnet.registry, { now: NOW.getTime(), expiredShare: 0 });
    const routes = replay.routes["cosmoshub-4"]!;
    const listed = (routes["/ibc/core/channel/v1/channels"] as { page: { entries: Entry[] } }).page.entries;
    // 1,200 channels the registry does not list (real nodes have many: ICA, wasm ports), around the listed ones.
    const extra = Array.from({ length: 1_200 }, (_, i) => channelEntry({ channel: `channel-${5_000 + i}`, state: "STATE_OPEN", counterparty: `channel-${i}`, connection: "connection-0" }));
    const server = await replayLcd("cosmoshub-4", { ...routes, "/ibc/core/channel/v1/channels": pagedChannelList([...extra, ...listed]) });
    closers.push(server.close);
    const { snapshot } = await refreshState({ registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: { "cosmoshub-4": [server.url] }, registryEndpoints: {}, now: () => NOW });

    const pages = server.requests.filter((path) => path.startsWith("/ibc/core/channel/v1/channels"));
    expect(pages).toHaveLength(Math.ceil((extra.length + listed.length) / 500));
    expect(pages[0]).toBe("/ibc/core/channel/v1/channels?pagination.limit=500");
    expect(pages.slice(1).every((path) => /&pagination\.key=[A-Za-z0-9%]+$/.test(path))).toBe(true);
    const ends = snapshot.chains["cosmoshub-4"]!.ends;
    expect(ends).toHaveLength(listed.length);
    expect(ends.every((end) => end.state.value !== "UNKNOWN" && end.client_status.value === "Active")).toBe(true);
  }, 60_000);
});
