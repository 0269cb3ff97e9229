/** A small venue snapshot dump, shared by venue-facts.test.ts and refresh-venues-script.test.ts. */
export const SOURCE = "example-org/pools, pools.json at commit 0123abc (2025-01-31), MIT: a pool listing";
export const ASTRO_CW20 = "terra17aj4ty4sz4yhgm08na8drc0v03v2jwr3waxcqrwhajj729zhl7zqnpc0ml";

export const DUMP = {
  about: "a test snapshot",
  venues: [
    {
      name: "pools",
      chain_id: "osmosis-1",
      source: SOURCE,
      denoms: [{ denom: "uosmo", pool_count: 12 }, '"admin": "osmo1xyz"}', { denom: "uion", liquidity_usd: 5 }, "ibc/4ABB]", ASTRO_CW20],
    },
  ],
};
