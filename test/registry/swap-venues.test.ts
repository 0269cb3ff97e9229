/**
 * Venue files and the embedded venue facts of src/registry/data/swap-venues.json (no registry
 * needed here: the mainnet behaviour is in mainnet-venues-origins.test.ts).
 */
import { describe, expect, it } from "vitest";
import { failure } from "../support/failure.js";
import { SwapVenueSchema } from "../../src/entries/schemas.js";
import venueFactsFile from "../../src/registry/data/swap-venues.json" with { type: "json" };
import { defaultSwapVenues, swapVenueFacts } from "../../src/entries/chain-registry.js";
import { parseVenuesFile, registryDenomOfVenueDenom, SwapVenuesFileSchema } from "../../src/registry/swap-venues.js";

const BLUNA = "terra17aj4ty4sz4yhgm08na8drc0v03v2jwr3waxcqrwhajj729zhl7zqnpc0ml";

describe("parseVenuesFile", () => {
  it("reads denoms as strings or as objects with figures, in file order, each once", () => {
    const venues = parseVenuesFile({
      about: "test",
      venues: [
        { name: "pool", chain_id: "osmosis-1", source: "somewhere", denoms: [{ denom: "uosmo", pool_count: 3 }, { denom: "uion" }, { denom: "uosmo" }] },
        { name: "evm-pool", chain_id: "1", denoms: ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", "0xdAC17F958D2ee523a2206206994597C13D831ec7"] },
      ],
    });
    expect(venues).toEqual([
      { name: "pool", chain_id: "osmosis-1", denoms: ["uosmo", "uion"] },
      { name: "evm-pool", chain_id: "1", denoms: ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "0xdAC17F958D2ee523a2206206994597C13D831ec7"] },
    ]);
  });

  it("spells a bare CosmWasm contract address (Astroport's CW20) as the registry's cw20: denom", () => {
    expect(registryDenomOfVenueDenom(BLUNA)).toBe(`cw20:${BLUNA}`);
    // An account-length address, a native denom and an already prefixed one stay as they are.
    expect(registryDenomOfVenueDenom("terra1x46rqay4d3cssq8gxxvqz8xt6nwlz4td20k38v")).toBe("terra1x46rqay4d3cssq8gxxvqz8xt6nwlz4td20k38v");
    expect(registryDenomOfVenueDenom("uluna")).toBe("uluna");
    expect(registryDenomOfVenueDenom(`cw20:${BLUNA}`)).toBe(`cw20:${BLUNA}`);
    expect(parseVenuesFile({ venues: [{ name: "astro", chain_id: "phoenix-1", denoms: ["uluna", BLUNA] }] })[0]!.denoms).toEqual([
      "uluna",
      `cw20:${BLUNA}`,
    ]);
  });

  it("reports every problem with its path, as invalid_venues (400)", () => {
    const error = failure(() =>
      parseVenuesFile({
        venues: [
          { name: "", chain_id: "osmosis-1", denoms: ["uosmo", "uion"] },
          { name: "pool", chain_id: "osmosis-1", denoms: ["uosmo", 'ibc/4ABB"]'] },
          { name: "pool", chain_id: "osmosis-1", denoms: ["uosmo", "uion"] },
          { name: "lonely", chain_id: "osmosis-1", denoms: ["uosmo", "uosmo"] },
        ],
      }),
    );
    expect(error).toMatchObject({ code: "invalid_venues", status: 400, grpcCode: 3 });
    expect(error.details.map((d) => d.path.join("."))).toEqual(
      expect.arrayContaining(["venues.0.name", "venues.1.denoms.1", "venues.2.name", "venues.3.denoms"]),
    );
    expect(failure(() => parseVenuesFile({ venue: [] })).details[0]!.path).toEqual(["venues"]);
  });
});

describe("embedded venue facts", () => {
  it("are the three dated, cited venues of the snapshot", () => {
    expect(swapVenueFacts().map((v) => [v.name, v.chain_id, v.as_of, v.denoms.length])).toEqual([
      ["osmosis-poolmanager", "osmosis-1", "2025-08-19", 534],
      ["neutron-astroport", "neutron-1", "2024-04-04", 46],
      ["terra-astroport", "phoenix-1", "2024-04-04", 31],
    ]);
    expect(swapVenueFacts()[0]!.source).toContain("osmosis-labs/assetlists, osmosis-1/query_responses/all-pools.json at commit f2ae0170");
    for (const fact of swapVenueFacts().slice(1)) expect(fact.source).toContain("AbstractSDK/ans-scraper");
    for (const fact of swapVenueFacts()) expect(fact.source).toContain(`(${fact.as_of})`);
    // They read as a venue file, and as registry venues.
    expect(() => SwapVenuesFileSchema.parse({ venues: swapVenueFacts() })).not.toThrow();
    for (const venue of defaultSwapVenues()) expect(() => SwapVenueSchema.parse(venue)).not.toThrow();
    // The file itself is a venues file, as `compile --venues` reads one; it is read once.
    expect(parseVenuesFile(venueFactsFile)).toEqual(defaultSwapVenues());
    expect(defaultSwapVenues()).toBe(defaultSwapVenues());
  });

  it("keep Osmosis' most pooled denoms and Astroport's CW20s in registry spelling", () => {
    const [osmosis, neutron, terra] = defaultSwapVenues();
    expect(osmosis!.denoms.slice(0, 3)).toEqual([
      "uosmo",
      "ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4",
      "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2",
    ]);
    expect(neutron!.denoms).toContain("untrn");
    expect(terra!.denoms).toContain("uluna");
    expect(terra!.denoms.filter((d) => d.startsWith("cw20:terra1"))).toHaveLength(22);
  });
});
