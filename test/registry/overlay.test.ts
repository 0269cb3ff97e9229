import { describe, expect, it } from "vitest";
import overlayFile from "../../src/registry/data/overlay.json" with { type: "json" };
import { CAPABILITY_FLAGS, defaultOverlay, overlayCapabilitiesFor, overlayChainIdFor, parseOverlay } from "../../src/registry/overlay.js";
import { failure } from "../support/failure.js";
import { loadChainRegistryData } from "../../src/registry/load-chain-registry.js";

describe("overlay", () => {
  it("every fact names its source", () => {
    for (const entry of Object.values(defaultOverlay().chainIds)) expect(entry.source.length).toBeGreaterThan(10);
    for (const caps of Object.values(defaultOverlay().capabilities)) {
      for (const flag of CAPABILITY_FLAGS) if (caps[flag]) expect(caps[flag].source.length).toBeGreaterThan(10);
    }
  });

  it("EVM chain ids are EIP-155 numbers written as strings", () => {
    for (const entry of Object.values(defaultOverlay().chainIds)) {
      if (entry.chain_type === "evm") expect(entry.chain_id).toMatch(/^[1-9][0-9]*$/);
    }
    expect(overlayChainIdFor(defaultOverlay(), "arbitrum")?.chain_id).toBe("42161");
    expect(overlayChainIdFor(defaultOverlay(), "solana")).toMatchObject({ chain_id: "solana", chain_type: "svm" });
  });

  it("looks up own keys only: a chain named like an Object.prototype member is unknown", () => {
    expect(overlayChainIdFor(defaultOverlay(), "constructor")).toBeUndefined();
    expect(overlayCapabilitiesFor(defaultOverlay(), "__proto__")).toEqual({ pfm_enabled: false, supports_memo: false, ibc_hooks: false, autopilot: false, forwards_after_bridge: false });
  });

  it("names chains the embedded package has, under the names it uses", async () => {
    const data = await loadChainRegistryData();
    const names = new Set([
      ...data.chains.map((c) => c.chainName),
      ...(data.nonCosmosAssetLists ?? []).map((l) => l.chainName),
    ]);
    for (const name of Object.keys(defaultOverlay().chainIds)) expect(names, name).toContain(name);
    // Capabilities are keyed by chain id: the package's, or the one the overlay gives (EVM chains, Solana).
    const ids = new Set([...data.chains.map((c) => c.chainId), ...Object.values(defaultOverlay().chainIds).map((e) => e.chain_id)]);
    for (const chainId of Object.keys(defaultOverlay().capabilities)) expect(ids, chainId).toContain(chainId);
  });

  it("is read from src/registry/data/overlay.json once, on first use", () => {
    expect(Object.keys(defaultOverlay().chainIds)).toHaveLength(12);
    expect(Object.keys(defaultOverlay().capabilities)).toEqual(Object.keys(overlayFile.capabilities));
    expect(overlayCapabilitiesFor(defaultOverlay(), "cosmoshub-4")).toEqual({
      pfm_enabled: true, supports_memo: true, ibc_hooks: false, autopilot: false, forwards_after_bridge: false,
    });
    expect(defaultOverlay()).toBe(defaultOverlay());
    // The file's facts and nothing else: its `about` line is not part of the overlay.
    expect(defaultOverlay()).toEqual({ chainIds: overlayFile.chainIds, capabilities: overlayFile.capabilities });
  });

  it("an overlay file with a fact lacking its source, or a wrong chain type, fails with every path", () => {
    const error = failure(() =>
      parseOverlay({
        about: "test",
        chainIds: { base: { chain_id: "8453", chain_type: "evm" }, sol: { chain_id: "solana", chain_type: "solana", source: "a recorded response" } },
        capabilities: { "osmosis-1": { pfm_enabled: { value: true, source: "" }, cosmos_ibc_hooks: { value: true, source: "a keeper file" } } },
      }),
    );
    expect(error).toMatchObject({ code: "invalid_registry", status: 400 });
    expect(error.details.map((d) => d.path.join("."))).toEqual(
      expect.arrayContaining(["chainIds.base.source", "chainIds.sol.chain_type", "capabilities.osmosis-1.pfm_enabled.source", "capabilities.osmosis-1"]),
    );
    expect(failure(() => parseOverlay([])).code).toBe("invalid_registry");
  });
});
