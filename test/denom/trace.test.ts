/**
 * ibcDenom against literal facts: voucher denoms as the Cosmos chain registry lists them (their
 * `base`, hashed by the chains themselves, copied here as text), and against node:crypto's SHA-256
 * for generated traces. Other tests that check a voucher's denom use the oracle's node:crypto hash
 * (test/oracle/oracle-graph.ts), never ibcDenom, so a wrong hash cannot agree with itself.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { FungibleError, ibcDenom } from "../../src/index.js";

// [trace, origin denom, the voucher's denom as chain-registry 2.0.251 lists it (mainnet/<chain>/asset-list)]
const REGISTRY_VECTORS: [string, string, string][] = [
  // ATOM on Osmosis
  ["transfer/channel-0", "uatom", "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2"],
  // Noble USDC on Osmosis
  ["transfer/channel-750", "uusdc", "ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4"],
  // Axelar USDC on Osmosis
  ["transfer/channel-208", "uusdc", "ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858"],
  // ATOM on Neutron
  ["transfer/channel-1", "uatom", "ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9"],
  // pSTAKE on Osmosis: two hops, a Gravity Bridge denom at the origin
  ["transfer/channel-4/transfer/channel-38", "gravity0xfB5c6815cA3AC72Ce9F5006869AE67f18bF77006", "ibc/8061A06D3BD4D52C4A28FFECF7150D370393AF0BA661C3776C54FF32836C3961"],
  // DOT on Osmosis: three hops, a numeric origin denom
  ["transfer/channel-1279/transfer/channel-2/transfer/channel-15", "79228162514264337593543950342", "ibc/6B2B19D874851F631FF0AF82C38A20D4B82F438C7A22F41EDA33568345397244"],
  // USDT over IBC Eureka (a 08-wasm light client as the channel), then one more hop to Bitway
  ["transfer/08-wasm-1369", "0xdac17f958d2ee523a2206206994597c13d831ec7", "ibc/E7E51FFF94A8B55BE84CEB0345E5CAF0A5DAEB374C6806CE908098B8996C7782"],
  ["transfer/channel-14/transfer/08-wasm-1369", "0xdac17f958d2ee523a2206206994597c13d831ec7", "ibc/F03F09579E9B70EBE7801B6541502C6BC71609ED2642E69FB5FE59CCC56D7BF1"],
];

/** The ICS-20 rule written out with node:crypto: `ibc/` + uppercase hex SHA-256 of `<trace>/<denom>`. */
const sha256Denom = (trace: string, denom: string) => `ibc/${createHash("sha256").update(`${trace}/${denom}`, "utf8").digest("hex").toUpperCase()}`;

describe("ibcDenom", () => {
  test.each(REGISTRY_VECTORS)("%s/%s is the registry's %s", (trace, origin, listed) => {
    expect(ibcDenom(trace, origin)).toBe(listed);
  });

  test("a native asset (empty trace) keeps its denom", () => {
    expect(ibcDenom("", "uatom")).toBe("uatom");
    expect(ibcDenom("", "cw20:terra1nsuqsk6kh58ulczatwev87ttq2z6r3pusulg9r24mfj2fvtzd4uq3exn26")).toBe("cw20:terra1nsuqsk6kh58ulczatwev87ttq2z6r3pusulg9r24mfj2fvtzd4uq3exn26");
  });

  test("property: any trace and denom hash as node:crypto's SHA-256 of their UTF-8 text", () => {
    const hop = fc.tuple(fc.constantFrom("transfer", "wasm.terra1abc", "08-wasm-1369"), fc.nat({ max: 99_999 })).map(([port, n]) => `${port}/channel-${n}`);
    const trace = fc.array(hop, { minLength: 1, maxLength: 5 }).map((hops) => hops.join("/"));
    fc.assert(
      fc.property(trace, fc.string({ unit: "grapheme", minLength: 1 }), (t, denom) => {
        expect(ibcDenom(t, denom)).toBe(sha256Denom(t, denom));
      }),
    );
  });

  test("a non-string argument is a FungibleError naming it", () => {
    expect(() => ibcDenom(7 as never, "uatom")).toThrow(FungibleError);
    expect(() => ibcDenom("transfer/channel-0", null as never)).toThrow(/originDenom/);
  });
});
