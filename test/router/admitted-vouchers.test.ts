/**
 * Fair budgets (issue 33 item 6, docs/behaviour.md §2): decoded vouchers are kept as assets in a
 * bounded LRU, so a flood of distinct decodable denoms never turns another request into a 503, and
 * the answer for a denom never depends on what was asked before. The oracle is a fresh router asked
 * nothing before; the denoms are made here by ICS-20's rule (the trace of a voucher lists the
 * receiving end of each hop, the last hop first), walking this file's channels by hand.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { createFetchHandler } from "../../src/entries/http.js";
import { buildRouter, ibcDenom, parseRegistry, type AssetRouter } from "../../src/index.js";
import { ADMITTED_MIN } from "../../src/model/admitted-vouchers.js";
import { buildModel } from "../../src/model/build-model.js";
import type { Model } from "../../src/model/model.js";
import type { RouteIndex } from "../../src/query/route-index.js";
import { routeIndexOf } from "../../src/query/route-tables.js";
import { routerOf } from "../../src/router/build-router.js";
import { ROUTER_BRAND } from "../../src/router/router.js";

const LIMIT = 8;

// a-1 and b-1 share two ACTIVE transfer channels: the router derives single-hop vouchers over one,
// so the vouchers over the other decode, and so do the 2- and 3-hop ones built on them.
const CHANNELS = [
  ["a-1", "channel-0", "b-1", "channel-5"],
  ["a-1", "channel-3", "b-1", "channel-7"],
  ["b-1", "channel-6", "c-1", "channel-9"],
  ["c-1", "channel-2", "d-1", "channel-4"],
  ["a-1", "channel-1", "e-1", "channel-8"],
] as const;
const NATIVES: [string, string][] = [...["u0", "u1", "u2", "u3", "u4", "u5"].map((denom): [string, string] => ["a-1", denom]), ["e-1", "ue"]];

const REGISTRY = {
  chains: ["a-1", "b-1", "c-1", "d-1", "e-1"].map((chain_id, i) => ({ chain_id, pfm_enabled: i % 2 === 1 })),
  assets: NATIVES.map(([chain_id, denom]) => ({ chain_id, denom, symbol: denom.toUpperCase(), decimals: 6 })),
  ibc_channels: CHANNELS.map(([chain1, channel1, chain2, channel2]) => ({
    chain_1: { chain_id: chain1, channel_id: channel1 },
    chain_2: { chain_id: chain2, channel_id: channel2 },
    status: "ACTIVE",
  })),
};

interface Held {
  chain_id: string;
  denom: string;
}

/** Every voucher of every native over 1 to 3 hops that visit no chain twice (the decodable ones and the derived ones). */
function vouchers(): Held[] {
  const found: Held[] = [];
  const walk = (at: string, trace: string, base: string, visited: Set<string>, depth: number) => {
    for (const [chain1, channel1, chain2, channel2] of CHANNELS) {
      for (const [from, to, arrivingEnd] of [[chain1, chain2, channel2], [chain2, chain1, channel1]] as const) {
        if (from !== at || visited.has(to)) continue;
        const next = trace === "" ? `transfer/${arrivingEnd}` : `transfer/${arrivingEnd}/${trace}`;
        found.push({ chain_id: to, denom: ibcDenom(next, base) });
        if (depth < 3) walk(to, next, base, new Set([...visited, to]), depth + 1);
      }
    }
  };
  for (const [chain, base] of NATIVES) walk(chain, "", base, new Set([chain]), 1);
  return found;
}

const VOUCHERS = vouchers();
const NATIVE_REFS: Held[] = NATIVES.map(([chain_id, denom]) => ({ chain_id, denom }));

function limitedRouter(limit = LIMIT): AssetRouter {
  const registry = parseRegistry(REGISTRY);
  return routerOf(registry, routeIndexOf(buildModel(registry, undefined, { admittedLimit: limit })), { source: "registry" });
}

function modelOf(router: AssetRouter): Model {
  return (router[ROUTER_BRAND] as unknown as { routeIndex: RouteIndex }).routeIndex.model;
}

/** What a router answers for `held` as a source: everything it reaches (one and several transactions) and its route home. */
function answers(router: AssetRouter, held: Held) {
  // Decoded and derived vouchers have no metadata here: the default would hide them.
  const source = { source_asset_chain_id: held.chain_id, source_asset_denom: held.denom, include_no_metadata_assets: true };
  return {
    single: router.assetsFromSource(source),
    multi: router.assetsFromSource({ ...source, allow_multi_tx: true }),
    home: NATIVE_REFS.map((native) => router.route(held, native)),
  };
}

const fresh = new Map<string, ReturnType<typeof answers>>();
/** The answer of a router that was asked nothing before. */
function freshAnswers(held: Held) {
  const key = `${held.chain_id} ${held.denom}`;
  let found = fresh.get(key);
  if (found === undefined) fresh.set(key, (found = answers(buildRouter(parseRegistry(REGISTRY)), held)));
  return found;
}

/** The vouchers that decode (neither listed nor derived), and among them those that unwind through two more. */
function decodable(): { all: Held[]; deepest: Held[] } {
  const model = modelOf(limitedRouter(1000));
  const all = VOUCHERS.filter((held) => model.assetIndexOf(held.chain_id, held.denom) === undefined);
  const admittedChain = (index: number): number => (index < model.canonicalCount ? 0 : 1 + admittedChain(model.hopsOf(index)[0]!.to));
  return { all, deepest: all.filter((held) => admittedChain(model.admitIbcDenom(held.chain_id, held.denom)!) === 3) };
}

describe("decoded vouchers kept in a bounded LRU", () => {
  test("the walk gives many more decodable denoms than the limit, some unwinding through two more decoded vouchers", () => {
    const model = modelOf(limitedRouter(1000));
    const { all, deepest } = decodable();
    expect(all.length).toBeGreaterThan(3 * LIMIT);
    for (const held of all) expect(model.admitIbcDenom(held.chain_id, held.denom)).toBeGreaterThanOrEqual(model.canonicalCount);
    // Each distinct denom is an asset of its own.
    expect(model.assetCount() - model.canonicalCount).toBe(all.length);
    expect(deepest.length).toBeGreaterThan(0);
  });

  test("property: whatever was asked before, each denom's answer is a fresh router's", () => {
    // A few denoms per case, asked in any order with repeats: past the limit, some are given up and asked again.
    const pool = [...VOUCHERS, ...NATIVE_REFS];
    const sequences = fc
      .shuffledSubarray(pool, { minLength: 4, maxLength: 14 })
      .chain((few) => fc.array(fc.constantFrom(...few), { minLength: 1, maxLength: 40 }));
    fc.assert(
      fc.property(sequences, (asked) => {
        const router = limitedRouter();
        const model = modelOf(router);
        for (const held of asked) {
          expect(answers(router, held)).toEqual(freshAnswers(held));
          expect(model.assetCount()).toBeLessThanOrEqual(model.canonicalCount + LIMIT);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("at the least limit, a request naming two decoded vouchers (each with the vouchers it unwinds through) keeps both", () => {
    expect(() => buildModel(parseRegistry(REGISTRY), undefined, { admittedLimit: ADMITTED_MIN - 1 })).toThrow(RangeError);
    const router = limitedRouter(ADMITTED_MIN);
    const model = modelOf(router);
    const deep = VOUCHERS.filter((held) => held.chain_id === "d-1" || held.chain_id === "c-1").filter((held) => model.assetIndexOf(held.chain_id, held.denom) === undefined);
    const pairs = deep.flatMap((source, i) => deep.slice(i + 1, i + 4).map((dest) => [source, dest] as const));
    expect(pairs.length).toBeGreaterThan(ADMITTED_MIN);
    for (const [source, dest] of pairs) {
      const request = { source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, dest_chain_id: dest.chain_id, dest_asset_denom: dest.denom };
      expect(explain(router, request)).toEqual(explain(buildRouter(parseRegistry(REGISTRY)), request));
      expect(model.assetCount()).toBeLessThanOrEqual(model.canonicalCount + ADMITTED_MIN);
    }
  });
});

describe("a one-client flood over HTTP", () => {
  const FROM_SOURCE = "http://service.test/v2/fungible/assets_from_source";
  const post = (held: Held, client: string) =>
    new Request(FROM_SOURCE, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify({ source_asset_chain_id: held.chain_id, source_asset_denom: held.denom, allow_multi_tx: true, include_no_metadata_assets: true }),
    });

  test("while one client floods, another's denom keeps its answer; then its new denom is answered 200, and the flood's again alike", async () => {
    const router = limitedRouter();
    const model = modelOf(router);
    // No kept answers: every request reaches the model.
    const handler = createFetchHandler(router, { answerCacheBytes: 0 });
    const ask = async (held: Held, client: string) => {
      const response = await handler(post(held, client));
      expect(response.status).toBe(200);
      return response.json();
    };
    const fresh = (held: Held) => JSON.parse(JSON.stringify(freshAnswers(held).multi)) as unknown;
    const { all, deepest } = decodable();
    // The other client's: one it asks all along (it unwinds through two decoded vouchers), one it asks last.
    const steady = deepest[0]!;
    const [late, ...flood] = all.filter((held) => held !== steady);
    expect(flood.length).toBeGreaterThan(3 * LIMIT);
    const first = new Map<Held, unknown>();
    for (const [i, held] of flood.entries()) {
      first.set(held, await ask(held, "192.0.2.1"));
      expect(first.get(held)).toEqual(fresh(held));
      if (i % 3 === 0) expect(await ask(steady, "198.51.100.7")).toEqual(fresh(steady));
      expect(model.assetCount()).toBeLessThanOrEqual(model.canonicalCount + LIMIT);
    }
    expect(await ask(late!, "198.51.100.7")).toEqual(fresh(late!));
    for (const held of flood) expect(await ask(held, "192.0.2.1")).toEqual(first.get(held));
    expect(model.assetCount()).toBeLessThanOrEqual(model.canonicalCount + LIMIT);
  });
});
