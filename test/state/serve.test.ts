/**
 * `serve --state FILE --watch`: the snapshot is a source file like the others; replacing it (as
 * refresh-state does, a temp file renamed over it) reloads the served graph, and /health says so.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { FIXTURE_PATH } from "../http/fixture.js";
import { startServe, type ServeProcess } from "../cli/run-cli.js";
import { snapshot } from "./snapshots.js";
import { hubSnapshot } from "./hub-windows.js";

const started: ServeProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), "fg-serve-state-"));
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeState(path: string, value: unknown) {
  writeFileSync(`${path}.tmp`, JSON.stringify(value));
  renameSync(`${path}.tmp`, path);
}

const atom = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", allow_multi_tx: true };

describe("serve --state", () => {
  test("answers from the snapshot, reloads when it is replaced, and reports its age", async () => {
    const file = join(dir, "state.json");
    writeState(file, snapshot([]));
    const server = await startServe(["--port", "0", "--registry", FIXTURE_PATH, "--state", file, "--watch", "--quiet"]);
    started.push(server);
    const health = async () => (await (await fetch(`${server.url}/health`)).json()) as { data_version: string; state_age_seconds?: number; provenance: { state_created_at?: string; files?: { flag: string }[] } };
    const reach = async () => ((await (await fetch(`${server.url}/v2/fungible/assets_from_source`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(atom) })).json()) as { dest_assets: Record<string, unknown> }).dest_assets;
    const first = await health();
    expect(first.state_age_seconds).toBeGreaterThan(0);
    expect(first.provenance.files?.map((f) => f.flag)).toContain("state");
    expect(Object.keys(await reach())).toContain("osmosis-1");

    // The Hub's end of channel-141 to Osmosis goes down: the file is replaced, the server reloads.
    writeState(file, snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "CLOSED" }], new Date().toISOString()));
    for (const end = Date.now() + 30_000; Date.now() < end && (await health()).data_version === first.data_version; ) await new Promise((r) => setTimeout(r, 100));
    const second = await health();
    expect(second.data_version).not.toBe(first.data_version);
    expect(second.state_age_seconds).toBeLessThan(first.state_age_seconds!);
    const after = await reach();
    expect(after["osmosis-1"]).toBeUndefined();
  }, 90_000);

  test("serve --state --max-block-age --expiry-warning: the windows reach the served router, and it answers by the one-way refusals", async () => {
    const file = join(dir, "windows.json");
    writeState(file, hubSnapshot({ send_enabled: true, receive_enabled: false }));
    const server = await startServe(["--port", "0", "--registry", FIXTURE_PATH, "--state", file, "--max-block-age", "7200", "--expiry-warning", "3600", "--quiet"]);
    started.push(server);
    const post = async (path: string, body: unknown) => (await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
    const from = (await post("/v2/fungible/assets_from_source", { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" })) as { dest_assets: Record<string, unknown> };
    // Not halted (7200 s), channel-141 not avoided (3600 s), and the Hub still sends...
    expect(Object.keys(from.dest_assets)).toContain("osmosis-1");
    // ...but receives nothing: ATOM on Osmosis does not go home.
    const home = (await post("/fungible-graph/v1/explain", { source_asset_chain_id: "osmosis-1", source_asset_denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2", dest_chain_id: "cosmoshub-4" })) as { reasons: { code: string; direction?: string }[] };
    expect(home.reasons).toContainEqual(expect.objectContaining({ code: "transfers_disabled", direction: "receive" }));
  }, 90_000);
});
