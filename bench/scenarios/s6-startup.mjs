/**
 * Scenario 6: start-up for replicas. `snapshot --out FILE` once, then alternately time
 * `serve --snapshot FILE` and `serve` (from the embedded registry) from spawn to the
 * `listening on` line; median of several runs each.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, cliExists } from "../lib/package.mjs";
import { startServerProcess } from "../lib/processes.mjs";
import { median } from "../lib/timing.mjs";
import { speedupRow, unavailableRow } from "../lib/report.mjs";

const SCENARIO = "6 start-up";

export async function scenarioStartup({ quick }) {
  if (!cliExists()) return [unavailableRow({ scenario: SCENARIO, why: "dist/cli.js does not exist" })];
  const dir = mkdtempSync(join(tmpdir(), "fg-bench-snap-"));
  try {
    const file = join(dir, "mainnet.snapshot");
    const made = spawnSync(process.execPath, [CLI, "snapshot", "--out", file], { encoding: "utf8", timeout: 120_000 });
    if (made.status !== 0) {
      const why = `${made.stderr || made.stdout || made.error?.message || ""}`.trim().split("\n")[0];
      return [unavailableRow({ scenario: SCENARIO, why: `\`snapshot --out\` exited ${made.status ?? made.signal}: ${why.slice(0, 200)}` })];
    }
    const runs = quick ? 3 : 7;
    const fromSnapshot = [];
    const fromRegistry = [];
    for (let i = 0; i < runs; i++) {
      for (const [args, out] of [
        [["--snapshot", file], fromSnapshot],
        [[], fromRegistry],
      ]) {
        let server;
        try {
          // One process: start-up of a replica, not of a cluster that forks one per core.
          server = await startServerProcess([CLI, "serve", "--port", "0", "--host", "127.0.0.1", "--workers", "1", ...args], { timeoutMs: 60_000 });
        } catch (error) {
          return [unavailableRow({ scenario: SCENARIO, why: `serve ${args.join(" ")} did not start: ${error.message}` })];
        }
        out.push(server.readyMs);
        await server.stop();
      }
    }
    return [
      speedupRow({
        scenario: SCENARIO,
        metric: "spawn to `listening on`",
        value: median(fromSnapshot),
        baseline: median(fromRegistry),
        min: 3,
        note: `serve --snapshot (${(statSync(file).size / 2 ** 20).toFixed(1)} MiB file) vs serve from the embedded registry; median of ${runs} alternating runs; node boot included in both`,
      }),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
