import { describe, expect, it } from "vitest";
import { DEFAULT_OVERLAY, overlayCapabilitiesFor, overlayChainIdFor } from "../../src/registry/overlay.js";
import { loadChainRegistryData } from "../../src/registry/load-chain-registry.js";

describe("overlay", () => {
  it("every fact names its source", () => {
    for (const entry of Object.values(DEFAULT_OVERLAY.chainIds)) expect(entry.source.length).toBeGreaterThan(10);
    for (const caps of Object.values(DEFAULT_OVERLAY.capabilities)) {
      for (const fact of [caps.pfm_enabled, caps.supports_memo])
        if (fact) expect(fact.source.length).toBeGreaterThan(10);
    }
  });

  it("EVM chain ids are EIP-155 numbers written as strings", () => {
    for (const entry of Object.values(DEFAULT_OVERLAY.chainIds)) {
      if (entry.chain_type === "evm") expect(entry.chain_id).toMatch(/^[1-9][0-9]*$/);
    }
    expect(overlayChainIdFor(DEFAULT_OVERLAY, "arbitrum")?.chain_id).toBe("42161");
    expect(overlayChainIdFor(DEFAULT_OVERLAY, "solana")).toMatchObject({ chain_id: "solana", chain_type: "svm" });
  });

  it("looks up own keys only: a chain named like an Object.prototype member is unknown", () => {
    expect(overlayChainIdFor(DEFAULT_OVERLAY, "constructor")).toBeUndefined();
    expect(overlayCapabilitiesFor(DEFAULT_OVERLAY, "__proto__")).toEqual({ pfm_enabled: false, supports_memo: false });
  });

  it("names chains the embedded package has, under the names it uses", async () => {
    const data = await loadChainRegistryData();
    const names = new Set([
      ...data.chains.map((c) => c.chainName),
      ...(data.nonCosmosAssetLists ?? []).map((l) => l.chainName),
    ]);
    for (const name of Object.keys(DEFAULT_OVERLAY.chainIds)) expect(names, name).toContain(name);
    const ids = new Set(data.chains.map((c) => c.chainId));
    for (const chainId of Object.keys(DEFAULT_OVERLAY.capabilities)) expect(ids, chainId).toContain(chainId);
  });
});
