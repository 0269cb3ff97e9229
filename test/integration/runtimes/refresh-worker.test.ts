/**
 * The chain-state reader on a Worker (issue 33: "a Worker on a schedule can refresh state too"):
 * a Worker bundled from the built package as Cloudflare bundles one (examples/worker/build.mjs)
 * imports `refreshState` from `fungible-graph/http`, reads two chains' REST endpoints replaying
 * recorded answers on loopback, and answers from the narrowed router, under workerd (Miniflare).
 * What is checked is what the chains said (the recordings): the Hub's channel-184 to akashnet-2
 * with both ends open and active clients carries ATOM to Akash; with the Hub's client Expired it
 * does not, and the snapshot says so, as Node's refresh of the same replays does.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundleWorker } from "../../../examples/worker/build.mjs";
import { replayLcd, type ReplayServer } from "../../../bench/lib/replay-lcd.mjs";
import { ACTIVE, AKASH_END, chainRoutes, EXPIRED, HUB_END, RECORDED_NOW } from "../../support/hub-akash-replay.js";
import { refreshState } from "../../../src/remote/refresh-state.js";
import { shippedRouter } from "../../support/shipped-router.js";
import { missingBuild, ROOT } from "./packed-package.js";

const noBuild = missingBuild();
const NOW = RECORDED_NOW.toISOString();

/** A snapshot as JSON, the replay server's own clock (its latest block is dated when asked) left out. */
const comparable = (snapshot: unknown) => JSON.parse(JSON.stringify(snapshot).replace(/dated \d{4}-[\d\-T:.]+Z/g, "dated <when asked>"));

/** The Worker: refreshes the two chains from ENDPOINTS at NOW, answers the snapshot and where ATOM goes with it. */
const WORKER = `
import { loadRouter, withState } from "fungible-graph";
import { refreshState } from "fungible-graph/http";

const base = await loadRouter();
export default {
  async fetch(_request, env) {
    const { snapshot, learned } = await refreshState({
      registry: base.registry,
      chains: ["cosmoshub-4", "akashnet-2"],
      endpoints: JSON.parse(env.ENDPOINTS),
      registryEndpoints: {},
      retries: 0,
      now: () => new Date(env.NOW),
    });
    const served = withState(base, snapshot);
    const reached = Object.keys(served.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }).dest_assets);
    return Response.json({ learned, snapshot, atomReachesAkash: reached.includes("akashnet-2") });
  },
};
`;

describe.skipIf(noBuild !== undefined)(`refreshState on a Worker under workerd${noBuild ? ` (skipped: ${noBuild})` : ""}`, () => {
  let dir: string;
  let script: string;
  const servers: ReplayServer[] = [];
  const workers: Miniflare[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fg-refresh-worker-"));
    const entry = join(dir, "worker.mjs");
    writeFileSync(entry, WORKER);
    const { code } = await bundleWorker({ entry, packageFrom: ROOT });
    script = join(dir, "bundle.js");
    writeFileSync(script, code);
  }, 300_000);
  afterAll(async () => {
    for (const mf of workers) await mf.dispose();
    await Promise.all(servers.map((server) => server.close()));
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  async function refreshOnWorker(hubStatus: unknown) {
    const hub = await replayLcd("cosmoshub-4", chainRoutes(HUB_END, hubStatus));
    const akash = await replayLcd("akashnet-2", chainRoutes(AKASH_END, ACTIVE));
    servers.push(hub, akash);
    const endpoints = { "cosmoshub-4": [hub.url], "akashnet-2": [akash.url] };
    const mf = new Miniflare({ modules: true, scriptPath: script, modulesRoot: dir, compatibilityDate: "2025-09-01", bindings: { ENDPOINTS: JSON.stringify(endpoints), NOW } });
    workers.push(mf);
    await mf.ready;
    const answer = (await (await mf.dispatchFetch("http://worker.test/")).json()) as { learned: number; snapshot: unknown; atomReachesAkash: boolean };
    // The same replays read by Node: the Worker's snapshot is the one Node writes.
    const onNode = await refreshState({ registry: (await shippedRouter()).registry, chains: ["cosmoshub-4", "akashnet-2"], endpoints, registryEndpoints: {}, retries: 0, now: () => new Date(NOW) });
    return { answer, onNode };
  }

  test("open channels with active clients on both ends: ATOM reaches akashnet-2 over channel-184", async () => {
    const { answer, onNode } = await refreshOnWorker(ACTIVE);
    expect(answer.learned).toBeGreaterThan(0);
    expect(answer.atomReachesAkash).toBe(true);
    expect(comparable(answer.snapshot)).toEqual(comparable(onNode.snapshot));
  }, 120_000);

  test("the Hub's client Expired: the snapshot says so and ATOM does not reach akashnet-2", async () => {
    const { answer, onNode } = await refreshOnWorker(EXPIRED);
    expect(answer.atomReachesAkash).toBe(false);
    expect(JSON.stringify(answer.snapshot)).toContain("Expired");
    expect(comparable(answer.snapshot)).toEqual(comparable(onNode.snapshot));
  }, 120_000);
});
