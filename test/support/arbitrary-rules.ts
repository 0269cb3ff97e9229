/**
 * Transfer rules for generated registries: on some chains, a receiver check for one of the
 * chain's own natives (Noble's blockibc shape) or a returning-only filter (Celestia's token
 * filter shape). The rules are data; what each does is the simulator's (test/msgs/ics20-simulator.ts).
 */
import fc from "fast-check";
import type { RegistryInput } from "../../src/index.js";

const SOURCE = [{ repository: "generated/test-chain", path: "x/rule.go", commit: "0".repeat(40) }];

export function withArbitraryRules(registries: fc.Arbitrary<RegistryInput>): fc.Arbitrary<RegistryInput> {
  return registries.chain((registry) => {
    const chains = registry.chains.map((chain) => chain.chain_id);
    const natives = registry.assets.filter((asset) => (asset.trace ?? "") === "");
    return fc
      .record({
        receivers: fc.subarray(natives, { maxLength: 2 }),
        filters: fc.subarray(chains, { maxLength: 1 }),
      })
      .map(({ receivers, filters }) => ({
        ...registry,
        transfer_rules: [
          ...receivers.map((asset) => ({ kind: "receiver_account" as const, chain_id: asset.chain_id, base_denoms: [asset.denom], summary: "generated receiver rule", sources: SOURCE })),
          ...filters.map((chain_id) => ({ kind: "inbound_returning_only" as const, chain_id, summary: "generated token filter", sources: SOURCE })),
        ],
      }));
  });
}
