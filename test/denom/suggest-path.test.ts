/**
 * "Did you mean" for a denom follows the trace grammar and the spelling rule (src/model/suggest.ts):
 * a full path (`transfer/channel-0/uatom`, split as ibc-go's ExtractDenomFromPath does) suggests
 * the voucher it names, whichever case its EVM base is written in (chains hash the text they were
 * sent); suggested denoms are written as answers write them. Facts: the shipped mainnet dataset
 * (chain-registry 2.0.251: mainnet/osmosis/asset-list ATOM, mainnet/cosmoshub/asset-list WBTC).
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { AssetRouter } from "../../src/index.js";
import { shippedRouter } from "../support/shipped-router.js";

const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
const EUREKA_WBTC_ON_HUB = "ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462";

let router: AssetRouter;
beforeAll(async () => {
  router = await shippedRouter("mainnet");
}, 60_000);

function hintFor(chainId: string, denom: string): string {
  try {
    router.assetsFromSource({ source_asset_chain_id: chainId, source_asset_denom: denom });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${chainId} ${denom} was found`);
}

describe("suggestions for a denom that is not in the registry", () => {
  test("a full path names its voucher: ATOM's path on osmosis-1", () => {
    expect(hintFor("osmosis-1", "transfer/channel-0/uatom")).toContain(`did you mean "${ATOM_ON_OSMOSIS}" (ATOM)`);
  });

  test("an IBC v2 path with its EVM base in either case names the Eureka voucher, hashed over the lower-case text", () => {
    for (const base of ["0x2260fac5e5542a773aa44fbcfedf7c193bc2c599", "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599"]) {
      expect(hintFor("cosmoshub-4", `transfer/08-wasm-1369/${base}`)).toContain(`did you mean "${EUREKA_WBTC_ON_HUB}" (WBTC)`);
    }
  });

  test("a path no chain could have sent (a hop ibc-go refuses) names nothing by its hash", () => {
    expect(hintFor("osmosis-1", "transfer/channelToA/uatom")).not.toContain("ibc/");
  });

  test("a near spelling of an Ethereum token is suggested as answers write it (EIP-55)", () => {
    // USDC's address with its last digit changed.
    expect(hintFor("1", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb49")).toContain('"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"');
  });
});
