/**
 * Issue 34: a snapshot's one-way facts (a transfer switch off, an exhausted IBC rate limit) over
 * generated registries: fast-check picks which switches are off and which limits (on real channel
 * ends and denoms, exhausted or not, a zero channel value among them) the chains report. The router
 * narrowed by that snapshot answers as the independent oracle does (test/oracle/oracle-state.ts,
 * written from docs/behaviour.md "Live network state"), every route it offers avoids every refused
 * hop, and a compiled dataset keeps the refusals.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildRouter, compileDataset, parseRegistry, withState, type RegistryInput, type StateSnapshotInput } from "../../src/index.js";
import { loadDataset } from "../../src/router/dataset-router.js";
import { arbitraryRoutingRegistry } from "../oracle/arbitrary-routing-registry.js";
import { compareBetween, compareFromSource, compareRoutesFrom } from "../oracle/compare.js";
import { Oracle } from "../oracle/oracle.js";
import { channelEnds, oracleIbcV2Client } from "../oracle/oracle-graph.js";
import { oracleOneWay, type OracleOneWay } from "../oracle/oracle-state.js";
import { propertyRuns } from "../support/property-runs.js";

const RUNS = { numRuns: propertyRuns(60) };
const AT = "2026-11-26T12:00:00.000Z";
const fact = <T>(value: T) => ({ value, read_at: AT, source: "manual: property" });

const draw = fc.record({
  /** Per chain (by position): [send_enabled, receive_enabled], mostly on. */
  switches: fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.nat(3)), { maxLength: 8 }),
  /** Limits: which end and which asset of its chain (by position), the quota and the flow. */
  limits: fc.array(
    fc.record({ end: fc.nat(), asset: fc.nat(), send: fc.nat(100), recv: fc.nat(100), inflow: fc.nat(1_200), outflow: fc.nat(1_200), value: fc.constantFrom(0, 1_000, 10_000) }),
    { maxLength: 6 },
  ),
});

/** The snapshot the draw describes, over the registry's own chains, channel ends and denoms (derived vouchers included). */
type Picks = typeof draw extends fc.Arbitrary<infer T> ? T : never;

function snapshotOf(input: RegistryInput, oracle: Oracle, picks: Picks): StateSnapshotInput {
  const registry = parseRegistry(structuredClone(input));
  const chains: Record<string, Record<string, unknown>> = {};
  const chainOf = (chainId: string) =>
    (chains[chainId] ??= { node_chain_id: fact(chainId), ends: [], transfer: fact({ send_enabled: true, receive_enabled: true }), rate_limits: fact({ module: "ibc-apps", limits: [] }) });
  registry.chains.forEach((chain, i) => {
    const [send, receive, weight] = picks.switches[i] ?? [true, true, 1];
    // Off only when drawn so and weighted in: most chains keep both switches on.
    chainOf(chain.chain_id).transfer = fact({ send_enabled: send || weight > 0, receive_enabled: receive || weight > 0 });
  });
  const ends = channelEnds(registry).filter((end) => end.from.chain_id !== end.to.chain_id);
  for (const limit of ends.length === 0 ? [] : picks.limits) {
    const end = ends[limit.end % ends.length]!;
    const onChain = oracle.assets.filter((asset) => asset.wire.chain_id === end.from.chain_id);
    if (onChain.length === 0) continue;
    const denom = onChain[limit.asset % onChain.length]!.wire.denom;
    const rateLimits = chainOf(end.from.chain_id).rate_limits as { value: { limits: unknown[] } };
    rateLimits.value.limits.push({
      denom,
      channel_or_client_id: end.from.channel_id,
      max_percent_send: String(limit.send),
      max_percent_recv: String(limit.recv),
      duration_hours: "24",
      inflow: String(limit.inflow),
      outflow: String(limit.outflow),
      channel_value: String(limit.value),
    });
  }
  return { format: "fungible-graph-state/2", created_at: AT, chains } as unknown as StateSnapshotInput;
}

/** Every IBC and Eureka hop of a route, as the oracle's refusal check reads it (an Eureka hop over its Cosmos side's client). */
function refusedHops(route: ReturnType<ReturnType<typeof buildRouter>["route"]>, registry: ReturnType<typeof parseRegistry>, oneWay: OracleOneWay): string[] {
  const ends = channelEnds(registry);
  return (route?.hops ?? []).flatMap((hop) => {
    if (hop.kind === "bridge" && hop.bridge === "EUREKA") {
      const refused = oneWay.refuses({ fromChain: hop.from.chain_id, fromChannel: oracleIbcV2Client(hop.from.trace), fromDenom: hop.from.denom, toChain: hop.to.chain_id, toChannel: oracleIbcV2Client(hop.to.trace), toDenom: hop.to.denom });
      return refused ? [`${hop.from.chain_id} EUREKA ${hop.from.denom} -> ${hop.to.chain_id}`] : [];
    }
    if (hop.kind !== "ibc") return [];
    const end = ends.find((e) => e.from.chain_id === hop.from.chain_id && e.from.channel_id === hop.channel && e.to.chain_id === hop.to.chain_id)!;
    const refused = oneWay.refuses({ fromChain: hop.from.chain_id, fromChannel: hop.channel, fromDenom: hop.from.denom, toChain: hop.to.chain_id, toChannel: end.to.channel_id, toDenom: hop.to.denom });
    return refused ? [`${hop.from.chain_id} ${hop.channel} ${hop.from.denom} -> ${hop.to.chain_id}`] : [];
  });
}

describe("one-way refusals of a state snapshot, against the oracle", () => {
  test("route, assets_from_source and assets_between_chains answer as the oracle; no offered route takes a refused hop; a dataset keeps them", () => {
    fc.assert(
      fc.property(arbitraryRoutingRegistry(), draw, (input, picks) => {
        const plainOracle = new Oracle(parseRegistry(structuredClone(input)));
        const snapshot = snapshotOf(input, plainOracle, picks);
        const oneWay = oracleOneWay(snapshot as unknown as Parameters<typeof oracleOneWay>[0]);
        const router = withState(buildRouter(parseRegistry(input)), snapshot);
        const oracle = new Oracle(parseRegistry(structuredClone(input)), oneWay);
        const registry = parseRegistry(structuredClone(input));
        oracle.assets.forEach((asset, i) => {
          compareRoutesFrom(router, oracle, i);
          compareFromSource(router, oracle, i, { allow_multi_tx: true });
          for (const to of oracle.assets) expect(refusedHops(router.route(asset.wire, to.wire), registry, oneWay)).toEqual([]);
        });
        for (const a of oracle.chainIds()) for (const b of oracle.chainIds()) if (a !== b) compareBetween(router, oracle, a, b, { allow_multi_tx: true, include_no_metadata_assets: true });
        const restored = loadDataset(compileDataset(router));
        expect(restored.registry.transfer_refusals).toEqual(router.registry.transfer_refusals);
        oracle.assets.forEach((_, i) => compareRoutesFrom(restored, oracle, i));
      }),
      RUNS,
    );
  });
});

describe("a registry's own transfer_refusals", () => {
  const input = { chains: [{ chain_id: "a-1" }, { chain_id: "b-1" }], assets: [{ chain_id: "a-1", denom: "ua" }], ibc_channels: [{ chain_1: { chain_id: "a-1", channel_id: "channel-0" }, chain_2: { chain_id: "b-1", channel_id: "channel-3" }, status: "ACTIVE" as const }] };
  const cited = { value: "false", read_at: AT, source: "manual: incident" };

  test("an operator's refusal stops that direction only; a channel without a denom, or an unknown chain, is refused", () => {
    const open = buildRouter(parseRegistry(input));
    expect(Object.keys(open.assetsFromSource({ source_asset_chain_id: "a-1", source_asset_denom: "ua" }).dest_assets)).toEqual(["b-1"]);
    const refusing = buildRouter(parseRegistry({ ...input, transfer_refusals: [{ code: "transfers_disabled", chain_id: "b-1", direction: "receive", ...cited }] }));
    expect(refusing.assetsFromSource({ source_asset_chain_id: "a-1", source_asset_denom: "ua" }).dest_assets).toEqual({});
    const voucher = open.assetsOnChain("b-1")[0]!;
    expect(refusing.route({ chain_id: "b-1", denom: voucher.denom }, { chain_id: "a-1", denom: "ua" })?.hops.length).toBe(1);
    expect(() => parseRegistry({ ...input, transfer_refusals: [{ code: "rate_limited", chain_id: "a-1", direction: "send", channel_id: "channel-0", ...cited }] })).toThrow(/a channel and a denom together/);
    expect(() => parseRegistry({ ...input, transfer_refusals: [{ code: "transfers_disabled", chain_id: "c-1", direction: "send", ...cited }] })).toThrow(/unknown chain "c-1"/);
  });
});
