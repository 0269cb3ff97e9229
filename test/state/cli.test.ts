/**
 * The built command line with live state: `refresh-state` against local endpoints replaying
 * recorded LCD answers, then `--state FILE` on the query commands (`from-source`, `why`, `destinations`),
 * with the stated windows `--max-block-age` and `--expiry-warning`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../cli/run-cli.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { HOUR_AGO, IN_SIX_HOURS, NOW, hubSnapshot } from "./hub-windows.js";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";
import { channelEntry, channelList, connection, recording, type Answer } from "../../bench/lib/replay-lcd.mjs";
import { replayServers } from "../support/replay-servers.js";

const serve = replayServers();

const windowsDir = mkdtempSync(join(tmpdir(), "fg-state-windows-"));
function writeSnapshot(name: string, value: unknown): string {
  const file = join(windowsDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

const ACTIVE = recording("relayooor_noble-1_client_status_07-tendermint-74").response;
const EXPIRED = recording("blockpi_cosmoshub-4_client_status_07-tendermint-0").response;

/** Channel list, connection and client status of one end (no client state: its expiry stays unknown, the recordings being years old). */
function routes(end: { channel: string; counterparty: string; connection: string; client: string }, status: unknown): Record<string, Answer> {
  return {
    "/ibc/core/channel/v1/channels": { body: channelList(channelEntry({ channel: end.channel, state: "STATE_OPEN", counterparty: end.counterparty, connection: end.connection })) },
    [`/ibc/core/connection/v1/connections/${end.connection}`]: { body: connection(end.client) },
    [`/ibc/core/client/v1/client_status/${end.client}`]: { body: status },
  };
}

async function refreshed(dir: string, hubStatus: unknown, name: string) {
  const hub = await serve("cosmoshub-4", routes({ channel: "channel-184", counterparty: "channel-17", connection: "connection-339", client: "07-tendermint-385" }, hubStatus));
  const akash = await serve("akashnet-2", routes({ channel: "channel-17", counterparty: "channel-184", connection: "connection-29", client: "07-tendermint-53" }, ACTIVE));
  const endpoints = join(dir, `${name}-endpoints.json`);
  writeFileSync(endpoints, JSON.stringify({ "cosmoshub-4": [hub.url], "akashnet-2": [`${akash.url}/`] }));
  const out = join(dir, `${name}.json`);
  const result = await runCli(["refresh-state", "--out", out, "--endpoints", endpoints, "--chains", "cosmoshub-4,akashnet-2", "--timeout", "2000", "--json"]);
  return { result, out, hub };
}

describe("refresh-state and --state", () => {
  test("a refreshed snapshot lets ATOM reach akashnet-2 over channel-184; an Expired client refuses it, cited", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-state-cli-"));
    const open = await refreshed(dir, ACTIVE, "open");
    expect(open.result.code).toBe(0);
    const report = JSON.parse(open.result.stdout) as { chains: { chain_id: string }[] };
    expect(report.chains.map((chain) => chain.chain_id)).toEqual(["akashnet-2", "cosmoshub-4"]);
    const reach = await runCli(["from-source", "cosmoshub-4:uatom", "--state", open.out, "--json"]);
    expect(reach.code).toBe(0);
    const assets = (JSON.parse(reach.stdout) as { dest_assets: Record<string, { assets: { denom: string }[] }> }).dest_assets["akashnet-2"]!.assets;
    expect(assets.map((asset) => asset.denom)).toContain(oracleIbcDenom("transfer/channel-17", "uatom"));
    const without = await runCli(["from-source", "cosmoshub-4:uatom", "--json"]);
    expect((JSON.parse(without.stdout) as { dest_assets: Record<string, unknown> }).dest_assets["akashnet-2"]).toBeUndefined();

    const expired = await refreshed(dir, EXPIRED, "expired");
    const snapshot = JSON.parse(readFileSync(expired.out, "utf8")) as { chains: Record<string, { ends: { channel_id: string; client_status: { value: string } }[] }> };
    expect(snapshot.chains["cosmoshub-4"]!.ends.find((end) => end.channel_id === "channel-184")!.client_status.value).toBe("Expired");
    const why = await runCli(["why", "cosmoshub-4:uatom", "akashnet-2", "--state", expired.out, "--json"]);
    expect(why.code).toBe(1);
    const reasons = (JSON.parse(why.stdout) as { reasons: { code: string; source?: string; read_at?: string }[] }).reasons;
    expect(reasons).toContainEqual(expect.objectContaining({ code: "client_expired", source: `${expired.hub.url}/ibc/core/client/v1/client_status/07-tendermint-385` }));
  }, 120_000);

  test("usage errors and junk snapshots are told apart from answers", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-state-cli-"));
    const noOut = await runCli(["refresh-state"]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain("--out FILE is required");
    const junk = join(dir, "junk.json");
    writeFileSync(junk, JSON.stringify({ format: "fungible-graph-state/1", created_at: "now", chains: {} }));
    const refused = await runCli(["from-source", "cosmoshub-4:uatom", "--state", junk]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("parseState: not a state snapshot");
    const badEndpoints = join(dir, "endpoints.json");
    writeFileSync(badEndpoints, JSON.stringify({ "cosmoshub-4": ["ftp://example"] }));
    const bad = await runCli(["refresh-state", "--out", join(dir, "x.json"), "--endpoints", badEndpoints]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('"cosmoshub-4"[0] is not an http(s) URL');
  }, 120_000);
  test("--max-block-age, --expiry-warning: why names chain_halted, then client_expiring as the windows change; bad values and a window without --state are usage errors", async () => {
    const file = writeSnapshot("hub", hubSnapshot());
    const why = async (...flags: string[]) => {
      const run = await runCli(["why", "cosmoshub-4:uatom", "osmosis-1", "--registry", FIXTURE_PATH, "--state", file, "--json", ...flags]);
      return { code: run.code, reasons: (JSON.parse(run.stdout) as { reasons?: { code: string; fact?: string; value?: string }[] }).reasons ?? [] };
    };
    const halted = await why();
    expect(halted.code).toBe(1);
    expect(halted.reasons).toContainEqual(expect.objectContaining({ code: "chain_halted", fact: "latest_block_time", value: HOUR_AGO }));
    const expiring = await why("--max-block-age", "7200");
    expect(expiring.reasons).toContainEqual(expect.objectContaining({ code: "client_expiring", value: IN_SIX_HOURS }));
    expect((await why("--max-block-age", "7200", "--expiry-warning", "3600")).code).toBe(0);
    for (const [flags, message] of [
      [["--max-block-age", "0"], "--max-block-age must be a whole number of seconds from 1 to 31536000, got \"0\""],
      [["--expiry-warning", "1.5"], "--expiry-warning must be a whole number of seconds"],
      [["--expiry-warning", "99999999999"], "--expiry-warning must be a whole number of seconds"],
    ] as const) {
      const run = await runCli(["route", "cosmoshub-4:uatom", "osmosis-1:uatom", "--registry", FIXTURE_PATH, "--state", file, ...flags]);
      expect([run.code, run.stderr]).toEqual([2, expect.stringContaining(message)]);
    }
    // The Hub's send switch off, the windows wide: destinations' table names the one-way refusal, cited.
    const sendOff = writeSnapshot("send-off", hubSnapshot({ send_enabled: false, receive_enabled: true }));
    const table = await runCli(["destinations", "cosmoshub-4:uatom", "--registry", FIXTURE_PATH, "--state", sendOff, "--max-block-age", "7200", "--expiry-warning", "3600", "--wide"]);
    expect(table.stdout.split("\n").find((line) => line.startsWith("osmosis-1"))).toContain(`transfers_disabled (send) transfer/channel-141 on cosmoshub-4 (read ${NOW})`);
    const alone = await runCli(["destinations", "cosmoshub-4:uatom", "--registry", FIXTURE_PATH, "--max-block-age", "60"]);
    expect([alone.code, alone.stderr]).toEqual([2, expect.stringContaining("--max-block-age goes with --state FILE")]);
  }, 60_000);
});
