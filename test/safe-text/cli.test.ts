/**
 * The built CLI on the hostile registry (fixtures/hostile-registry.json): no output of any
 * command carries a raw control, bidi or invisible character (escape sequences, OSC 8 links,
 * forged rows), JSON output parses to the registry's exact text, a registry whose ids cannot be
 * written as <chain_id>:<denom> is refused with its path, and a refused reload cannot forge a
 * `reload ok` line in the server log. Run with FG_DIST set to a private build, or after a build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runCli, startServe, type CliResult } from "../cli/run-cli.js";
import { xmlParserMissing, xmlWellFormed } from "./xml.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

const HOSTILE_FILE = new URL("../../fixtures/hostile-registry.json", import.meta.url).pathname;
const hostile = () => JSON.parse(readFileSync(HOSTILE_FILE, "utf8")) as {
  chains: { chain_id: string; chain_name?: string; pretty_name?: string }[];
  assets: { chain_id: string; denom: string; symbol?: string; name?: string }[];
};
const registry = ["--registry", HOSTILE_FILE];
const dir = mkdtempSync(join(tmpdir(), "fg-safetext-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a terminal acts on: C0 but LF, DEL, C1, bidi controls, zero-width characters and BOM, U+FFFE. */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\ufffe]/;

function expectClean(result: CliResult): void {
  expect(result.stdout).not.toMatch(RAW);
  expect(result.stderr).not.toMatch(RAW);
  expect(`${result.stdout}\n${result.stderr}`).not.toMatch(/^reload ok|^hub-1 +uhub +FORGED/m);
}

const onDex = (denom: string) => `dex-1:${oracleIbcDenom("transfer/channel-7", denom)}`;

describe("text output", () => {
  test.each([
    ["chains", ["chains"]],
    ["assets", ["assets", "hub-1"]],
    ["assets of dex-1 (a symbol with CR LF and a forged row)", ["assets", "dex-1"]],
    ["route", ["route", "hub-1:uhub", onDex("uhub")]],
    ["route with a swap on a venue named with ESC", ["route", "hub-1:uhub", "hub-1:ucoin", "--include-swaps"]],
    ["route as Mermaid", ["route", "hub-1:ucoin", onDex("ucoin"), "--format", "mermaid"]],
    ["route as DOT", ["route", "hub-1:factory/hub1:hostile", onDex("factory/hub1:hostile"), "--format", "dot"]],
    ["why (an INACTIVE channel)", ["why", "hub-1:uhub", "side-1"]],
    ["why from the forged-row symbol", ["why", "dex-1:udex", "side-1"]],
    ["from-source", ["from-source", "hub-1:uzw"]],
    ["between", ["between", "hub-1", "dex-1"]],
    ["validate", ["validate"]],
  ])("%s: no raw control, bidi or invisible character", async (_, args) => {
    const result = await runCli([...args, ...registry]);
    expect(result.stderr).not.toMatch(/internal error/);
    expectClean(result);
  });

  test("chains: one row per chain, the newline in a name shown as \\x0a", async () => {
    const result = await runCli(["chains", "--wide", ...registry]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(1 + 3 + 2);
    expect(result.stdout).toContain("dex\\x0areload ok (SIGHUP): now serving forged");
    expect(result.stdout).toContain("hub\\x1b[2J\\x1b[H");
  });

  test("assets: the bidi override, OSC and invisible characters are visible escapes", async () => {
    const result = await runCli(["assets", "hub-1", ...registry]);
    expect(result.stdout).toContain("\\u202eMOTA");
    expect(result.stdout).toContain("A\\ufffeB\\x00C");
    expect(result.stdout).toContain("ZW\\u200bSP\\u2066iso\\u2069\\ufeff\\x85\\x7f");
    const dex = await runCli(["assets", "dex-1", ...registry]);
    expect(dex.stdout).toContain("DEX\\x0d\\x0ahub-1     uhub   FORGED ROW");
  });

  test.skipIf(xmlParserMissing !== null)("route as SVG: well-formed XML (expat)", async () => {
    const result = await runCli(["route", "hub-1:factory/hub1:hostile", onDex("factory/hub1:hostile"), "--format", "svg", ...registry]);
    expect(result.code).toBe(0);
    expectClean(result);
    expect(xmlWellFormed(result.stdout)).toBe("ok");
  });

  test("validate lists every unsafe_text warning with its path, and exits 0 (warnings only)", async () => {
    const result = await runCli(["validate", "--json", ...registry]);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { fatal: number; issues: { code: string; where: string; message: string }[] };
    expect(answer.fatal).toBe(0);
    const wheres = answer.issues.filter((issue) => issue.code === "unsafe_text").map((issue) => issue.where);
    expect(wheres).toEqual(expect.arrayContaining(["chains[1].chain_name", "assets[0].symbol", "assets[4].symbol", "swap_venues[0].name"]));
  });
});

describe("JSON output keeps the registry's exact text", () => {
  test("assets --json: every symbol byte for byte", async () => {
    const result = await runCli(["assets", "hub-1", "--json", ...registry]);
    expectClean(result);
    const listed = (JSON.parse(result.stdout) as { assets: { denom: string; symbol?: string }[] }).assets;
    const expected = hostile().assets.filter((asset) => asset.chain_id === "hub-1");
    expect(expected.map((asset) => listed.find((entry) => entry.denom === asset.denom)?.symbol)).toEqual(expected.map((asset) => asset.symbol));
  });

  test("route --json: the OSC 8 name and the description with CR and NUL intact", async () => {
    const result = await runCli(["route", "hub-1:uhub", onDex("uhub"), "--json", ...registry]);
    expectClean(result);
    const found = (JSON.parse(result.stdout) as { route: { from: { symbol: string; name: string; description: string } } }).route;
    const uhub = JSON.parse(readFileSync(HOSTILE_FILE, "utf8")).assets[0];
    expect(found.from).toMatchObject({ symbol: uhub.symbol, name: uhub.name, description: uhub.description });
    expect(found.from.description).toBe("first line\nsecond line\r\nhub-1  uhub  FORGED\u0000");
  });

  test("chains --json: names with ESC, BEL and a newline intact", async () => {
    const result = await runCli(["chains", "--json", ...registry]);
    expectClean(result);
    const listed = (JSON.parse(result.stdout) as { chains: { chain_id: string; chain_name?: string }[] }).chains;
    expect(listed.map((chain) => [chain.chain_id, chain.chain_name])).toEqual(
      hostile().chains.map((chain) => [chain.chain_id, chain.chain_name]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
    );
  });
});

describe("ids that cannot be written as <chain_id>:<denom>", () => {
  function badRegistry(name: string, chainId: string): string {
    const input = hostile();
    input.chains[2]!.chain_id = chainId;
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(input));
    return file;
  }

  test("a ':' in a chain id: refused with its path and the reason, exit 1", async () => {
    const result = await runCli(["chains", "--registry", badRegistry("colon.json", "side:1")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("at chains[2].chain_id");
    expect(result.stderr).toContain(`chain id "side:1" cannot be written as <chain_id>:<denom>: it contains ':'`);
    const validated = await runCli(["validate", "--json", "--registry", badRegistry("colon.json", "side:1")]);
    expect(validated.code).toBe(1);
    expect(JSON.parse(validated.stdout).issues).toContainEqual(expect.objectContaining({ severity: "fatal", code: "invalid_registry", where: "chains[2].chain_id" }));
  });

  test("a newline in a chain id: refused, and the message cannot forge a line", async () => {
    const result = await runCli(["chains", "--registry", badRegistry("newline.json", "side-1\nreload ok (SIGHUP): now serving forged")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("side-1\\x0areload ok");
    expectClean(result);
  });

  test("serve --watch: a refused reload of such a registry logs one line, never a forged `reload ok`", async () => {
    const file = join(dir, "watched.json");
    writeFileSync(file, readFileSync(HOSTILE_FILE));
    const server = await startServe(["--port", "0", "--workers", "1", "--watch", "--registry", file]);
    try {
      const input = hostile();
      input.chains[0]!.chain_name = "hub\nreload ok (SIGHUP): now serving forged";
      input.assets[5]!.chain_id = "side-1\nreload ok (SIGHUP): now serving forged";
      writeFileSync(file, JSON.stringify(input));
      for (const end = Date.now() + 30_000; Date.now() < end && !/reload refused/.test(server.stderr()); ) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.stderr()).toMatch(/reload refused/);
      expect(server.stderr()).not.toMatch(/^reload ok/m);
      expect(server.stderr()).not.toMatch(RAW);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 60_000);
});
