/**
 * A terminal that fits (issue 28): every table of every command within 80 columns on the shipped
 * mainnet data when stdout is a pipe, `--wide` and COLUMNS widen it, help within 80 columns,
 * colour never in a pipe or with NO_COLOR and on with FORCE_COLOR, errors as the HTTP error body
 * under --json, hints that name the fix. Run through the built CLI, as a user would.
 */
import { createServer, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";

// A pipe with no COLUMNS and no colour asked for, whatever the environment running the tests says.
const PIPE = { COLUMNS: "", NO_COLOR: "", FORCE_COLOR: undefined } as NodeJS.ProcessEnv;
const ANSI = /\u001b\[/;
// ATOM on Osmosis, as the registry lists it: the hash of transfer/channel-0/uatom.
const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
const USDC_ON_OSMOSIS = "ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4";

const widest = (text: string) => Math.max(...text.split("\n").map((line) => [...line].length));

const TABLES: string[][] = [
  ["between", "noble-1", "osmosis-1"],
  ["between", "osmosis-1", "cosmoshub-4", "--allow-multi-tx", "--include-no-metadata-assets", "--include-cw20-assets"],
  ["from-source", "cosmoshub-4:uatom"],
  ["from-source", "osmosis-1:uosmo", "--allow-multi-tx", "--include-swaps", "--include-cw20-assets"],
  ["chains"],
  ["assets", "osmosis-1"],
  ["assets", "cosmoshub-4"],
  ["route", "1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", `osmosis-1:${USDC_ON_OSMOSIS}`],
  ["why", "cosmoshub-4:uatom", "osmosis-1"],
  ["why", "osmosis-1:uosmo", "neutron-1", "--allow-multi-tx", "--include-no-metadata-assets"],
  ["destinations", "cosmoshub-4:uatom"],
  ["destinations", "osmosis-1:uosmo", "--include-swaps", "--allow-multi-tx", "--native-only"],
  ["validate"],
];

describe("tables fit", () => {
  it.each(TABLES)("%s %s %s fits 80 columns in a pipe, and its text is not lost with --wide", async (...args) => {
    const fitted = await runCli(args, PIPE);
    expect(fitted.stderr).toBe("");
    expect(widest(fitted.stdout)).toBeLessThanOrEqual(80);
    const wide = await runCli([...args, "--wide"], PIPE);
    expect(wide.code).toBe(fitted.code);
    // Same rows: the fitted table only shortens or wraps them.
    const rows = (text: string) => text.split("\n").filter((line) => line !== "" && !line.startsWith(" ")).length;
    if (args[0] !== "validate") expect(rows(fitted.stdout)).toBe(rows(wide.stdout));
  }, 60_000);

  it("shortens hashes keeping both ends, and --wide prints them whole", async () => {
    const fitted = await runCli(["between", "noble-1", "osmosis-1"], PIPE);
    expect(fitted.stdout).not.toContain(ATOM_ON_OSMOSIS);
    const shortened = /ibc\/2739[0-9A-F]*…[0-9A-F]*5EB2/.exec(fitted.stdout);
    expect(shortened).not.toBeNull();
    expect(ATOM_ON_OSMOSIS.startsWith(shortened![0].split("…")[0]!)).toBe(true);
    expect(ATOM_ON_OSMOSIS.endsWith(shortened![0].split("…")[1]!)).toBe(true);
    const wide = await runCli(["between", "noble-1", "osmosis-1", "--wide"], PIPE);
    expect(wide.stdout).toContain(ATOM_ON_OSMOSIS);
    expect(wide.stdout).toContain(USDC_ON_OSMOSIS);
    expect(wide.stdout).not.toContain("…");
    expect(widest(wide.stdout)).toBeGreaterThan(80);
  }, 60_000);

  it("takes its width from COLUMNS", async () => {
    const at120 = await runCli(["between", "noble-1", "osmosis-1"], { ...PIPE, COLUMNS: "120" });
    expect(widest(at120.stdout)).toBeLessThanOrEqual(120);
    expect(widest(at120.stdout)).toBeGreaterThan(80);
    const at50 = await runCli(["between", "noble-1", "osmosis-1"], { ...PIPE, COLUMNS: "50" });
    expect(widest(at50.stdout)).toBeLessThanOrEqual(50);
  }, 60_000);
});

describe("help fits", () => {
  const commands = ["", "serve", "from-source", "between", "route", "why", "chains", "assets", "validate", "compile"];
  it.each(commands)("`%s --help` has no line over 80 columns", async (name) => {
    const result = await runCli([...(name ? [name] : []), "--help"], { ...PIPE, COLUMNS: "200" });
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(100);
    expect(widest(result.stdout)).toBeLessThanOrEqual(80);
  }, 60_000);
});

describe("colour", () => {
  it("prints no escape in a pipe, nor with NO_COLOR even when FORCE_COLOR is set", async () => {
    expect((await runCli(["chains"], PIPE)).stdout).not.toMatch(ANSI);
    expect((await runCli(["chains"], { ...PIPE, NO_COLOR: "1", FORCE_COLOR: "1" })).stdout).not.toMatch(ANSI);
    expect((await runCli(["route", "x", "y"], { ...PIPE, NO_COLOR: "1", FORCE_COLOR: "1" })).stderr).not.toMatch(ANSI);
  }, 60_000);

  it("colours with FORCE_COLOR: a bold header, a red error, the same text without the escapes", async () => {
    const plain = await runCli(["chains"], PIPE);
    const coloured = await runCli(["chains"], { ...PIPE, FORCE_COLOR: "1" });
    expect(coloured.stdout.split("\n")[0]).toMatch(/^\u001b\[1mCHAIN_ID/);
    expect(coloured.stdout.replace(/\u001b\[\d+m/g, "")).toBe(plain.stdout);
    const error = await runCli(["assets", "cosmoshub"], { ...PIPE, FORCE_COLOR: "1" });
    expect(error.stderr).toMatch(/^\u001b\[31merror:\u001b\[39m /);
    // An empty NO_COLOR is not set (no-color.org).
    expect((await runCli(["chains"], { ...PIPE, NO_COLOR: "", FORCE_COLOR: "1" })).stdout).toMatch(ANSI);
  }, 60_000);
});

describe("errors under --json", () => {
  it("writes the HTTP error body {code, message, details} on stderr, exit codes unchanged", async () => {
    const unknown = await runCli(["assets", "cosmoshub", "--json"], PIPE);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    const body = JSON.parse(unknown.stderr);
    // 5 = gRPC NOT_FOUND, as the service answers an unknown chain.
    expect(body).toEqual({ code: 5, message: expect.stringContaining('"cosmoshub"'), details: [] });
    const usage = await runCli(["from-source", "--bogus", "--json"], PIPE);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr)).toEqual({ code: 3, message: "from-source: unknown flag --bogus", details: [] });
    const format = await runCli(["route", "cosmoshub-4", "osmosis-1", "--format", "json"], PIPE);
    expect(format.code).toBe(2);
    expect(JSON.parse(format.stderr).code).toBe(3);
    const unknownCommand = await runCli(["nope", "--json"], PIPE);
    expect(unknownCommand.code).toBe(2);
    expect(JSON.parse(unknownCommand.stderr).message).toMatch(/unknown command "nope"/);
  }, 60_000);

  it("a request the service would refuse is refused with the service's body", async () => {
    const result = await runCli(["from-source", "cosmoshub-4:uatom", "--recommendation-reason", "BEST", "--json"], PIPE);
    expect(result.code).toBe(2);
    const body = JSON.parse(result.stderr);
    expect(body.code).toBe(3);
    expect(body.details.length).toBeGreaterThan(0);
    expect(body.details[0].path).toEqual(expect.arrayContaining(["recommendation_reason"]));
  }, 60_000);
});

describe("hints", () => {
  it("an asset as two words, chain first or denom first, is answered with <chain_id>:<denom>", async () => {
    for (const args of [["cosmoshub-4", "uatom"], ["uatom", "cosmoshub-4"]]) {
      const result = await runCli(["from-source", ...args], PIPE);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("did you mean `from-source cosmoshub-4:uatom`?");
      expect(result.stderr).not.toContain("uatom:cosmoshub-4");
    }
    const evm = await runCli(["from-source", "1", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"], PIPE);
    expect(evm.stderr).toContain("`from-source 1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48`");
  }, 60_000);

  it("a busy port names itself and --port", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      for (const workers of ["1", "2"]) {
        const result = await runCli(["serve", "--port", String(port), "--workers", workers], PIPE);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`port ${port}`);
        expect(result.stderr).toContain("--port");
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);
});
