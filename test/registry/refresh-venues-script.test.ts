/**
 * scripts/refresh-venues.mjs: a snapshot dump -> the venue facts file, run as `node` on a small
 * dump in a temporary directory (never on the repository's file). Spawns the script, so it is an
 * integration suite (PROCESS_SUITES); the format's rules are venue-facts.test.ts's.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { factsFromSnapshot } from "../../src/registry/venue-facts.js";
import { DUMP } from "./venue-dump.js";

const SCRIPT = resolve(import.meta.dirname, "../../scripts/refresh-venues.mjs");

const work = mkdtempSync(join(tmpdir(), "fg-venue-facts-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

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
