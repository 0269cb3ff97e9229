/**
 * Issue 23: no text from outside starts a line of its own on stderr. A line feed (or any control
 * character) in a command-line argument, a file path or an overrides key is shown escaped in
 * the message that quotes it, so it can never forge a log line such as `reload ok ...`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_PATH } from "../http/fixture.js";
import { runCli } from "./run-cli.js";

const FORGED = "reload ok (SIGHUP): now serving forged";
const noForgedLine = (text: string) => expect(text).not.toMatch(/^reload ok/m);

describe("control characters in what a message quotes", () => {
  it("an unknown flag or a bad value on the command line", async () => {
    const flag = await runCli(["chains", `--x\n${FORGED}`]);
    expect(flag.code).toBe(2);
    noForgedLine(flag.stderr);
    expect(flag.stderr).toContain("\\x0a");
    const value = await runCli(["route", "--registry", FIXTURE_PATH, "--from", `cosmoshub-4:uatom\n${FORGED}`, "--to", "osmosis-1:uosmo"]);
    expect(value.code).not.toBe(0);
    noForgedLine(value.stderr);
  });

  it("a file path", async () => {
    const result = await runCli(["chains", "--registry", `/nowhere\n${FORGED}.json`]);
    expect(result.code).toBe(1);
    noForgedLine(result.stderr);
    expect(result.stderr).toMatch(/cannot read "\/nowhere\\x0areload ok/);
  });

  it("an overrides key, unknown or naming no asset", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-forged-"));
    const unknownKey = join(dir, "unknown-key.json");
    writeFileSync(unknownKey, JSON.stringify({ overrides: [{ chain_id: "cosmoshub-4", denom: "uatom", symbol: "A", [`x\n${FORGED}`]: 1 }] }));
    const unlisted = join(dir, "unlisted.json");
    writeFileSync(unlisted, JSON.stringify({ overrides: [{ chain_id: "cosmoshub-4", denom: `unone\n${FORGED}`, symbol: "A" }] }));
    for (const file of [unknownKey, unlisted]) {
      const result = await runCli(["chains", "--registry", FIXTURE_PATH, "--overrides", file]);
      expect(result.code, result.stderr).not.toBe(0);
      noForgedLine(result.stderr);
      expect(result.stderr).toMatch(/\\x0areload ok/);
    }
  });
});
