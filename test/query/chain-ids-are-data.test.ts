/**
 * docs/behaviour.md §8, "Chain ids are data": dest_assets is a plain object whose keys are own
 * properties, a chain called `__proto__` or `constructor` included; its prototype is untouched.
 * fixtures/http-registry.json has both chains, reached from ATOM.
 */
import { describe, expect, it } from "vitest";
import { ATOM_ON_OSMOSIS, fixtureGraph } from "../http/fixture.js";

describe("chain ids are data", () => {
  const { dest_assets } = fixtureGraph().assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });

  it("dest_assets is a plain object: its prototype is Object.prototype, hasOwnProperty works", () => {
    expect(Object.getPrototypeOf(dest_assets)).toBe(Object.prototype);
    expect(dest_assets.hasOwnProperty("osmosis-1")).toBe(true);
  });

  it("a chain called __proto__ or constructor is an own key like any other", () => {
    expect(Object.keys(dest_assets)).toEqual(expect.arrayContaining(["__proto__", "constructor", "osmosis-1"]));
    for (const chain of ["__proto__", "constructor"]) {
      expect(Object.hasOwn(dest_assets, chain), chain).toBe(true);
      expect(Object.getOwnPropertyDescriptor(dest_assets, chain)?.value.assets.map((asset: { denom: string }) => asset.denom), chain).toContain(ATOM_ON_OSMOSIS);
    }
    expect(JSON.parse(JSON.stringify(dest_assets))).toEqual(expect.objectContaining({ constructor: expect.anything() }));
    expect(Object.hasOwn(JSON.parse(JSON.stringify(dest_assets)), "__proto__")).toBe(true);
  });
});
