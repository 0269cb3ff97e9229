/**
 * Issue 34 item 5: a failed read never erases a known fact. A refresh whose endpoints all fail
 * (a body over the limit, a node naming another chain) keeps the previous snapshot's facts with
 * their own dates and says which chains it could not read; a channel the previous snapshot knew
 * closed stays out of the routes. A previous fact dated in the future is refused; a /1 snapshot
 * reads as /2 with every chain-wide fact unknown; a channel listing cut at the page limit is
 * recorded as incomplete. Properties of the merge by fast-check. The CLI's exit codes around it:
 * keep-known-cli.test.ts (it runs the built command: an integration suite).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { parseState, withState, type AssetRouter } from "../../src/index.js";
import { refreshState } from "../../src/remote/refresh-state.js";
import { keepKnownFacts } from "../../src/state/merge.js";
import { unreadChain, type ChainState } from "../../src/state/format.js";
import { shippedRouter } from "../support/shipped-router.js";
import { replayServers } from "../support/replay-servers.js";
import { snapshot } from "./snapshots.js";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});
const serve = replayServers();

const BEFORE = "2026-11-20T12:00:00.000Z";
const NOW = new Date("2026-11-26T12:00:00.000Z");
const ATOM = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", allow_multi_tx: true } as const;
const fast = { retries: 0, timeoutMs: 1_000, maxBodyBytes: 16 * 1024, registryEndpoints: {}, now: () => NOW };

describe("a refresh that cannot read keeps what was known", () => {
  test("every endpoint fails (an endless body, another chain id): the closed channel stays closed, dated as before", async () => {
    const previous = parseState(snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED", readAt: BEFORE, source: "https://old.example/channels" }], BEFORE));
    expect(withState(mainnet, previous).assetsFromSource(ATOM).dest_assets["osmosis-1"]).toBeUndefined();
    const endless = await serve("cosmoshub-4", { "/cosmos/base/tendermint/v1beta1/node_info": { fault: "endless" } });
    const liar = await serve("theta-testnet-001", {});
    const result = await refreshState({ ...fast, registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: { "cosmoshub-4": [endless.url, liar.url] }, previous });
    expect(result.learned).toBe(0);
    expect(result.unread).toEqual(["cosmoshub-4"]);
    const end = result.snapshot.chains["cosmoshub-4"]!.ends.find((e) => e.channel_id === "channel-141")!;
    expect(end.state).toEqual({ value: "CLOSED", read_at: BEFORE, source: "https://old.example/channels" });
    expect(result.chains[0]!.kept).toBeGreaterThan(0);
    expect(withState(mainnet, result.snapshot).assetsFromSource(ATOM).dest_assets["osmosis-1"]).toBeUndefined();
  });

  test("a previous fact dated in the future is refused, not kept", () => {
    const future = parseState(snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "OPEN", status: "Active", readAt: "2027-01-01T00:00:00Z" }], BEFORE)).chains["cosmoshub-4"]!;
    const fresh: ChainState = { ...unreadChain(["unreachable"]), ends: future.ends.map((end) => ({ ...end, state: { value: "UNKNOWN", read_at: null, source: null }, client_status: { value: "Unknown", read_at: null, source: null } })) };
    const merged = keepKnownFacts(fresh, future, NOW.getTime());
    expect(merged.refused).toBe(2);
    expect(merged.chain.ends[0]!.state).toEqual({ value: "UNKNOWN", read_at: null, source: null });
  });

  test("property: a fact read now wins; one not read keeps the previous one (when not in the future); nothing dated is ever lost for nothing", () => {
    const instant = fc.integer({ min: Date.parse("2020-01-01"), max: Date.parse("2030-01-01") }).map((ms) => new Date(ms).toISOString());
    const fact = fc.option(fc.record({ value: fc.constantFrom("OPEN", "CLOSED"), read_at: instant, source: fc.constant("s") }), { nil: undefined });
    fc.assert(
      fc.property(fact, fact, (now, before) => {
        const unknown = { value: "UNKNOWN" as const, read_at: null, source: null };
        const end = (f: typeof now) => ({ ...parseState(snapshot([{ chain: "a-1", channel: "channel-0" }])).chains["a-1"]!.ends[0]!, state: f === undefined ? unknown : (f as never) });
        const chain = (f: typeof now): ChainState => ({ ...unreadChain(), ends: [end(f)] });
        const merged = keepKnownFacts(chain(now), chain(before), NOW.getTime()).chain.ends[0]!.state;
        const ok = (f: typeof now) => f !== undefined && Date.parse(f.read_at) <= NOW.getTime() + 60_000;
        expect(merged).toEqual(ok(now) ? now : ok(before) ? before : unknown);
      }),
    );
  });
});

describe("formats and listings", () => {
  test("a fungible-graph-state/1 snapshot reads as /2, every chain-wide fact unknown", () => {
    const v1 = { ...snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED" }]), format: "fungible-graph-state/1" as const };
    const read = parseState(v1);
    expect(read.format).toBe("fungible-graph-state/2");
    expect(read.chains["cosmoshub-4"]).toMatchObject({ transfer: { value: null, read_at: null }, latest_block_time: { value: null }, rate_limits: { value: null }, packet_forward: { value: "unknown" }, channels_complete: { value: null }, eureka_clients: [] });
    expect(() => parseState({ ...v1, format: "fungible-graph-state/3" })).toThrow(/is not fungible-graph-state\/2/);
  });

  test("a node whose channel list never ends is read to the page limit and recorded as incomplete", async () => {
    const page = { channels: [], pagination: { next_key: "bW9yZQ==", total: "0" } };
    const hub = await serve("cosmoshub-4", { "/ibc/core/channel/v1/channels": { body: page } });
    const { snapshot: read, chains } = await refreshState({ ...fast, registry: mainnet.registry, chains: ["cosmoshub-4"], endpoints: { "cosmoshub-4": [hub.url] } });
    expect(hub.requests.filter((path) => path.startsWith("/ibc/core/channel/v1/channels"))).toHaveLength(40);
    expect(read.chains["cosmoshub-4"]!.channels_complete).toMatchObject({ value: false });
    expect(chains[0]!.errors.join("\n")).toContain("recorded as incomplete");
  });
});
