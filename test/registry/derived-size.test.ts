/**
 * Issue 23: a registry whose natives would derive more vouchers than the documented bound is
 * refused before anything is built: `validateRegistry` reports a fatal `derived_too_large`, and
 * `buildRouter` throws `invalid_registry` naming the count and the bound. The bound counts what
 * the derivation would make (natives times the chains one ACTIVE transfer channel away), checked
 * here against the derivation itself on a registry below it.
 */
import { describe, expect, it } from "vitest";
import { buildRouter, compileDataset, parseRegistry, type RegistryInput } from "../../src/index.js";
import { derivedSize, MAX_DERIVED_FLOOR, MAX_DERIVED_PER_RECORD } from "../../src/registry/derived-size.js";
import { validateRegistry } from "../../src/registry/validate.js";
import { routeIndexOfRouter } from "../../src/router/core.js";

/** `chains` chains, every pair joined by an ACTIVE transfer channel, `natives` native assets on each. */
function mesh(chains: number, natives: number): RegistryInput {
  const ids = Array.from({ length: chains }, (_, i) => `mesh-${i}`);
  const channels: RegistryInput["ibc_channels"] = [];
  const next = new Map<string, number>();
  const channelOf = (id: string) => {
    const n = next.get(id) ?? 0;
    next.set(id, n + 1);
    return `channel-${n}`;
  };
  for (let a = 0; a < chains; a++) {
    for (let b = a + 1; b < chains; b++) {
      channels.push({ chain_1: { chain_id: ids[a]!, channel_id: channelOf(ids[a]!) }, chain_2: { chain_id: ids[b]!, channel_id: channelOf(ids[b]!) }, status: "ACTIVE" });
    }
  }
  return {
    chains: ids.map((chain_id) => ({ chain_id })),
    assets: ids.flatMap((chain_id) => Array.from({ length: natives }, (_, i) => ({ chain_id, denom: `u${i}`, symbol: `T${i}` }))),
    ibc_channels: channels,
  };
}

describe("the bound on derived vouchers", () => {
  it("is the derivation's own count, or above it, on a registry below the bound", () => {
    const registry = parseRegistry(mesh(12, 3));
    const router = buildRouter(registry);
    const derived = routeIndexOfRouter(router).model.facts.derived_end.length;
    expect(derived).toBe(12 * 3 * 11);
    expect(derivedSize(registry).bound).toBeGreaterThanOrEqual(derived);
    expect(validateRegistry(registry).filter((issue) => issue.code === "derived_too_large")).toEqual([]);
    expect(() => compileDataset(router)).not.toThrow();
  });

  it("refuses a dense mesh past it: validate says fatal, the loader throws invalid_registry, both naming the numbers", () => {
    // 60 chains, all joined, 100 natives each: 354,000 vouchers from 7,770 records.
    const registry = parseRegistry(mesh(60, 100));
    const { bound, limit } = derivedSize(registry);
    expect(bound).toBe(60 * 100 * 59);
    expect(limit).toBe(Math.max(MAX_DERIVED_FLOOR, MAX_DERIVED_PER_RECORD * (6000 + 1770)));
    const fatal = validateRegistry(registry).filter((issue) => issue.code === "derived_too_large");
    expect(fatal).toEqual([expect.objectContaining({ severity: "fatal", where: "ibc_channels", message: expect.stringContaining(`up to ${bound} IBC vouchers`) })]);
    const started = performance.now();
    expect(() => buildRouter(registry)).toThrow(expect.objectContaining({ code: "invalid_registry", message: expect.stringMatching(/too large to build: .*354000.*past the bound of 250000/) }));
    // Refused before deriving: no time spent building 354,000 vouchers.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
