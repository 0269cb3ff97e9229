/**
 * Scenario 11: the transfer messages of a route (fungible-graph/msgs). Routes: every plain IBC route
 * (IBC hops over the transfer port, so messages can be built) from a seeded random sample of the
 * shipped mainnet dataset's native assets to everything they reach, under a time cap. Per route,
 * the median time of: building its messages (`transferMessages` with the route given: route checks,
 * bech32 address checks, memo, protobuf bytes); the route query itself (`router.route`); and
 * JSON.stringify of the built EncodeObjects (the floor of producing the messages at all).
 */
import { bech32 } from "bech32";
import { rng } from "../synthetic-registry.mjs";
import { measure, median, now } from "../lib/timing.mjs";
import { costRow } from "../lib/report.mjs";
import { need } from "../lib/package.mjs";

const isPlainIbc = (route) => route.hops.length > 0 && route.hops.every((hop) => hop.kind === "ibc" && hop.part_of === undefined && hop.port === "transfer");

export async function scenarioMsgs({ quick }) {
  const loadRouter = await need("loadRouter");
  const transferMessages = await need("transferMessages");
  const router = await loadRouter();
  const prefixes = new Map(router.registry.chains.map((chain) => [chain.chain_id, chain.bech32_prefix]));
  const words = bech32.toWords(new Uint8Array(20).fill(1));
  const addressOf = (chainId) => bech32.encode(prefixes.get(chainId), words);
  const natives = router.registry.assets.filter((asset) => asset.trace === "");
  const random = rng(10);
  const order = natives.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const capMs = quick ? 10_000 : 60_000;
  const budget = { warmupRuns: 2, minRuns: 5, maxRuns: 50, budgetMs: quick ? 1 : 3 };
  const [build, query, floor, ratios] = [[], [], [], []];
  let txs = 0;
  let forwards = 0;
  const start = now();
  for (const i of order) {
    if (now() - start > capMs) break;
    const from = { chain_id: natives[i].chain_id, denom: natives[i].denom };
    const reach = router.assetsFromSource({ source_asset_denom: from.denom, source_asset_chain_id: from.chain_id, allow_multi_tx: true }).dest_assets;
    for (const [chain_id, { assets }] of Object.entries(reach)) {
      for (const asset of assets) {
        if (now() - start > capMs) break;
        const to = { chain_id, denom: asset.denom };
        const q = measure(() => router.route(from, to), budget);
        const route = q.result;
        if (route === null || !isPlainIbc(route)) continue;
        const chainIds = [route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)];
        if (chainIds.some((id) => !prefixes.get(id))) continue;
        const addresses = Object.fromEntries(chainIds.map((id) => [id, addressOf(id)]));
        const request = { route, amount: "1000000", addresses, now_ms: 1_800_000_000_000 };
        const b = measure(() => transferMessages(router, request), budget);
        const objects = b.result.messages.map((message) => message.encode_object);
        const s = measure(() => JSON.stringify(objects), budget);
        build.push(b.median);
        query.push(q.median);
        floor.push(s.median);
        ratios.push(b.median / q.median);
        txs += b.result.messages.length;
        forwards += b.result.messages.filter((message) => message.hops.length > 1).length;
      }
    }
  }
  const note = `${build.length} plain IBC routes from a seeded sample of native sources (time cap ${capMs / 1000} s), ${txs} messages, ${forwards} with a forward memo`;
  return [
    costRow({
      scenario: "11 msgs, mainnet IBC routes",
      metric: "median build messages vs route query",
      value: median(build),
      baseline: median(query),
      max: 1.0,
      note: `${note}; median of per-route ratios ${median(ratios).toFixed(2)}x`,
    }),
    costRow({
      scenario: "11 msgs, mainnet IBC routes",
      metric: "median build messages vs JSON.stringify(messages)",
      value: median(build),
      baseline: median(floor),
      max: 10,
      note: "the floor: serialising the EncodeObjects the build returns; the build also checks the route against the registry (a SHA-256 per hop), decodes each address's bech32 and writes protobuf bytes",
    }),
  ];
}
