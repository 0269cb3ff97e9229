/**
 * Issue 33, a cheap serving thread: explain and destinations run on a worker thread that loads the
 * served source itself (src/node/analysis-pool.ts). Its answers and errors are those of the same
 * analysis on this thread for the same data; a request read from other data (a reload just
 * swapped) is answered from that data; and a serve process answers /health while destinations
 * searches mainnet. Uses the built thread (dist/analysis-thread.js); loopback only, bounded.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { isFungibleError } from "../../src/errors.js";
import { buildRouter, parseRegistry } from "../../src/index.js";
import { loadSource } from "../../src/files/load-source.js";
import { builtAnalysisPool, analyzeHere, type AnalysisPool } from "../../src/node/analysis-pool.js";
import { CLI, startServe, type ServeProcess } from "../cli/run-cli.js";
import { FIXTURE_PATH } from "../http/fixture.js";

const THREAD = new URL("analysis-thread.js", new URL(".", `file://${CLI}`));
const SOURCE = { registry: FIXTURE_PATH };
const pools: AnalysisPool[] = [];
const started: ServeProcess[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function pool(): AnalysisPool {
  const made = builtAnalysisPool(SOURCE, 4, THREAD);
  if (made === null) throw new Error(`${THREAD.pathname} is not built: run npm run build`);
  pools.push(made);
  return made;
}

/** What a call gives: its answer, or its FungibleError's code, message and details. */
const outcome = (run: () => unknown) =>
  Promise.resolve()
    .then(run)
    .then(
      (answer) => ({ answer }),
      (error: unknown) => (isFungibleError(error) ? { code: error.code, message: error.message, details: error.details } : { thrown: String(error) }),
    );

const LIMITS = { budgetMs: 30_000 };
const QUESTIONS = [
  ["explain", { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" }],
  ["explain", { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", dest_chain_id: "no-such-chain" }],
  ["destinations", { source_asset_denom: "uosmo", source_asset_chain_id: "osmosis-1" }],
  ["destinations", { source_asset_denom: "uatomm", source_asset_chain_id: "cosmoshub-4" }],
  ["explain", { source_asset_denom: 7 }],
] as const;

describe("the analysis thread", () => {
  it("answers and refuses as the same analysis on this thread does, for the same data", async () => {
    const analyses = pool();
    const router = await loadSource(SOURCE);
    for (const [kind, request] of QUESTIONS) {
      const here = await outcome(() => analyzeHere(kind, router, request, LIMITS));
      expect(await outcome(() => analyses.analyze(kind, router, request, LIMITS)), `${kind} ${JSON.stringify(request)}`).toEqual(here);
    }
  });

  it("a request read from other data (a reload swapped it in) is answered from that data", async () => {
    const analyses = pool();
    // The Hub's channels closed: other data, in which ATOM reaches fewer chains.
    const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { ibc_channels: { chain_1: { chain_id: string }; chain_2: { chain_id: string }; status: string }[] };
    const closed = registry.ibc_channels.map((channel) => (channel.chain_1.chain_id === "cosmoshub-4" || channel.chain_2.chain_id === "cosmoshub-4" ? { ...channel, status: "INACTIVE" } : channel));
    const other = buildRouter(parseRegistry({ ...registry, ibc_channels: closed }));
    const request = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" };
    const answer = await analyses.analyze("destinations", other, request, LIMITS);
    expect(answer).toEqual(await analyzeHere("destinations", other, request, LIMITS));
    expect(answer).not.toEqual(await analyzeHere("destinations", await loadSource(SOURCE), request, LIMITS));
  });

  it("serve answers /health while destinations searches mainnet on the thread", async () => {
    const server = await startServe(["--port", "0", "--quiet"]);
    started.push(server);
    const finished: string[] = [];
    const asked = ["uatom", "uosmo"].map((denom) =>
      fetch(`${server.url}/fungible-graph/v1/destinations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ source_asset_denom: denom, source_asset_chain_id: denom === "uatom" ? "cosmoshub-4" : "osmosis-1" }),
      }).then(async (response) => (await response.arrayBuffer(), finished.push(`destinations ${response.status}`))),
    );
    // Both searches are under way (on this thread they would hold it for a second or more each).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    finished.push("health");
    await Promise.all(asked);
    expect(finished).toEqual(["health", "destinations 200", "destinations 200"]);
  });
});
