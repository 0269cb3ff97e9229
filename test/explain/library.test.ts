/**
 * The case table against the library, plus what only the library shows: answers that agree
 * with assets_from_source, schema-valid responses, discovery and "did you mean" in query errors.
 */
import { describe, expect, test } from "vitest";
import { explain } from "../../src/entries/explain.js";
import { FungibleError, STATE_REASON_CODES } from "../../src/index.js";
import type { DenomSuggestion } from "../../src/model/suggest.js";
import { explainToDot, explainToMermaid } from "../../src/entries/render.js";
import { renderSvg } from "../../src/entries/svg.js";
import { ExplainResponseSchema, REASON_CODES } from "../../src/entries/schemas.js";
import { type AssetRouter, type ChainSummary } from "../../src/index.js";
import type { ExplainRequest } from "../../src/entries/explain.js";
import { ATOM_ON_OSMOSIS, checkExplain, checkPicture, EXPLAIN_CASES, FIXTURE_DENOMS, pictureRows } from "./cases.js";
import { fixtureGraph, graphOf, mainnetGraph } from "./graphs.js";

describe("explain: the case table on the library", () => {
  test.each(EXPLAIN_CASES.map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
    const answer = explain(await graphOf(testCase), testCase.request);
    expect(checkExplain(testCase, answer)).toEqual([]);
    expect(ExplainResponseSchema.safeParse(answer).success).toBe(true);
  }, 60_000);

  test.each(pictureRows())("%s", async (_name, testCase, format) => {
    const answer = explain(await graphOf(testCase), testCase.request);
    const text = format === "mermaid" ? explainToMermaid(answer) : format === "dot" ? explainToDot(answer) : await renderSvg(explainToDot(answer));
    expect(checkPicture(testCase, format, text)).toEqual([]);
  }, 60_000);

  test("the table covers every reason code, each INACTIVE and UNKNOWN channel, and each picture format", () => {
    const covered = new Set(EXPLAIN_CASES.flatMap((c) => c.codes));
    // Reasons from a state snapshot need a router narrowed by one: test/state/apply.test.ts covers each.
    // So do the one-way refusals (rate_limited): test/state/live-facts.test.ts and one-way.test.ts.
    // chain_killed needs a registry with a killed chain: test/registry/chain-registry-links.test.ts.
    const fromState = new Set<string>([...STATE_REASON_CODES, "rate_limited", "chain_killed"]);
    expect(REASON_CODES.filter((code) => !covered.has(code) && !fromState.has(code))).toEqual([]);
    const statuses = EXPLAIN_CASES.flatMap((c) => (c.facts ?? []).map((fact) => fact.has.status)).filter((status) => status !== undefined);
    expect(new Set(statuses)).toEqual(new Set(["INACTIVE", "UNKNOWN"]));
    expect(new Set(EXPLAIN_CASES.flatMap((c) => c.pictures ?? []))).toEqual(new Set(["mermaid", "dot", "svg"]));
    const missing = EXPLAIN_CASES.flatMap((c) => (c.facts ?? []).filter((f) => f.code === "needs_multiple_txs").map((f) => f.has.missing));
    expect(new Set(missing)).toEqual(new Set(["pfm", "forwards_after_bridge"]));
  });

  test("answers are readonly: the type says so (tsc checks the expect-error) and parsing freezes", () => {
    const answer = ExplainResponseSchema.parse({ verdict: { kind: "not_reachable", message: "x" }, source: null, dest_chain_id: "x", reachable: false, routes: [], reasons: [] });
    expect(() => {
      // @ts-expect-error readonly: an answer is not to be changed
      answer.reachable = true;
    }).toThrow(TypeError);
    const chain: ChainSummary = { ...fixtureGraph().chains()[0]! };
    // @ts-expect-error readonly too (a copy here: the library's own objects are left alone)
    chain.asset_count = 0;
    const suggestion: DenomSuggestion = { denom: "uatom" };
    // @ts-expect-error a suggestion is the wire schema's readonly type
    suggestion.denom = "x";
  });
});

describe("the verdict says what an option change would do", () => {
  // Checked by asking again: reachable_if's changes applied must reach; not_reachable must stay so
  // with every option applied after the search at its most permissive (the question kept).
  const PERMISSIVE = { allow_multi_tx: true, include_cw20_assets: true, include_evm_assets: true, include_no_metadata_assets: true, native_only: false, recommendation_reason: "UNKNOWN" } as const;
  const FLAG_SETS: Partial<ExplainRequest>[] = [{}, { native_only: true }, { recommendation_reason: "DIRECT" }, { recommendation_reason: "BASE_TOKEN", allow_multi_tx: true }, { include_swaps: true }];

  async function checkVerdicts(router: AssetRouter, requests: ExplainRequest[]): Promise<Record<string, number>> {
    const kinds: Record<string, number> = {};
    for (const request of requests) {
      const answer = explain(router, request);
      kinds[answer.verdict.kind] = (kinds[answer.verdict.kind] ?? 0) + 1;
      const what = JSON.stringify(request);
      expect(answer.verdict.kind === "reachable", what).toBe(answer.reachable);
      if (answer.verdict.kind === "reachable_if") {
        const changed = { ...request, ...Object.fromEntries(answer.verdict.changes.map((c) => [c.option, c.value])) };
        expect(explain(router, changed).reachable, `${what} with ${JSON.stringify(answer.verdict.changes)}`).toBe(true);
        // The fewest: no single change of those alone suffices when several are named.
        if (answer.verdict.changes.length > 1) {
          for (const change of answer.verdict.changes) expect(explain(router, { ...request, [change.option]: change.value }).reachable, `${what}: ${change.option} alone`).toBe(false);
        }
      }
      if (answer.verdict.kind === "not_reachable") expect(explain(router, { ...request, ...PERMISSIVE }).reachable, what).toBe(false);
    }
    return kinds;
  }

  test("fixture: every listed source to every chain, under several filter sets", async () => {
    const router = fixtureGraph();
    const requests = router.registry.assets.flatMap((source) =>
      router.chainIds().flatMap((dest) => FLAG_SETS.map((flags) => ({ source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, dest_chain_id: dest, ...flags }))),
    );
    const kinds = await checkVerdicts(router, requests);
    expect(Object.keys(kinds).sort()).toEqual(["not_reachable", "reachable", "reachable_if"]);
  });

  test("mainnet: Noble USDC and Osmosis OSMO to a few chains", async () => {
    const router = await mainnetGraph();
    const sources = [["noble-1", "uusdc"], ["osmosis-1", "uosmo"], ["axelar-dojo-1", "uusdc"]] as const;
    const requests = sources.flatMap(([chain, denom]) =>
      ["1", "1284", "cosmoshub-4", "osmosis-1", "pacific-1"].flatMap((dest) => FLAG_SETS.slice(0, 4).map((flags) => ({ source_asset_chain_id: chain, source_asset_denom: denom, dest_chain_id: dest, ...flags }))),
    );
    const kinds = await checkVerdicts(router, requests);
    expect(kinds["reachable_if"]).toBeGreaterThan(0);
  });
});

describe("explain agrees with assets_from_source", () => {
  // assets_from_source has no EVM or metadata filter: explain asks its question with both flags on
  // (off by default, as in assets_between_chains).
  test("reachable exactly for the chains assets_from_source lists (fixture, every source, its filters)", async () => {
    const router = fixtureGraph();
    const asFromSource = { include_cw20_assets: true, include_evm_assets: true, include_no_metadata_assets: true };
    for (const source of router.registry.assets) {
      const reach = router.assetsFromSource({ source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, include_cw20_assets: true });
      for (const chain of router.chains()) {
        const answer = explain(router, { source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, dest_chain_id: chain.chain_id, ...asFromSource });
        const listed = reach.dest_assets[chain.chain_id]?.assets.map((a) => a.denom) ?? [];
        expect(answer.routes.map((route) => route.to.denom).sort(), `${source.denom} -> ${chain.chain_id}`).toEqual([...listed].sort());
      }
    }
  });
});

describe("discovery", () => {
  test("chains lists every chain with flags and counts", () => {
    const chains = fixtureGraph().chains();
    expect(chains.map((c) => c.chain_id)).toEqual(["8453", "alpha-1", "beta-1", "delta-1", "epsilon-1", "gamma-1", "hub-1", "island-1", "zeta-1"]);
    expect(chains.find((c) => c.chain_id === "hub-1")).toMatchObject({ chain_name: "hub", pfm_enabled: true, forwards_after_bridge: true });
    expect(chains.find((c) => c.chain_id === "alpha-1")).toMatchObject({ pfm_enabled: false, asset_count: 4 });
  });

  test("assetsOnChain lists listed and derived assets; an unknown chain suggests its id", () => {
    const hub = fixtureGraph().assetsOnChain("hub-1");
    expect(hub.find((a) => a.denom === "uhub")).toMatchObject({ symbol: "HUB", has_metadata: true, listed: true, origin_chain_id: "hub-1" });
    expect(hub.some((a) => !a.listed && !a.has_metadata && a.origin_denom === "ubeta")).toBe(true);
    expect(() => fixtureGraph().assetsOnChain("Hub Chain")).toThrow(/did you mean "hub-1"/);
  });
});

describe("did you mean, and ibc/ denoms in any case, in the queries", () => {
  test("assetsFromSource names the chain id of a chain name (mainnet)", async () => {
    const router = await mainnetGraph();
    const call = () => router.assetsFromSource({ source_asset_chain_id: "cosmoshub", source_asset_denom: "uatom" });
    expect(call).toThrow(FungibleError);
    expect(call).toThrow('assetsFromSource: chain "cosmoshub" is not in the registry; did you mean "cosmoshub-4"?');
  }, 60_000);

  test("a symbol suggests its IBC denom (mainnet)", async () => {
    const router = await mainnetGraph();
    expect(() => router.assetsFromSource({ source_asset_chain_id: "osmosis-1", source_asset_denom: "ATOM" })).toThrow(
      `did you mean "${ATOM_ON_OSMOSIS}" (ATOM)`,
    );
  }, 60_000);

  test("a lower-case ibc/ denom is accepted; answers keep the registry's spelling", async () => {
    const router = await mainnetGraph();
    const lower = ATOM_ON_OSMOSIS.toLowerCase();
    const route = router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: lower });
    expect(route?.to.denom).toBe(ATOM_ON_OSMOSIS);
    const reach = router.assetsFromSource({ source_asset_chain_id: "osmosis-1", source_asset_denom: lower });
    expect(reach).toEqual(router.assetsFromSource({ source_asset_chain_id: "osmosis-1", source_asset_denom: ATOM_ON_OSMOSIS }));
  }, 60_000);

  test("nothing close: the message stays plain", () => {
    expect(() => fixtureGraph().assetsFromSource({ source_asset_chain_id: "nowhere-9", source_asset_denom: "x" })).toThrow(
      /^assetsFromSource: chain "nowhere-9" is not in the registry$/,
    );
    expect(() => fixtureGraph().route({ chain_id: "hub-1", denom: "zzzzzzzz" }, { chain_id: "alpha-1", denom: FIXTURE_DENOMS.hubOnAlpha })).toThrow(
      /^route: asset "zzzzzzzz" on chain "hub-1" is not in the registry$/,
    );
  });
});

describe("registry notes from the chain-registry adapter (mainnet)", () => {
  test("issues with a subject become notes explain can cite", async () => {
    const router = await mainnetGraph();
    const codes = new Set(router.notes.map((note) => note.code));
    expect(codes.has("unrouted_bridge")).toBe(true);
    const note = router.notes.find((n) => n.code === "unrouted_bridge" && n.counterparty_chain_id !== undefined)!;
    expect(router.registry.assets.some((a) => a.chain_id === note.chain_id && a.denom === note.denom)).toBe(true);
  }, 60_000);

  test("explain cites an unrouted bridge for the asset it would have moved", async () => {
    const router = await mainnetGraph();
    const note = router.notes.find(
      (n) =>
        n.code === "unrouted_bridge" &&
        n.counterparty_chain_id !== undefined &&
        router.registry.assets.some((a) => a.chain_id === n.counterparty_chain_id && a.denom === n.counterparty_denom) &&
        router.registry.chains.some((c) => c.chain_id === n.chain_id),
    );
    expect(note).toBeDefined();
    const answer = explain(router, {
      source_asset_chain_id: note!.counterparty_chain_id!,
      source_asset_denom: note!.counterparty_denom!,
      dest_chain_id: note!.chain_id!,
      dest_asset_denom: note!.denom!,
    });
    expect(answer.reachable).toBe(false);
    expect(answer.reasons).toContainEqual(expect.objectContaining({ code: "bridge_not_routed", provider: note!.provider, denom: note!.denom }));
  }, 60_000);
});
