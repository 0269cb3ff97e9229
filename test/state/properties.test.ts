/**
 * The live-state rule as a property (docs/behaviour.md "Live network state"): over generated
 * registries and generated snapshots of their channel ends, no route any query answers crosses a
 * dead hop (an end not OPEN, or a light client Expired or Frozen on either side), and a snapshot
 * only removes hops from channels it knows something of: an empty one answers as the registry.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildRouter, parseRegistry, withState, STATE_FORMAT, type ChannelEndState, type RegistryInput } from "../../src/index.js";
import { arbitraryRegistry } from "../support/arbitrary-registry.js";
import { propertyRuns } from "../support/property-runs.js";
import { endState } from "./snapshots.js";

const RUNS = { numRuns: propertyRuns(40) };

const endFacts = fc.record({
  known: fc.boolean(),
  state: fc.constantFrom("OPEN", "OPEN", "OPEN", "CLOSED", "INIT", "UNKNOWN"),
  status: fc.constantFrom("Active", "Active", "Active", "Expired", "Frozen", "Unknown"),
});

/** A registry and a snapshot of some of its channel ends; the keys of the dead ends' channels. */
const registryAndState = arbitraryRegistry().chain((input: RegistryInput) => {
  const registry = parseRegistry(input);
  const ends = registry.ibc_channels.flatMap((channel) => [channel.chain_1, channel.chain_2]);
  return fc.array(endFacts, { minLength: ends.length, maxLength: ends.length }).map((facts) => {
    const chains: Record<string, { node_chain_id: { value: string; read_at: string; source: string }; errors: string[]; ends: ChannelEndState[] }> = {};
    const dead = new Set<string>();
    facts.forEach((fact, i) => {
      if (!fact.known) return;
      const end = ends[i]!;
      const chain = (chains[end.chain_id] ??= { node_chain_id: { value: end.chain_id, read_at: "2026-01-01T00:00:00Z", source: "generated" }, errors: [], ends: [] });
      chain.ends.push(endState({ chain: end.chain_id, channel: end.channel_id, port: end.port_id, state: fact.state as ChannelEndState["state"]["value"], status: fact.status as ChannelEndState["client_status"]["value"], readAt: "2026-01-01T00:00:00Z" }));
      const isDead = (fact.state !== "OPEN" && fact.state !== "UNKNOWN") || fact.status === "Expired" || fact.status === "Frozen";
      // A dead end kills its channel: both ends' hops go.
      const channel = registry.ibc_channels[i >> 1]!;
      if (isDead) for (const e of [channel.chain_1, channel.chain_2]) dead.add(`${e.chain_id}\u0000${e.port_id}\u0000${e.channel_id}`);
    });
    return { registry, state: { format: STATE_FORMAT, created_at: "2026-01-01T00:00:00Z", chains }, dead };
  });
});

describe("live state over generated registries", () => {
  test("no route of assets_from_source (any flags) or route() crosses a dead hop", () => {
    fc.assert(
      fc.property(registryAndState, fc.boolean(), fc.boolean(), ({ registry, state, dead }, allowMultiTx, includeSwaps) => {
        const router = withState(buildRouter(registry), state);
        for (const source of registry.assets) {
          const answer = router.assetsFromSource({ source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, allow_multi_tx: allowMultiTx, include_swaps: includeSwaps, include_cw20_assets: true });
          for (const group of Object.values(answer.dest_assets)) {
            for (const asset of group.assets) {
              const route = router.route(source, { chain_id: asset.chain_id, denom: asset.denom }, { include_swaps: includeSwaps });
              expect(route).not.toBeNull();
              for (const hop of route!.hops) {
                if (hop.kind !== "ibc") continue;
                expect(dead.has(`${hop.from.chain_id}\u0000${hop.port}\u0000${hop.channel}`), `${hop.from.chain_id} ${hop.port}/${hop.channel} is dead`).toBe(false);
              }
            }
          }
        }
      }),
      RUNS,
    );
  });

  test("an empty snapshot answers every question as the registry does", () => {
    fc.assert(
      fc.property(arbitraryRegistry(), (input) => {
        const plain = buildRouter(parseRegistry(input));
        const narrowed = withState(plain, { format: STATE_FORMAT, created_at: "2026-01-01T00:00:00Z", chains: {} });
        for (const source of plain.registry.assets) {
          const request = { source_asset_chain_id: source.chain_id, source_asset_denom: source.denom, allow_multi_tx: true, include_cw20_assets: true };
          expect(narrowed.assetsFromSource(request)).toEqual(plain.assetsFromSource(request));
        }
      }),
      RUNS,
    );
  });
});
