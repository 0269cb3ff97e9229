/**
 * `fungible-graph export` (the built CLI) on the HTTP fixture registry: it exports exactly the
 * default GET answers the library says exist (every listed asset's assets_from_source, every chain
 * pair with pairs, the discovery calls), and every file is byte for byte what the live handler
 * (with the Node server's compressor) sends for the same request, in every encoding and for every
 * spelling the nginx maps send to it; the maps and manifest agree with the files. Serving the
 * export with nginx is test/integration/fleet/static-export.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createService } from "../../src/http/handler.js";
import { spellingsOf } from "../../src/export/static-export.js";
import { versionedTarget } from "../../src/http/versioned.js";
import { nodeCompressor } from "../../src/node/compressor.js";
import { FIXTURE_PATH, fixtureGraph } from "../http/fixture.js";
import { runCli } from "./run-cli.js";

interface Manifest {
  format: string;
  data_version: string;
  headers: Record<string, string>;
  answers: { target: string; file: string; etag: string; vary: string | null; encodings: string[] }[];
  skipped: unknown[];
}

const dir = mkdtempSync(join(tmpdir(), "fg-export-"));
const out = join(dir, "export");
let manifest: Manifest;
let summary: { answers: number; files: number; data_version: string };
const live = createService(fixtureGraph(), { compressor: nodeCompressor });
const ask = (target: string, encoding: string | null) =>
  live.fetch(new Request(`http://fungible.test${target}`, { headers: encoding === null ? {} : { "accept-encoding": encoding } }));

beforeAll(async () => {
  const result = await runCli(["export", "--registry", FIXTURE_PATH, "--out", out, "--json"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  summary = JSON.parse(result.stdout);
  manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("fungible-graph export", () => {
  it("exports the default GET answers the library says exist, and nothing else", () => {
    const graph = fixtureGraph();
    const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { assets: { chain_id: string; denom: string }[] };
    const fromSource = registry.assets.map((asset) => `${asset.chain_id} ${asset.denom}`).sort();
    const pairs: string[] = [];
    for (const source of graph.chainIds()) {
      for (const dest of graph.chainIds()) {
        if (source !== dest && graph.assetsBetweenChains({ source_chain_id: source, dest_chain_id: dest }).assets_between_chains.length > 0) pairs.push(`${source} ${dest}`);
      }
    }
    const exported = manifest.answers.map((answer) => new URL(answer.target, "http://x"));
    const of = (path: string, a: string, b: string) =>
      exported.filter((url) => url.pathname === path).map((url) => `${url.searchParams.get(a)} ${url.searchParams.get(b)}`).sort();
    expect(new Set(of("/v2/fungible/assets_from_source", "source_asset_chain_id", "source_asset_denom"))).toEqual(new Set(fromSource));
    expect(of("/v2/fungible/assets_between_chains", "source_chain_id", "dest_chain_id")).toEqual(pairs.sort());
    expect(pairs.length).toBeGreaterThan(3);
    const discovery = exported.filter((url) => url.search === "").map((url) => url.pathname).sort();
    expect(discovery).toEqual(["/fungible-graph/v1/chains", "/openapi.json", "/v2/fungible/assets", "/v2/fungible/venues", "/v2/info/bridges", "/v2/info/chains"]);
    expect(manifest.skipped).toEqual([]);
    expect(summary.answers).toBe(manifest.answers.length);
    expect(summary.data_version).toBe(graph.dataVersion);
    expect(manifest.data_version).toBe(graph.dataVersion);
  });

  it("writes every answer, in every encoding and for every mapped spelling, as the live handler sends it", async () => {
    let compared = 0;
    for (const answer of manifest.answers) {
      const identity = readFileSync(join(out, "files", answer.file));
      for (const spelling of spellingsOf(answer.target)) {
        for (const target of [spelling, versionedTarget(manifest.data_version, spelling)]) {
          for (const encoding of [null, "gzip", "br", "gzip, deflate, br"]) {
            const response = await ask(target, encoding);
            expect(response.status, target).toBe(200);
            const used = response.headers.get("content-encoding");
            const file = used === null ? identity : readFileSync(join(out, "files", answer.file + (used === "br" ? ".br" : ".gz")));
            expect(Buffer.from(await response.arrayBuffer()).equals(file), `${target} ${encoding}`).toBe(true);
            expect(response.headers.get("etag")).toBe(answer.etag);
            expect(response.headers.get("vary")).toBe(answer.vary);
            expect(response.headers.get("content-length")).toBe(String(file.byteLength));
            for (const [name, value] of Object.entries(manifest.headers)) {
              if (name !== "cache-control") expect(response.headers.get(name), `${target} ${name}`).toBe(value);
            }
            compared += 1;
          }
        }
      }
      // Small answers are not compressed by the handler, so the export has no .gz/.br for them.
      expect(existsSync(join(out, "files", `${answer.file}.gz`))).toBe(answer.encodings.includes("gzip"));
    }
    expect(compared).toBeGreaterThan(manifest.answers.length * 8);
  }, 120_000);

  it("writes nginx maps naming every spelling, both forms, and each file's ETag", () => {
    const maps = readFileSync(join(out, "nginx-maps.conf"), "utf8");
    expect(maps).toContain(`map "" $fungible_graph_version { default '${manifest.data_version}'; }`);
    for (const answer of manifest.answers) {
      for (const spelling of spellingsOf(answer.target)) {
        // Each entry names the exact target it is for: nginx's map look-up ignores case, the configuration's check does not.
        for (const target of [spelling, versionedTarget(manifest.data_version, spelling)]) expect(maps).toContain(`    '${target}' '${answer.file}|${target}';\n`);
      }
      expect(maps).toContain(`    '${answer.file}' '${answer.etag}';\n`);
    }
  });

  it("refuses a missing --out and a directory that is not empty, writing nothing", async () => {
    const missing = await runCli(["export", "--registry", FIXTURE_PATH]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--out DIR is required/);
    const full = join(dir, "full");
    mkdirSync(full);
    writeFileSync(join(full, "keep.txt"), "mine");
    const refused = await runCli(["export", "--registry", FIXTURE_PATH, "--out", full]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is not empty/);
    expect(readFileSync(join(full, "keep.txt"), "utf8")).toBe("mine");
  });
});
