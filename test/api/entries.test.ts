/**
 * The public entries' shape: the root entry stays small (at most 30 runtime exports), and no entry
 * loads an optional peer (chain-registry, @viz-js/viz) when it is imported: only a call that needs
 * one imports it, so a user without the package can import every entry.
 */
import { describe, expect, it, vi } from "vitest";
import { ENTRIES } from "./public-calls.js";

const loaded: string[] = [];
// Each factory runs only when its module is imported: `loaded` records who imported what.
vi.mock("@viz-js/viz", () => (loaded.push("@viz-js/viz"), { instance: async () => ({ render: () => ({ status: "success", output: "<svg/>", errors: [] }) }) }));
vi.mock("chain-registry", () => (loaded.push("chain-registry"), {}));
vi.mock("chain-registry/mainnet/index.js", () => (loaded.push("chain-registry/mainnet"), { chains: [], assetLists: [], ibcData: [] }));
vi.mock("chain-registry/testnet/index.js", () => (loaded.push("chain-registry/testnet"), { chains: [], assetLists: [], ibcData: [] }));
vi.mock("chain-registry/noncosmos/index.js", () => (loaded.push("chain-registry/noncosmos"), { assetLists: [] }));

describe("public entries", () => {
  it("the root entry has at most 30 runtime exports", async () => {
    const root = await import("../../src/index.js");
    expect(Object.keys(root).length).toBeGreaterThan(0);
    expect(Object.keys(root).length).toBeLessThanOrEqual(30);
  });

  it("importing every entry loads no optional peer; the calls that need one load it", async () => {
    // public-calls.ts imported every entry statically (and built a router): still nothing loaded.
    expect(Object.keys(ENTRIES)).toHaveLength(9);
    expect(loaded).toEqual([]);
    const svg = ENTRIES["./svg"] as typeof import("../../src/entries/svg.js");
    await svg.renderSvg("digraph { a -> b }");
    expect(loaded).toEqual(["@viz-js/viz"]);
    const chainRegistry = ENTRIES["./chain-registry"] as typeof import("../../src/entries/chain-registry.js");
    await chainRegistry.loadChainRegistry().catch(() => undefined); // the empty mock may not make a registry
    expect(loaded).toContain("chain-registry/mainnet");
  });
});
