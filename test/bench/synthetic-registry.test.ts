/**
 * The growth scenario's generator: reproducible from its seed, valid in the project format, with
 * the profiled proportions kept at scale, and every listed voucher's denom and first hop real.
 * No timing here: timings live in `npm run bench` only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { shippedRouter } from "../support/shipped-router.js";
import { parseRegistry, type Registry } from "../../src/index.js";
import { registryProfile, type RegistryProfile } from "../../bench/registry-profile.mjs";
import { syntheticRegistry } from "../../bench/synthetic-registry.mjs";
import { oracleIbcDenom } from "../oracle/oracle-graph.js";

let profile: RegistryProfile;

beforeAll(async () => {
  // The mainnet registry as shipped (test/support/shipped-router.ts): the bench profiles the same data.
  profile = registryProfile((await shippedRouter()).registry);
});

describe("syntheticRegistry", () => {
  it.each([1, 7, 20240607])("is the same registry for the same seed (seed %i)", (seed) => {
    const a = JSON.stringify(syntheticRegistry(profile, { scale: 1, seed }).registry);
    const b = JSON.stringify(syntheticRegistry(profile, { scale: 1, seed }).registry);
    expect(a, `seed ${seed}`).toBe(b);
  });

  it("differs between seeds", () => {
    const a = JSON.stringify(syntheticRegistry(profile, { scale: 1, seed: 1 }).registry);
    const b = JSON.stringify(syntheticRegistry(profile, { scale: 1, seed: 2 }).registry);
    expect(a).not.toBe(b);
  });

  it.each([1, 3])("keeps the profiled proportions at %ix (seed 11)", (scale) => {
    const { registry, stats } = syntheticRegistry(profile, { scale, seed: 11 });
    const counts = registryProfile(parseRegistry(registry)).counts;
    const real = profile.counts;
    const within = (value: number, expected: number, tolerance: number, what: string) =>
      expect(Math.abs(value / expected - 1), `${what}: ${value} vs ${expected} (scale ${scale}, seed 11)`).toBeLessThan(tolerance);
    expect(counts.chains).toBe(real.chains * scale);
    expect(counts.natives).toBe(real.natives * scale);
    within(counts.vouchers, real.vouchers * scale, 0.1, "listed vouchers");
    within(counts.connected_pairs, real.connected_pairs * scale, 0.05, "connected pairs");
    within(counts.ibc_channels, real.ibc_channels * scale, 0.1, "channels");
    within(counts.bridge_links, real.bridge_links * scale, 0.1, "bridge links");
    expect(stats.droppedVouchers / (real.vouchers * scale)).toBeLessThan(0.1);
  });

  it("lists vouchers whose denom hashes their trace and whose first hop is a channel of their chain (seed 5)", () => {
    const registry: Registry = parseRegistry(syntheticRegistry(profile, { scale: 1, seed: 5 }).registry);
    const ends = new Set(registry.ibc_channels.flatMap((c) => [c.chain_1, c.chain_2].map((e) => `${e.chain_id} ${e.port_id} ${e.channel_id}`)));
    for (const asset of registry.assets.filter((a) => a.trace !== "")) {
      expect(asset.denom, `seed 5: ${asset.chain_id} ${asset.trace}`).toBe(oracleIbcDenom(asset.trace, asset.origin_denom));
      const [port, channel] = asset.trace.split("/");
      expect(ends.has(`${asset.chain_id} ${port} ${channel}`), `seed 5: ${asset.chain_id} ${asset.trace}`).toBe(true);
    }
  });
});
