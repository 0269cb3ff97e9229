/**
 * Issue 34 item 5, as the command line shows it: a refresh that learned nothing exits 1 and keeps
 * the state file's facts with their own dates; one that read something exits 0. Runs the built
 * command (test/cli/run-cli.ts), so it is an integration suite (PROCESS_SUITES); the rule itself
 * is keep-known.test.ts's.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseState } from "../../src/index.js";
import { runCli } from "../cli/run-cli.js";
import { replayServers } from "../support/replay-servers.js";
import { snapshot } from "./snapshots.js";

const serve = replayServers();

const BEFORE = "2026-11-20T12:00:00.000Z";

describe("a refresh that cannot read keeps what was known", () => {
  test("the CLI: a refresh that learned nothing exits 1 and keeps the file's facts; one that read something exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-keep-"));
    const out = join(dir, "state.json");
    writeFileSync(out, JSON.stringify(snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED", readAt: BEFORE }], BEFORE)));
    const endpoints = join(dir, "endpoints.json");
    writeFileSync(endpoints, JSON.stringify({ "cosmoshub-4": ["http://127.0.0.1:1"] }));
    const failed = await runCli(["refresh-state", "--out", out, "--endpoints", endpoints, "--chains", "cosmoshub-4", "--timeout", "1000"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("nothing read from 1 chains (their previous facts kept): cosmoshub-4");
    const kept = parseState(readFileSync(out, "utf8")).chains["cosmoshub-4"]!.ends.find((e) => e.channel_id === "channel-141")!;
    expect(kept.state).toMatchObject({ value: "CLOSED", read_at: BEFORE });

    const hub = await serve("cosmoshub-4", {});
    writeFileSync(endpoints, JSON.stringify({ "cosmoshub-4": [hub.url] }));
    const read = await runCli(["refresh-state", "--out", out, "--endpoints", endpoints, "--chains", "cosmoshub-4", "--timeout", "2000"]);
    expect(read.code).toBe(0);
    // The node lists no channels: the closed end's state is still the previous one, its transfer switches new.
    const after = parseState(readFileSync(out, "utf8")).chains["cosmoshub-4"]!;
    expect(after.ends.find((e) => e.channel_id === "channel-141")!.state).toMatchObject({ value: "CLOSED", read_at: BEFORE });
    expect(after.transfer.value).toEqual({ send_enabled: true, receive_enabled: true });
  }, 60_000);
});
