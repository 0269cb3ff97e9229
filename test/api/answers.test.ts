/**
 * Answers are plain data: every object has Object.prototype (so `hasOwnProperty`, `toString`
 * and friends work), every list is an Array, and a chain whose id is `__proto__` or `constructor`
 * (fixtures/http-registry.json has both) is an own key holding its group, the prototype untouched.
 */
import { describe, expect, it } from "vitest";
import { buildRouter, parseRegistry, type AssetsFromSourceResponse } from "../../src/index.js";
import { explain } from "../../src/entries/explain.js";
import { fixtureRegistry } from "../support/fixtures.js";

const router = buildRouter(parseRegistry(fixtureRegistry("http-registry.json")));
const ATOM = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" };

/** Every object reachable from `value` whose prototype is neither Object.prototype nor Array.prototype, by path. */
function oddPrototypes(value: unknown, path = "answer"): string[] {
  if (typeof value !== "object" || value === null) return [];
  const prototype = Object.getPrototypeOf(value) as unknown;
  const odd = prototype === Object.prototype || prototype === Array.prototype ? [] : [path];
  return [...odd, ...Object.entries(value).flatMap(([key, child]) => oddPrototypes(child, `${path}.${key}`))];
}

/** A source whose answer has a group for `chainId`: found, not assumed, so the fixture may change. */
function reachingChain(chainId: string): AssetsFromSourceResponse {
  for (const chain of router.chains()) {
    for (const asset of router.assetsOnChain(chain.chain_id)) {
      const answer = router.assetsFromSource({ source_asset_chain_id: asset.chain_id, source_asset_denom: asset.denom, allow_multi_tx: true });
      if (Object.hasOwn(answer.dest_assets, chainId)) return answer;
    }
  }
  throw new Error(`no asset of the fixture reaches ${chainId}`);
}

describe("answers are plain objects", () => {
  it("dest_assets has Object.prototype: hasOwnProperty works on it", () => {
    const { dest_assets } = router.assetsFromSource(ATOM);
    expect(Object.getPrototypeOf(dest_assets)).toBe(Object.prototype);
    expect(dest_assets.hasOwnProperty("osmosis-1")).toBe(true);
    expect(dest_assets.hasOwnProperty("no-such-chain")).toBe(false);
  });

  it.each(["__proto__", "constructor"])("a chain id %s is an own key holding its group; the prototype is untouched", (chainId) => {
    const { dest_assets } = reachingChain(chainId);
    const group = Object.getOwnPropertyDescriptor(dest_assets, chainId)?.value as { assets: { chain_id: string }[] } | undefined;
    expect(group?.assets.length).toBeGreaterThan(0);
    expect(group?.assets.every((asset) => asset.chain_id === chainId)).toBe(true);
    expect(Object.keys(dest_assets)).toContain(chainId);
    expect(Object.getPrototypeOf(dest_assets)).toBe(Object.prototype);
    expect(dest_assets.hasOwnProperty(chainId)).toBe(true);
    expect(({} as Record<string, unknown>).assets).toBeUndefined(); // Object.prototype not polluted
    expect(JSON.stringify(dest_assets)).toContain(`"${chainId}":{"assets":[`);
  });

  it("no answer of any method holds a null-prototype (or other odd) object", () => {
    const destChain = router.chainIds().find((id) => id !== "cosmoshub-4")!;
    const to = Object.values(router.assetsFromSource({ ...ATOM, allow_multi_tx: true }).dest_assets)[0]!.assets[0]!;
    const answers = {
      assetsFromSource: router.assetsFromSource({ ...ATOM, allow_multi_tx: true }),
      assetsFromSourceWithSwaps: router.assetsFromSource({ ...ATOM, include_swaps: true }),
      assetsBetweenChains: router.assetsBetweenChains({ source_chain_id: "cosmoshub-4", dest_chain_id: destChain, allow_multi_tx: true }),
      route: router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, to),
      chains: router.chains(),
      chainIds: router.chainIds(),
      assetsOnChain: router.assetsOnChain("cosmoshub-4"),
      explainReached: explain(router, { ...ATOM, dest_chain_id: to.chain_id }),
      explainUnknown: explain(router, { ...ATOM, dest_chain_id: "no-such-chain" }),
      explainNotReached: explain(router, { ...ATOM, dest_chain_id: destChain, native_only: true }),
      provenance: router.provenance,
      notes: router.notes,
    };
    expect(answers.route).not.toBeNull();
    expect(oddPrototypes(answers)).toEqual([]);
  });
});
