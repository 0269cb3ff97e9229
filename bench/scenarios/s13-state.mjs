/**
 * Scenario 13: the live network state (issue 24).
 * (a) refreshState over every chain of the shipped mainnet registry that has channel ends, against
 *     a local replay of their nodes on 127.0.0.1 (bench/lib/replay-registry.mjs: the recorded LCD
 *     shapes, one port per chain), in a fresh process per run; the baseline is a bare fetch loop
 *     asking the same requests at the same concurrency, also in a fresh process, runs alternated.
 *     Rows: wall time, requests against the minimum the facts need, peak heap and RSS.
 * (b) the query rows of scenarios 1 and 2 with the refreshed snapshot loaded (`withState`) against
 *     the same router without it, in this process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { nativeSources } from "./s2-from-source.mjs";
import { need } from "../lib/package.mjs";
import { runJsonChild } from "../lib/processes.mjs";
import { replayChains } from "../lib/replay-lcd.mjs";
import { registryReplay } from "../lib/replay-registry.mjs";
import { costRow, figureRow } from "../lib/report.mjs";
import { measure, median, now, sum } from "../lib/timing.mjs";
import { FIXED_PAIRS } from "./s1-between.mjs";

const CHILD = fileURLToPath(new URL("../children/state-refresh.mjs", import.meta.url));
/** refreshState's default: chains read at once (each one request at a time, its reads depend on each other). */
const CONCURRENCY = 8;
/** How far a query with the snapshot may drift from its floor, against the same without, before the row fails: timing noise on a shared box. */
const FLOOR_SLACK = 1.1;

export async function scenarioState({ quick }) {
  const loadRouter = await need("loadRouter");
  const withState = await need("withState");
  await need("refreshState");
  const router = await loadRouter();
  const dir = mkdtempSync(join(tmpdir(), "fungible-bench-state-"));
  try {
    const refresh = await refreshRows(router.registry, dir, quick);
    const state = withState(router, readFileSync(join(dir, "state.json"), "utf8"));
    return [...refresh, ...fromSourceRows(router, state, quick), ...betweenRows(router, state, quick)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function refreshRows(registry, dir, quick) {
  const replay = registryReplay(registry, { now: Date.now() });
  const servers = await replayChains(replay.routes);
  const chains = Object.keys(replay.routes).length;
  const minimum = sum(Object.values(replay.minimumRequests));
  // Alternated rounds, bounded in count and time: at least one each, more while under the cap.
  const rounds = quick ? 1 : 3;
  const capMs = quick ? 60_000 : 180_000;
  const started = now();
  const refreshInput = join(dir, "refresh.json");
  const fetchInput = join(dir, "fetch.json");
  writeFileSync(refreshInput, JSON.stringify({ urls: servers.urls, concurrency: CONCURRENCY }));
  const refreshes = [];
  const loops = [];
  const asked = [];
  try {
    for (let round = 0; round < rounds && (round === 0 || now() - started < capMs); round++) {
      servers.requests.length = 0;
      refreshes.push(await runJsonChild(CHILD, ["refresh", refreshInput, join(dir, "state.json")], { nodeArgs: ["--expose-gc"], timeoutMs: 180_000 }));
      asked.push(servers.requests.length);
      // The baseline asks exactly what the first refresh asked, in its order.
      if (round === 0) writeFileSync(fetchInput, JSON.stringify({ requests: [...servers.requests], concurrency: CONCURRENCY }));
      servers.requests.length = 0;
      loops.push(await runJsonChild(CHILD, ["fetch", fetchInput], { nodeArgs: ["--expose-gc"], timeoutMs: 180_000 }));
    }
  } finally {
    await servers.close();
  }
  const first = refreshes[0];
  const snapshotBytes = readFileSync(join(dir, "state.json")).length;
  const errors = first.chainErrors.length === 0 ? "no chain reported an error" : `${first.chainErrors.length} chains reported errors, e.g. ${first.chainErrors.slice(0, 2).join("; ")}`;
  const scenario = `13 refresh-state, ${chains} chains`;
  const size = `${replay.ends} channel ends, ${replay.clients} light clients (${replay.expired} seeded Expired)`;
  const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return [
    costRow({
      scenario,
      metric: "wall time vs a bare fetch loop of its requests",
      value: median(refreshes.map((r) => r.ms)),
      baseline: median(loops.map((r) => r.ms)),
      max: 2,
      note: `${size}; ${first.endsRead} of ${first.endsListed} ends read, ${errors}; median of ${refreshes.length} fresh process(es) each, alternated, ${CONCURRENCY} chains (baseline: requests) at a time, one port per chain on 127.0.0.1; the atomic write of the ${(snapshotBytes / 1024).toFixed(0)} KiB snapshot took ${first.writeMs.toFixed(0)} ms more`,
    }),
    costRow({
      scenario,
      metric: "requests vs the minimum the facts need",
      value: Math.max(...asked),
      baseline: minimum,
      unit: "requests",
      max: 1,
      note: `the most of ${refreshes.length} run(s); minimum per chain: node_info, each page of the channel list (500 a page), each connection, each client's status, state and consensus state; asked per run: ${asked.join(", ")}`,
    }),
    memoryRow({
      scenario,
      metric: "peak heap above the start",
      value: median(refreshes.map((r) => r.heapPeakBytes)),
      baseline: median(loops.map((r) => r.heapPeakBytes)),
      note: `medians, sampled every 10 ms; after a full GC the refresh retains ${mib(first.heapRetainedBytes)} (the snapshot it returns, ${(snapshotBytes / 1024).toFixed(0)} KiB as JSON), the fetch loop ${mib(loops[0].heapRetainedBytes)}; the refresh's process starts with the mainnet registry loaded, so its GC lets more garbage pile up before collecting`,
    }),
    memoryRow({
      scenario,
      metric: "peak RSS above the start",
      value: median(refreshes.map((r) => r.rssPeakBytes)),
      baseline: median(loops.map((r) => r.rssPeakBytes)),
      note: `medians, sampled every 10 ms; at the start: refresh ${mib(first.rssStartBytes)} (the package and the mainnet registry loaded), fetch loop ${mib(loops[0].rssStartBytes)}`,
    }),
  ];
}

/** Peak memory against the fetch loop's, printed for the record: no target (see bench/README.md). */
function memoryRow({ scenario, metric, value, baseline, note }) {
  return { ...costRow({ scenario, metric, value, baseline, unit: "bytes", max: Number.POSITIVE_INFINITY, note }), target: "none (peaks follow GC timing)", met: null };
}

/** Scenario 2's sources (natives, same seeded order), each asked of both routers, alternately. */
function fromSourceRows(router, state, quick) {
  const { natives, order } = nativeSources(router);
  const capMs = quick ? 10_000 : 60_000;
  const budget = { warmupRuns: 2, minRuns: 5, maxRuns: 100, budgetMs: quick ? 1 : 3 };
  const plain = { query: [], stringify: [] };
  const narrowed = { query: [], stringify: [] };
  const overFloor = [];
  let answered = 0;
  let differ = 0;
  const start = now();
  for (const i of order) {
    if (now() - start > capMs) break;
    const asset = natives[i];
    const request = { source_asset_denom: asset.denom, source_asset_chain_id: asset.chain_id };
    const figures = [];
    for (const [r, into] of [
      [router, plain],
      [state, narrowed],
    ]) {
      const q = measure(() => r.assetsFromSource(request), budget);
      const s = measure(() => JSON.stringify(q.result), budget);
      into.query.push(q.median);
      into.stringify.push(s.median);
      figures.push({ ratio: q.median / s.median, text: s.result });
    }
    overFloor.push(figures[1].ratio / figures[0].ratio);
    if (figures[0].text !== figures[1].text) differ++;
    answered++;
  }
  const scenario = "13 from_source, snapshot loaded";
  const coverage = `${answered} of ${natives.length} native sources (scenario 2's seeded order, ${capMs / 1000} s cap), ${differ} answers changed by the snapshot`;
  return [
    costRow({
      scenario,
      metric: "median query vs JSON.stringify(answer)",
      value: median(narrowed.query),
      baseline: median(narrowed.stringify),
      max: 1,
      note: `${coverage}; without the snapshot in this run: ${ms(median(plain.query))} vs ${ms(median(plain.stringify))} (${(median(plain.query) / median(plain.stringify)).toFixed(2)}x)`,
    }),
    floorRow({
      scenario,
      value: median(overFloor),
      note: `median over sources of (query / stringify with the snapshot) / (the same without); medians of the queries themselves ${ms(median(narrowed.query))} with, ${ms(median(plain.query))} without`,
    }),
  ];
}

/** Scenario 1's fixed pairs, default request, each asked of both routers, alternately. */
function betweenRows(router, state, quick) {
  const budget = { minRuns: 20, maxRuns: 5000, budgetMs: quick ? 100 : 300 };
  const ROUNDS = 5;
  const parts = [];
  const ratios = [];
  for (const [source, dest] of FIXED_PAIRS) {
    const request = { source_chain_id: source, dest_chain_id: dest };
    const figures = [];
    // A first round unrecorded (JIT settling), then ROUNDS alternated; the best of each side counts.
    for (let round = 0; round <= ROUNDS; round++) {
      for (const r of [router, state]) {
        const q = measure(() => r.assetsBetweenChains(request), budget);
        const s = measure(() => JSON.stringify(q.result), budget);
        if (round > 0) figures.push({ r, q: q.median, s: s.median, pairs: q.result.assets_between_chains.length });
      }
    }
    const best = (r, key) => Math.min(...figures.filter((f) => f.r === r).map((f) => f[key]));
    const without = { q: best(router, "q"), s: best(router, "s"), pairs: figures.find((f) => f.r === router).pairs };
    const withState = { q: best(state, "q"), s: best(state, "s"), pairs: figures.find((f) => f.r === state).pairs };
    ratios.push(withState.q / withState.s / (without.q / without.s));
    parts.push(`${source} -> ${dest}: ${ms(withState.q)} (${withState.pairs} pairs) vs ${ms(without.q)} (${without.pairs})`);
  }
  return [
    floorRow({
      scenario: "13 between, snapshot loaded",
      value: median(ratios),
      note: `scenario 1's ${FIXED_PAIRS.length} fixed pairs, default request, best of ${ROUNDS} alternated timings each (after one unrecorded round); median over pairs; ${parts.join("; ")}`,
    }),
  ];
}

/** The query's distance from its JSON.stringify floor, with the snapshot over without (see bench/README.md). */
function floorRow({ scenario, value, note }) {
  return figureRow({ scenario, metric: "query / stringify floor, with vs without snapshot", value, target: `<= ${FLOOR_SLACK}x`, met: value <= FLOOR_SLACK, note });
}

const ms = (value) => (value < 1 ? `${(value * 1000).toFixed(2)} µs` : `${value.toFixed(2)} ms`);
