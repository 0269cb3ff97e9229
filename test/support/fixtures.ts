import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RegistryInput } from "../../src/index.js";

export function fixtureRegistry(name: string): RegistryInput {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url)), "utf8"));
}

/** Real denoms of fixtures/cosmos-small.json (Cosmos chain registry). */
export const DENOMS = {
  atomOnOsmosis: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2",
  atomOnNeutron: "ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9",
  usdcOnOsmosis: "ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4",
  axlUsdcOnOsmosis: "ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858",
  bLunaOnOsmosis: "ibc/4B22F05152349C82E40782E11057DAD39CEBF388FE905D0959ACE1B7ACF61A52",
  bLuna: "cw20:terra17aj4ty4sz4yhgm08na8drc0v03v2jwr3waxcqrwhajj729zhl7zqnpc0ml",
  ethUsdc: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
} as const;
