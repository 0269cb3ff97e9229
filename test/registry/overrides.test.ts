/**
 * Metadata overrides on the real-data fixture `fixtures/cosmos-small.json`: validation with
 * paths, layering (set, keep, remove), and the router seeing the result.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildRouter } from "../../src/index.js";
import { failure } from "../support/failure.js";
import { applyOverrides, parseOverrides } from "../../src/registry/overrides.js";
import { parseRegistry } from "../../src/index.js";

const registry = parseRegistry(JSON.parse(readFileSync(new URL("../../fixtures/cosmos-small.json", import.meta.url), "utf8")));

// bLUNA's voucher on osmosis-1: the fixture lists it without metadata.
const BLUNA_ON_OSMOSIS = "ibc/4B22F05152349C82E40782E11057DAD39CEBF388FE905D0959ACE1B7ACF61A52";
const ETH_USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

const find = (r: typeof registry, chainId: string, denom: string) =>
  r.assets.find((a) => a.chain_id === chainId && a.denom === denom)!;

describe("parseOverrides", () => {
  it("accepts the documented shape", () => {
    const overrides = parseOverrides({
      about: "our corrections",
      overrides: [{ chain_id: "osmosis-1", denom: "uosmo", symbol: "OSMO", decimals: 6, description: null }],
    });
    expect(overrides.overrides).toEqual([{ chain_id: "osmosis-1", denom: "uosmo", symbol: "OSMO", decimals: 6, description: null }]);
  });

  it("reports every problem with its path, as invalid_overrides (400)", () => {
    const error = failure(() =>
      parseOverrides({
        overrides: [
          { chain_id: "osmosis-1", denom: "uosmo", symbl: "OSMO" },
          { chain_id: "osmosis-1", denom: "uatom", decimals: 6.5 },
          { chain_id: "", denom: "uosmo", symbol: "X" },
          { chain_id: "osmosis-1", denom: "uion" },
          { chain_id: "osmosis-1", denom: "uion", logo_uri: "" },
        ],
      }),
    );
    expect(error).toMatchObject({ code: "invalid_overrides", status: 400, grpcCode: 3 });
    const paths = error.details.map((d) => d.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining(["overrides.0", "overrides.1.decimals", "overrides.2.chain_id", "overrides.3", "overrides.4.logo_uri"]),
    );
    // The misspelt field is named.
    expect(error.message).toContain("symbl");
  });

  it("rejects two entries for one asset, EVM addresses in any case", () => {
    const error = failure(() =>
      parseOverrides({
        overrides: [
          { chain_id: "1", denom: ETH_USDC, symbol: "USDC" },
          { chain_id: "1", denom: ETH_USDC.toLowerCase(), name: "USD Coin" },
        ],
      }),
    );
    expect(error.details).toEqual([
      { path: ["overrides", 1], message: expect.stringContaining("already overridden at overrides[0]") },
    ]);
  });

  it("rejects something that is not an overrides file", () => {
    expect(failure(() => parseOverrides([{ chain_id: "osmosis-1" }])).code).toBe("invalid_overrides");
    expect(failure(() => parseOverrides({ overrides: {} })).details[0]!.path).toEqual(["overrides"]);
  });
});

describe("applyOverrides", () => {
  it("sets given fields, keeps absent ones, removes null ones, and leaves the input alone", () => {
    const before = structuredClone(registry);
    const after = applyOverrides(
      registry,
      parseOverrides({
        overrides: [
          { chain_id: "osmosis-1", denom: "uosmo", symbol: "OSMO2", decimals: 7, name: null },
          // EVM addresses match case-insensitively; the registry's spelling stays.
          { chain_id: "1", denom: ETH_USDC.toLowerCase(), coingecko_id: "usd-coin" },
        ],
      }),
    );
    const osmo = find(after, "osmosis-1", "uosmo");
    expect(osmo).toMatchObject({ symbol: "OSMO2", decimals: 7 });
    expect("name" in osmo).toBe(false);
    expect(find(after, "1", ETH_USDC)).toMatchObject({ denom: ETH_USDC, coingecko_id: "usd-coin", symbol: "USDC" });
    expect(after).not.toBe(registry);
    expect(registry).toEqual(before);
    // Everything not overridden is the same object.
    expect(find(after, "cosmoshub-4", "uatom")).toBe(find(registry, "cosmoshub-4", "uatom"));
  });

  it("names every asset the registry does not list, with its index", () => {
    const error = failure(() =>
      applyOverrides(
        registry,
        parseOverrides({
          overrides: [
            { chain_id: "osmosis-1", denom: "uosmo", symbol: "OSMO" },
            { chain_id: "osmosis-1", denom: "unope", symbol: "NOPE" },
            { chain_id: "nowhere-9", denom: "uatom", symbol: "ATOM" },
          ],
        }),
      ),
    );
    expect(error.code).toBe("invalid_overrides");
    expect(error.details.map((d) => d.path)).toEqual([
      ["overrides", 1],
      ["overrides", 2],
    ]);
    expect(error.message).toContain('overrides[1]: asset "unope" on chain "osmosis-1" is not listed in the registry');
    expect(error.message).toContain('overrides[2]: asset "uatom" on chain "nowhere-9"');
  });

  it("refuses duplicates it is handed without parseOverrides", () => {
    const entry = { chain_id: "osmosis-1", denom: "uosmo", symbol: "A" };
    expect(failure(() => applyOverrides(registry, { overrides: [entry, { ...entry, symbol: "B" }] })).details[0]!.path).toEqual([
      "overrides",
      1,
    ]);
  });

  it("a symbol gives an asset metadata: assets_between_chains then includes it", () => {
    const request = { source_chain_id: "osmosis-1", dest_chain_id: "phoenix-1", include_cw20_assets: true, allow_multi_tx: true };
    const sources = (r: typeof registry) =>
      buildRouter(r)
        .assetsBetweenChains(request)
        .assets_between_chains.map((pair) => pair.asset_on_source.denom);
    expect(sources(registry)).not.toContain(BLUNA_ON_OSMOSIS);
    const named = applyOverrides(
      registry,
      parseOverrides({ overrides: [{ chain_id: "osmosis-1", denom: BLUNA_ON_OSMOSIS, symbol: "bLUNA" }] }),
    );
    const router = buildRouter(named);
    const pair = router.assetsBetweenChains(request).assets_between_chains.find((p) => p.asset_on_source.denom === BLUNA_ON_OSMOSIS);
    expect(pair).toMatchObject({
      asset_on_source: { symbol: "bLUNA" },
      asset_on_dest: { denom: "cw20:terra17aj4ty4sz4yhgm08na8drc0v03v2jwr3waxcqrwhajj729zhl7zqnpc0ml", is_cw20: true },
    });
    // And removing a symbol takes it out again.
    const unnamed = applyOverrides(named, parseOverrides({ overrides: [{ chain_id: "osmosis-1", denom: BLUNA_ON_OSMOSIS, symbol: null }] }));
    expect(sources(unnamed)).not.toContain(BLUNA_ON_OSMOSIS);
  });
});
