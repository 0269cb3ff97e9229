/**
 * Two `fungible-graph serve` replicas (the built CLI, shipped mainnet data with an overrides file)
 * behind Debian's nginx with the documented caching configuration (examples/nginx/cdn-cache.conf):
 *  - a bounded Zipf mix of real requests (every default GET the static export holds: each listed
 *    asset's assets_from_source, each chain pair with pairs, the discovery calls) reports the hit
 *    ratio, origin requests per 100k client requests and the 304 rate, and nothing fails;
 *  - a data switch under load (both replicas reload another overrides file, one after the other)
 *    gives zero answers of a mixed version to clients asking with the versioned form: each
 *    answer's version, ETag and bytes are those of the version in its URL, checked against that
 *    version's own handler in this process.
 * The seed varies per run and is printed (FG_FLEET_SEED replays it); FG_FLEET_REQUESTS sets the mix size.
 */
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadReplicas, runSwitch, runZipfMix, startFleet, type Fleet } from "../../../bench/lib/cdn-fleet.mjs";
import { createFetchHandler } from "../../../src/http/handler.js";
import { exportTargets } from "../../../src/export/static-export.js";
import { loadSource } from "../../../src/files/load-source.js";
import type { AssetRouter } from "../../../src/router/router.js";
import { CLI } from "../../cli/run-cli.js";
import { nginxMissing } from "./engines.js";
import { missingTool } from "../../support/required-tool.js";

const missing = missingTool(nginxMissing());
const SEED = Number(process.env.FG_FLEET_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS = Number(process.env.FG_FLEET_REQUESTS ?? 20_000);
const replay = `seed ${SEED} (replay: FG_FLEET_SEED=${SEED})`;

let dir: string;
let overrides: string;
let fleet: Fleet;
let before: AssetRouter;
let after: AssetRouter;
let targets: string[];
// Asked by no one until the data switch is done: then a sure cache miss for each client.
let fresh: string[];

const overridesFor = (symbol: string) => JSON.stringify({ overrides: [{ chain_id: "cosmoshub-4", denom: "uatom", symbol }] });

describe.skipIf(missing !== null)(`two replicas behind nginx${missing === null ? "" : ` (skipped: ${missing})`}`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fg-fleet-"));
    chmodSync(dir, 0o755);
    overrides = join(dir, "overrides.json");
    writeFileSync(join(dir, "before.json"), overridesFor("ATOM"));
    writeFileSync(join(dir, "after.json"), overridesFor("ATOMX"));
    writeFileSync(overrides, overridesFor("ATOM"));
    before = await loadSource({ overrides: join(dir, "before.json") });
    after = await loadSource({ overrides: join(dir, "after.json") });
    const all = exportTargets(before);
    targets = all.slice(0, -16);
    fresh = all.slice(-16);
    fleet = await startFleet({ cli: CLI, dataArgs: ["--overrides", overrides] });
  }, 180_000);

  afterAll(async () => {
    await fleet?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves a Zipf mix of real requests from its cache: hit ratio, origin requests per 100k, 304 rate", async () => {
    const result = await runZipfMix({ url: fleet.url, targets, count: REQUESTS, seed: SEED, originRequests: fleet.originRequests });
    const report = {
      seed: SEED,
      requests: result.requests,
      distinct_targets: result.distinctTargets,
      hit_ratio: Number(result.hitRatio.toFixed(4)),
      origin_requests: result.origin,
      origin_per_100k: Math.round(result.originPer100k),
      rate_304: Number(result.rate304.toFixed(4)),
      cache: result.cache,
      statuses: result.statuses,
      origin_statuses: fleet.originStatuses(),
      seconds: Number((result.ms / 1000).toFixed(1)),
    };
    console.log(`fleet Zipf mix: ${JSON.stringify(report)}`);
    expect(result.errors, `${replay} ${result.examples.join("; ")}`).toBe(0);
    expect(result.requests).toBe(REQUESTS);
    expect(Object.keys(result.statuses).sort(), replay).toEqual(["200", "304"]);
    // Every origin request is a miss of the cache (or a pinned client's first look): never more
    // than the client requests that were not hits, and at least one per distinct URL asked.
    const notHits = result.requests - (result.cache.HIT ?? 0) - (result.cache.STALE ?? 0) - (result.cache.UPDATING ?? 0);
    expect(result.origin, replay).toBeLessThanOrEqual(notHits);
    expect(result.origin, replay).toBeGreaterThan(0);
    expect(result.hitRatio, replay).toBeGreaterThan(0);
    expect(result.rate304, replay).toBeGreaterThan(0);
  }, 300_000);

  it("switches data under load with zero answers of a mixed version on versioned URLs", async () => {
    expect(after.dataVersion).not.toBe(before.dataVersion);
    const handlers = new Map([before, after].map((router) => [router.dataVersion, createFetchHandler(router)]));
    const memo = new Map<string, Promise<string | undefined>>();
    const expected = (version: string, target: string) => {
      const key = `${version} ${target}`;
      let hash = memo.get(key);
      if (hash === undefined) {
        const handler = handlers.get(version);
        hash = handler === undefined ? Promise.resolve("no handler for this version") : handler(new Request(`http://oracle${target}`)).then(async (response) => createHash("sha256").update(Buffer.from(await response.arrayBuffer())).digest("hex"));
        memo.set(key, hash);
      }
      return hash;
    };
    // The most asked targets, and the one the overrides change (its bytes differ between versions).
    const changed = "/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1";
    const mix = [changed, ...targets.slice(0, 300)];
    const switchCount = Math.max(2_000, Math.round(REQUESTS / 4));
    let changes: { from: string; to: string }[] = [];
    const result = await runSwitch({
      url: fleet.url,
      targets: mix,
      fresh,
      count: switchCount,
      seed: SEED + 1,
      switchAfter: Math.round(switchCount / 3),
      doSwitch: async () => {
        writeFileSync(overrides, overridesFor("ATOMX"));
        changes = await reloadReplicas(fleet.replicas);
      },
      expected,
    });
    console.log(`fleet data switch: ${JSON.stringify({ ...result, examples: undefined, changes })}`);
    expect(result.switched).toBe(true);
    expect(changes).toEqual([
      { from: before.dataVersion, to: after.dataVersion },
      { from: before.dataVersion, to: after.dataVersion },
    ]);
    expect(result.mixed, `${replay} ${result.examples.join("; ")}`).toBe(0);
    expect(result.errors, `${replay} ${result.examples.join("; ")}`).toBe(0);
    // Both versions were read through the versioned form, and clients moved on by the 404's word.
    expect(Object.keys(result.versions).sort()).toEqual([before.dataVersion, after.dataVersion].sort());
    expect(result.repins).toBeGreaterThan(0);
    expect(await expected(before.dataVersion, changed)).not.toBe(await expected(after.dataVersion, changed));
  }, 300_000);
});
