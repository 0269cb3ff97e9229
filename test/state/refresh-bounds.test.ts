/**
 * The refresh's bounds, whoever implements them (p-limit and p-retry since issue 24's review):
 * at most `perHost` requests in flight per host and `concurrency` chains at once, retries of what
 * may pass only, each after a doubled backoff, and the host's slot not held while a retry waits.
 * Observed through the `fetch` the options take: what is in flight, and when each attempt starts.
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { AssetRouter } from "../../src/index.js";
import { lcdGetter } from "../../src/remote/lcd-fetch.js";
import { refreshState } from "../../src/remote/refresh-state.js";
import { shippedRouter } from "../support/shipped-router.js";
import { wasmClientState } from "../../bench/lib/replay-lcd.mjs";

let mainnet: AssetRouter;
beforeAll(async () => {
  mainnet = await shippedRouter();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fetch answering `answer(url)` after `delayMs`, counting requests in flight overall and per host. */
function countingFetch(answer: (url: string) => Response, delayMs: number) {
  const now = new Map<string, number>();
  const most = new Map<string, number>();
  let overall = 0;
  let mostOverall = 0;
  const started: { url: string; at: number }[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = String(input);
    const host = new URL(url).host;
    started.push({ url, at: performance.now() });
    now.set(host, (now.get(host) ?? 0) + 1);
    most.set(host, Math.max(most.get(host) ?? 0, now.get(host)!));
    mostOverall = Math.max(mostOverall, ++overall);
    try {
      await sleep(delayMs);
      return answer(url);
    } finally {
      now.set(host, now.get(host)! - 1);
      overall--;
    }
  };
  return { fetch: fetch as typeof globalThis.fetch, most, mostOverall: () => mostOverall, started };
}

describe("lcdGetter's bounds", () => {
  test("at most perHost requests in flight per host, hosts independent of each other", async () => {
    const probe = countingFetch(() => json({ ok: true }), 30);
    const get = lcdGetter({ perHost: 2, fetch: probe.fetch });
    await Promise.all([...Array.from({ length: 8 }, (_, i) => get(`http://a.test/${i}`)), ...Array.from({ length: 8 }, (_, i) => get(`http://b.test/${i}`))]);
    expect(probe.most.get("a.test")).toBe(2);
    expect(probe.most.get("b.test")).toBe(2);
    expect(probe.mostOverall()).toBe(4);
  });

  test("a retryable failure is retried after a doubled backoff; a 404, junk or a redirect elsewhere are not", async () => {
    const failing = countingFetch((url) => (url.endsWith("/busy") ? json({}, 503) : url.endsWith("/gone") ? json({}, 404) : url.endsWith("/junk") ? new Response("<html>") : new Response(null, { status: 302, headers: { location: "http://elsewhere.test/" } })), 0);
    const get = lcdGetter({ retries: 2, backoffMs: 100, fetch: failing.fetch });
    await expect(get("http://a.test/busy")).rejects.toMatchObject({ kind: "http", status: 503 });
    const times = failing.started.map((s) => s.at);
    expect(times).toHaveLength(3);
    // Timers fire late, never early (a millisecond of rounding allowed).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(99);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(199);
    for (const [path, kind] of [["gone", "http"], ["junk", "malformed"], ["moved", "redirect"]] as const) {
      failing.started.length = 0;
      await expect(get(`http://a.test/${path}`)).rejects.toMatchObject({ kind });
      expect(failing.started, path).toHaveLength(1);
    }
  });

  test("a retry waiting out its backoff holds no slot of its host", async () => {
    let first = true;
    const probe = countingFetch((url) => {
      if (url.endsWith("/flaky") && first) {
        first = false;
        return json({}, 503);
      }
      return json({ ok: true });
    }, 10);
    const get = lcdGetter({ perHost: 1, retries: 1, backoffMs: 300, fetch: probe.fetch });
    const flaky = get("http://a.test/flaky");
    await sleep(30);
    const t0 = performance.now();
    await get("http://a.test/other");
    // Answered while the flaky request waits its 300 ms, not after it.
    expect(performance.now() - t0).toBeLessThan(250);
    await expect(flaky).resolves.toEqual({ ok: true });
  });
});

describe("refreshState's bound on chains", () => {
  test("at most `concurrency` chains read at once, each on its own host", async () => {
    const chains = ["cosmoshub-4", "osmosis-1", "noble-1", "neutron-1", "akashnet-2", "juno-1"];
    const hostOf = (url: string) => new URL(url).hostname.replace(/\.test$/, "");
    // Every node answers its chain id, an empty channel list, and its chain-wide facts (transfers on, a
    // block a minute old, no modules, no rate-limit route: 404): seven requests a chain, one at a time.
    // The Hub also answers for the IBC v2 client of its Eureka links (status, then client state): two more.
    const answer = (url: string) => {
      if (url.includes("client_status/")) return json({ status: "Active" });
      if (url.includes("client_states/")) return json(wasmClientState());
      if (url.includes("node_info")) return json({ default_node_info: { network: hostOf(url) } });
      if (url.includes("/channels")) return json({ channels: [], pagination: { next_key: null } });
      if (url.includes("transfer/v1/params")) return json({ params: { send_enabled: true, receive_enabled: true } });
      if (url.includes("blocks/latest")) return json({ block: { header: { time: new Date(Date.now() - 60_000).toISOString() } } });
      if (url.includes("module_versions")) return json({ module_versions: [] });
      return json({ code: 5, message: "not found" }, 404);
    };
    const probe = countingFetch(answer, 40);
    const endpoints = Object.fromEntries(chains.map((id) => [id, [`http://${id}.test`]]));
    const { chains: report } = await refreshState({ registry: mainnet.registry, chains, endpoints, registryEndpoints: {}, concurrency: 2, fetch: probe.fetch });
    expect(report.map((chain) => chain.errors)).toEqual(chains.map(() => []));
    expect(probe.started).toHaveLength(7 * chains.length + 2);
    expect(probe.mostOverall()).toBe(2);
  });
});
