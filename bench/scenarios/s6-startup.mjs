/**
 * Scenario 6: how soon a service answers. Alternately time `serve` (the dataset shipped in the
 * package, the default) and `serve --chain-registry` (the graph built from the installed
 * chain-registry package, what every start did before datasets) from spawn to the `listening on`
 * line; median of several runs each, node's own boot in both.
 */
import { statSync } from "node:fs";
import { CLI, cliExists, datasetFile } from "../lib/package.mjs";
import { startServerProcess } from "../lib/processes.mjs";
import { median } from "../lib/timing.mjs";
import { speedupRow, unavailableRow } from "../lib/report.mjs";

const SCENARIO = "6 start-up";

export async function scenarioStartup({ quick }) {
  if (!cliExists()) return [unavailableRow({ scenario: SCENARIO, why: "dist/cli.js does not exist" })];
  const runs = quick ? 3 : 7;
  const fromDataset = [];
  const fromPackage = [];
  for (let i = 0; i < runs; i++) {
    for (const [args, out] of [
      [[], fromDataset],
      [["--chain-registry"], fromPackage],
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
      value: median(fromDataset),
      baseline: median(fromPackage),
      min: 3,
      note:
        `serve (shipped dataset, ${(statSync(await datasetFile()).size / 2 ** 10).toFixed(0)} KiB) vs serve --chain-registry; median of ${runs} alternating runs ` +
        `(spread ${spread(fromDataset)} vs ${spread(fromPackage)}); node boot included in both`,
    }),
  ];
}

/** Fastest and slowest run, so a reader sees how far the median could move on a shared machine. */
function spread(samples) {
  return `${Math.min(...samples).toFixed(0)}-${Math.max(...samples).toFixed(0)} ms`;
}
