/**
 * Issue 25: a multi-hop voucher the registry neither lists nor derives, decoded, as a source. Over
 * generated registries: a native is forwarded along 2 or 3 ACTIVE transfer channels (no chain
 * twice); the voucher that lands is asked about as a source. assets_from_source and route agree
 * with the independent oracle given that voucher (`Oracle.addVoucher`, written from the ICS-20
 * unwind rule), every route's first hops unwind its trace, and the transfer messages of each plain
 * IBC route carry the tokens through the ICS-20 + PFM simulator (test/msgs) to the route's denom.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ibcDenom, type AssetRouter, type AssetsFromSourceRequest } from "../../src/index.js";
import { transferMessages } from "../../src/entries/msgs.js";
import { unwindTrace } from "../../src/denom/trace.js";
import { addressesOf, deliver, NOW_MS } from "../msgs/world.js";
import { propertyRuns } from "../support/property-runs.js";
import { walkActiveChannels } from "../support/arbitrary-registry.js";
import { arbitraryRoutingRegistry } from "./arbitrary-routing-registry.js";
import { bothFor, engineRoute, oracleRoute, withKeyOrder } from "./compare.js";

const RUNS = { numRuns: propertyRuns(150) };

const FLAGS: Omit<AssetsFromSourceRequest, "source_asset_denom" | "source_asset_chain_id">[] = [
  {},
  { allow_multi_tx: true },
  { allow_multi_tx: true, native_only: true },
  { recommendation_reason: "DIRECT", allow_multi_tx: true },
  { recommendation_reason: "MOST_LIQUID", allow_multi_tx: true },
];

interface Walked {
  chainId: string;
  trace: string;
  originChain: string;
  originDenom: string;
}

/** A native forwarded over `steps` ACTIVE transfer channels, visiting no chain twice (as the decode table walks). */
function walk(router: AssetRouter, pick: number, steps: readonly number[]): Walked | undefined {
  const natives = router.registry.assets.filter((a) => a.trace === "" && a.origin_chain_id === a.chain_id && a.origin_denom === a.denom && !a.is_evm);
  if (natives.length === 0) return undefined;
  const native = natives[pick % natives.length]!;
  const { at, trace } = walkActiveChannels(router.registry.ibc_channels, native.chain_id, steps);
  return trace.split("/").length < 4 ? undefined : { chainId: at, trace, originChain: native.chain_id, originDenom: native.denom };
}

describe("a decoded multi-hop voucher as a source (generated registries)", () => {
  test("answers as the oracle does; its routes unwind its trace first; their messages deliver", () => {
    let checked = 0;
    fc.assert(
      fc.property(arbitraryRoutingRegistry(), fc.nat(), fc.array(fc.nat(), { minLength: 2, maxLength: 3 }), (drawn, pick, steps) => {
        // Every chain gets a bech32 prefix, so the messages of every plain IBC route can be built.
        const input = { ...drawn, chains: drawn.chains!.map((chain, i) => ({ ...chain, bech32_prefix: `p${"abcdefghij"[i]}` })) };
        const { routeIndex: router, oracle } = bothFor(input);
        const walked = walk(router, pick, steps);
        if (walked === undefined) return;
        const denom = ibcDenom(walked.trace, walked.originDenom);
        // Listed (or a channel copy makes it derivable another way): an ordinary source, not this property's case.
        if (oracle.indexOf({ chain_id: walked.chainId, denom }) !== undefined) return;
        const canonical = oracle.assets.length;
        const source = oracle.addVoucher(walked.chainId, walked.trace, walked.originChain, walked.originDenom);
        checked++;
        for (const flags of FLAGS) {
          const request = { source_asset_chain_id: walked.chainId, source_asset_denom: denom, ...flags };
          expect(withKeyOrder(router.assetsFromSource(request)), JSON.stringify(request)).toEqual(withKeyOrder(oracle.assetsFromSource(request)));
        }
        const from = { chain_id: walked.chainId, denom };
        oracle.assets.forEach(({ wire: to }, target) => {
          if (target === source) return;
          const route = router.route(from, to);
          expect(engineRoute(route), `route to ${to.chain_id} ${to.denom}`).toEqual(oracleRoute(oracle.route(from, to)));
          if (route === null) return;
          // Each hop from a voucher the registry does not have unwinds it (ICS-20), until the route reaches one it has.
          for (const hop of route.hops) {
            if (oracle.indexOf(hop.from)! < canonical) break;
            const unwound = unwindTrace(hop.from.trace)!;
            expect(hop).toMatchObject({ kind: "ibc", port: unwound.hop.port, channel: unwound.hop.channel, to: { trace: unwound.rest, origin_denom: walked.originDenom } });
          }
          expect(route.hops[0]).toMatchObject({ kind: "ibc", channel: walked.trace.split("/")[1], starts_tx: true });
          if (!route.hops.every((hop) => hop.kind === "ibc" && hop.part_of === undefined && hop.port === "transfer")) return;
          const chainIds = [...new Set([route.from.chain_id, ...route.hops.map((hop) => hop.to.chain_id)])];
          const addresses = addressesOf(router, chainIds);
          const built = transferMessages(router, { route, amount: "1000", addresses, now_ms: NOW_MS });
          expect(Object.fromEntries(deliver(router, route, built, addresses, 1000n).received)).toEqual({ [route.to.denom]: 1000n });
        });
      }),
      RUNS,
    );
    // The generator must reach the case at all (a few in a hundred registries would be enough).
    expect(checked).toBeGreaterThan(0);
  });
});
