/**
 * The checks a server (and `serve`) runs on data before serving it (at start and on every reload): known
 * questions answered with schema-valid, well-placed answers; a compiled dataset answering them
 * byte for byte alike; and /health's provenance (the files' names and content hashes, the same
 * before and after a reload).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadServedGraph, prepareDataset } from "../../src/node/served-graph.js";
import { checkGraph, probesOf } from "../../src/router/known-questions.js";
import { resolveSource } from "../../src/router/source.js";
import { loadRegistryFile } from "../../src/files/load-registry-file.js";
import type { AssetRouter } from "../../src/index.js";
import { compileDataset } from "../../src/index.js";
import { FIXTURE_PATH, fixtureGraph } from "../http/fixture.js";

const dir = mkdtempSync(join(tmpdir(), "fg-serve-source-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture graph with one query's answer replaced. */
function tampered(overrides: Partial<Pick<AssetRouter, "assetsFromSource" | "assetsBetweenChains">>): AssetRouter {
  const router = fixtureGraph();
  return new Proxy(router, {
    get(target, key) {
      if (key in overrides) return overrides[key as keyof typeof overrides];
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe("known questions", () => {
  it("accepts the fixture: its probes reach other chains, so between-chain questions are asked too", () => {
    const router = fixtureGraph();
    expect(() => checkGraph("serve", undefined, router, [])).not.toThrow();
    const reached = probesOf(router).some((probe) => Object.keys(router.assetsFromSource({ source_asset_denom: probe.denom, source_asset_chain_id: probe.chain_id }).dest_assets).length > 0);
    expect(reached).toBe(true);
  });

  it("refuses an answer that does not pass the response schema", () => {
    const router = tampered({ assetsFromSource: () => ({ dest_assets: { "osmosis-1": { assets: [{ denom: 5 }] } } }) as never });
    expect(() => checkGraph("serve", undefined, router, [])).toThrow(/fails a known query \(assets_from_source .*\)/);
  });

  it("refuses an asset listed under another chain than its own", () => {
    const real = fixtureGraph().assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
    const [chain, entry] = Object.entries(real.dest_assets)[0]!;
    const moved = { dest_assets: { ...real.dest_assets, "not-its-chain": entry } };
    expect(chain).not.toBe("not-its-chain");
    const router = tampered({ assetsFromSource: () => moved as never });
    expect(() => checkGraph("serve", undefined, router, [])).toThrow(/is listed under not-its-chain/);
  });

  it("refuses a between-chains answer with a pair from the wrong chain", () => {
    const router = fixtureGraph();
    const wrong = tampered({
      assetsBetweenChains: (request) => {
        const answer = router.assetsBetweenChains(request);
        const pair = router.assetsBetweenChains({ source_chain_id: "osmosis-1", dest_chain_id: "cosmoshub-4" }).assets_between_chains[0]!;
        return { assets_between_chains: [...answer.assets_between_chains, pair] };
      },
    });
    expect(() => checkGraph("serve", undefined, wrong, [])).toThrow(/fails a known query \(assets_between_chains .*\): a pair from/);
  });

  it("asks each asset once: the served data's probes that the new data's own probes repeat are not asked again", () => {
    const router = fixtureGraph();
    let asked = 0;
    const counted = tampered({ assetsFromSource: (request) => (asked++, router.assetsFromSource(request)) });
    checkGraph("serve", undefined, counted, []);
    const alone = asked;
    asked = 0;
    checkGraph("serve", undefined, counted, probesOf(router));
    expect(alone).toBeGreaterThan(0);
    expect(asked).toBe(alone);
    // A served asset the new data's probes do not name is still asked.
    const other = router.registry.assets.find((asset) => asset.trace === "" && !probesOf(router).some((p) => p.chain_id === asset.chain_id && p.denom === asset.denom))!;
    asked = 0;
    checkGraph("serve", undefined, counted, [{ chain_id: other.chain_id, denom: other.denom }]);
    expect(asked).toBeGreaterThan(alone);
  });
});

describe("a registry file", () => {
  it("is checked once: the router serves the very registry the file's read checked (no second parse); junk is still refused", async () => {
    const registry = await loadRegistryFile(FIXTURE_PATH);
    const router = await resolveSource({ kind: "registry", registry }, {}, "serve");
    expect(router.registry).toBe(registry);
    const junk = resolveSource({ kind: "registry", registry: { chains: 5 } }, {}, "serve");
    await expect(junk).rejects.toMatchObject({ code: "invalid_registry" });
  });
});

describe("provenance of a served file", () => {
  const hashOf = (file: string) => `sha256:${createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 32)}`;

  it("names the file and its content hash, and reads the same at start and after a reload (no compile time of serve's own)", async () => {
    const file = join(dir, "registry.json");
    writeFileSync(file, readFileSync(FIXTURE_PATH));
    const atStart = await loadServedGraph("serve", { registry: file });
    expect(atStart.provenance).toEqual({ source: "registry", files: [{ flag: "registry", name: "registry.json", hash: hashOf(file) }] });
    const reloaded = await prepareDataset({ command: "serve", source: { registry: file }, currentVersion: null, probes: [] });
    expect(reloaded.kind).toBe("ready");
    expect(reloaded.kind === "ready" && reloaded.provenance).toEqual(atStart.provenance);
  });

  it("keeps a dataset's own compile time, at start and after a reload", async () => {
    const file = join(dir, "dataset.json");
    writeFileSync(file, compileDataset(fixtureGraph(), { compiledAt: "2025-05-05T00:00:00.000Z" }));
    const atStart = await loadServedGraph("serve", { dataset: file });
    expect(atStart.provenance).toMatchObject({ compiled_at: "2025-05-05T00:00:00.000Z", files: [{ flag: "dataset", name: "dataset.json", hash: hashOf(file) }] });
    const reloaded = await prepareDataset({ command: "serve", source: { dataset: file }, currentVersion: null, probes: [] });
    expect(reloaded.kind === "ready" && reloaded.provenance).toEqual(atStart.provenance);
  });
});
