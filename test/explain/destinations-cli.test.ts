/**
 * `fungible-graph destinations` through the built CLI on the shipped mainnet data: --json is the
 * HTTP answer; the table lists every chain but the source's within 80 columns; --state puts the
 * snapshot's reason on the chain it cuts off; a bad source is a usage message or a not-found.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createFetchHandler } from "../../src/entries/http.js";
import { DestinationsResponseSchema, type DestinationsResponse } from "../../src/wire/destinations.js";
import { runCli } from "../cli/run-cli.js";
import { jsonRequest } from "../http/fixture.js";
import { snapshot } from "../state/snapshots.js";
import { mainnetGraph } from "./graphs.js";

describe("destinations on the CLI", () => {
  test("--json prints exactly the HTTP answer", async () => {
    const result = await runCli(["destinations", "osmosis-1:uosmo", "--native-only", "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const http = await createFetchHandler(await mainnetGraph())(
      jsonRequest("/fungible-graph/v1/destinations", { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo", native_only: true }),
    );
    expect(JSON.parse(result.stdout)).toEqual(await http.json());
    expect(DestinationsResponseSchema.safeParse(JSON.parse(result.stdout)).success).toBe(true);
  }, 60_000);

  test("the table has a row per chain, each verdict as the answer gives it, within 80 columns", async () => {
    const [text, json] = await Promise.all([runCli(["destinations", "cosmoshub-4:uatom"]), runCli(["destinations", "cosmoshub-4:uatom", "--json"])]);
    expect(text.code).toBe(0);
    const answer = JSON.parse(json.stdout) as DestinationsResponse;
    const lines = text.stdout.trimEnd().split("\n");
    expect(lines.filter((line) => line.length > 80)).toEqual([]);
    expect(lines[0]).toMatch(/^CHAIN\s+VERDICT\s+ASSETS, OR WHY NOT$/);
    // A row starts at column 0 with its chain id; continuation lines of the last column are indented.
    const rows = lines.slice(1).filter((line) => /^\S/.test(line) && !line.includes(" reaches ") && !line.startsWith("`why"));
    expect(rows.length).toBe(answer.destinations.length);
    answer.destinations.forEach((destination, i) => {
      expect(rows[i]!.startsWith(destination.chain_id)).toBe(true);
      expect(rows[i]).toContain(destination.reachable ? "reachable" : destination.verdict.kind === "reachable_if" ? "reachable if" : "not reachable");
    });
    const reached = answer.destinations.filter((d) => d.reachable).length;
    expect(text.stdout).toContain(`cosmoshub-4 ATOM reaches ${reached} chains of ${answer.destinations.length}`);
  }, 60_000);

  test("--state: the chain a dead client cuts off shows the snapshot's reason", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-destinations-"));
    const state = join(dir, "state.json");
    writeFileSync(state, JSON.stringify(snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "OPEN", status: "Expired" }])));
    const result = await runCli(["destinations", "cosmoshub-4:uatom", "--state", state, "--wide"]);
    expect(result.stderr).toBe("");
    const row = result.stdout.split("\n").find((line) => line.startsWith("osmosis-1 "));
    expect(row).toMatch(/not reachable\s+client_expired transfer\/channel-141 on cosmoshub-4 \(read 2026-11-20T12:00:00Z\)/);
  }, 60_000);

  test("bad input: a usage message (exit 2) or a not-found with a close match (exit 1)", async () => {
    const usage = await runCli(["destinations", "uatom"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("is not <chain_id>:<denom>");
    const unknown = await runCli(["destinations", "cosmoshub-4:uatomm"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/did you mean/);
    const badFlag = await runCli(["destinations", "cosmoshub-4:uatom", "--recommendation-reason", "FASTEST"]);
    expect(badFlag.code).toBe(2);
  }, 60_000);
});
