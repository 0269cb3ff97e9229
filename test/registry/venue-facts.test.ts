/**
 * The venue facts format and its refresh: a snapshot dump -> src/registry/data/swap-venues.json,
 * by `factsFromSnapshot` and by scripts/refresh-venues.mjs around it (run here on a small dump in a
 * temporary directory, never on the repository's file).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { factsFromSnapshot, parseVenueFacts } from "../../src/registry/venue-facts.js";
import { failure } from "../support/failure.js";

const SCRIPT = resolve(import.meta.dirname, "../../scripts/refresh-venues.mjs");
const SOURCE = "example-org/pools, pools.json at commit 0123abc (2025-01-31), MIT: a pool listing";
const ASTRO_CW20 = "terra17aj4ty4sz4yhgm08na8drc0v03v2jwr3waxcqrwhajj729zhl7zqnpc0ml";

const DUMP = {
  about: "a test snapshot",
  venues: [
    {
      name: "pools",
      chain_id: "osmosis-1",
      source: SOURCE,
      denoms: [{ denom: "uosmo", pool_count: 12 }, '"admin": "osmo1xyz"}', { denom: "uion", liquidity_usd: 5 }, "ibc/4ABB]", ASTRO_CW20],
    },
  ],
};

const work = mkdtempSync(join(tmpdir(), "fg-venue-facts-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("factsFromSnapshot", () => {
  it("keeps name, chain, source verbatim, the date it names, and the denoms as plain strings", () => {
    const { facts, dropped } = factsFromSnapshot(DUMP);
    expect(facts.venues).toEqual([{ name: "pools", chain_id: "osmosis-1", source: SOURCE, as_of: "2025-01-31", denoms: ["uosmo", "uion", ASTRO_CW20] }]);
    expect(dropped).toEqual([
      { venue: "pools", denom: '"admin": "osmo1xyz"}' },
      { venue: "pools", denom: "ibc/4ABB]" },
    ]);
    expect(facts.about).toContain("scripts/refresh-venues.mjs");
  });

  it("refuses a venue whose source names no date, and a dump that is no venues file", () => {
    const undated = failure(() => factsFromSnapshot({ venues: [{ ...DUMP.venues[0], source: "somewhere, some day" }] }));
    expect(undated).toMatchObject({ code: "invalid_venues" });
    expect(undated.details.map((d) => d.path.join("."))).toContain("venues.0.as_of");
    expect(failure(() => factsFromSnapshot({ pools: [] })).details[0]!.path).toEqual(["venues"]);
  });
});

describe("parseVenueFacts", () => {
  it("reports a date the source does not name, a missing source and an extra field, each with its path", () => {
    const error = failure(() =>
      parseVenueFacts({
        about: "x",
        venues: [
          { name: "a", chain_id: "osmosis-1", source: SOURCE, as_of: "2025-02-01", denoms: ["uosmo", "uion"] },
          { name: "b", chain_id: "osmosis-1", as_of: "2025-01-31", denoms: ["uosmo", "uion"] },
          { name: "c", chain_id: "osmosis-1", source: SOURCE, as_of: "2025-01-31", denoms: [], liquidity: 1 },
        ],
      }),
    );
    expect(error.details.map((d) => d.path.join("."))).toEqual(expect.arrayContaining(["venues.0.as_of", "venues.1.source", "venues.2"]));
  });
});

describe("scripts/refresh-venues.mjs", () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8", timeout: 60_000 });

  it("writes the facts of a dump, saying what it left out", () => {
    const dump = join(work, "dump.json");
    const out = join(work, "facts.json");
    writeFileSync(dump, JSON.stringify(DUMP));
    const result = run(dump, out);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(factsFromSnapshot(DUMP).facts);
    expect(result.stderr).toContain('pools: left out "ibc/4ABB]"');
    expect(result.stderr).toContain("pools 3 denoms");
  });

  it("fails with a message, writing nothing, on a bad dump or a bad call", () => {
    const bad = join(work, "bad.json");
    const out = join(work, "never.json");
    writeFileSync(bad, JSON.stringify({ venues: [{ name: "x", chain_id: "y", source: "no date", denoms: ["a", "b"] }] }));
    const invalid = run(bad, out);
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain("as_of");
    const notJson = run(SCRIPT, out);
    expect(notJson.status).toBe(1);
    expect(notJson.stderr).toContain("as JSON");
    expect(() => readFileSync(out)).toThrow();
    expect(run().status).toBe(2);
  });
});
