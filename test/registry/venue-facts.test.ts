/**
 * The venue facts format and its refresh: a snapshot dump -> src/registry/data/swap-venues.json,
 * by `factsFromSnapshot`. scripts/refresh-venues.mjs around it runs as a process:
 * refresh-venues-script.test.ts (an integration suite).
 */
import { describe, expect, it } from "vitest";
import { factsFromSnapshot, parseVenueFacts } from "../../src/registry/venue-facts.js";
import { failure } from "../support/failure.js";
import { ASTRO_CW20, DUMP, SOURCE } from "./venue-dump.js";

describe("factsFromSnapshot", () => {
  it("keeps name, chain, source verbatim, the date it names, and the denoms as plain strings", () => {
    const { facts, dropped } = factsFromSnapshot(DUMP);
    expect(facts.venues).toEqual([{ name: "pools", chain_id: "osmosis-1", source: SOURCE, as_of: "2025-01-31", denoms: ["uosmo", "uion", ASTRO_CW20] }]);
    expect(dropped).toEqual([
      { venue: "pools", denom: '"admin": "osmo1xyz"}' },
      { venue: "pools", denom: "ibc/4ABB]" },
    ]);
    expect(facts.about).toContain("scripts/refresh-venues.mjs");
  });

  it("refuses a venue whose source names no date, and a dump that is no venues file", () => {
    const undated = failure(() => factsFromSnapshot({ venues: [{ ...DUMP.venues[0], source: "somewhere, some day" }] }));
    expect(undated).toMatchObject({ code: "invalid_venues" });
    expect(undated.details.map((d) => d.path.join("."))).toContain("venues.0.as_of");
    expect(failure(() => factsFromSnapshot({ pools: [] })).details[0]!.path).toEqual(["venues"]);
  });
});

describe("parseVenueFacts", () => {
  it("reports a date the source does not name, a missing source and an extra field, each with its path", () => {
    const error = failure(() =>
      parseVenueFacts({
        about: "x",
        venues: [
          { name: "a", chain_id: "osmosis-1", source: SOURCE, as_of: "2025-02-01", denoms: ["uosmo", "uion"] },
          { name: "b", chain_id: "osmosis-1", as_of: "2025-01-31", denoms: ["uosmo", "uion"] },
          { name: "c", chain_id: "osmosis-1", source: SOURCE, as_of: "2025-01-31", denoms: [], liquidity: 1 },
        ],
      }),
    );
    expect(error.details.map((d) => d.path.join("."))).toEqual(expect.arrayContaining(["venues.0.as_of", "venues.1.source", "venues.2"]));
  });
});
