// A tour of the library (docs/library.md); test/examples.test.ts runs it against the built package.
import { loadRouter, FungibleError } from "fungible-graph";
import { explain } from "fungible-graph/explain";

const router = await loadRouter(); // the mainnet dataset shipped in the package, in milliseconds
console.log(router.dataVersion); // sha256:...: which data answered

// 1. Where can ATOM go without swapping, in one transaction?
const { dest_assets } = router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
console.log(dest_assets["osmosis-1"].assets[0].denom); // ibc/27394FB0...

// 2. What moves from Noble to Osmosis, and how?
const { assets_between_chains } = router.assetsBetweenChains({ source_chain_id: "noble-1", dest_chain_id: "osmosis-1" });
for (const pair of assets_between_chains) {
  console.log(pair.asset_on_source.symbol, "->", pair.asset_on_dest.denom, pair.txs_required, pair.bridges.join("+"));
}

// 3. The hops of one route, with where each transaction starts.
const route = router.route(
  { chain_id: "1", denom: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" }, // USDC on Ethereum
  { chain_id: "osmosis-1", denom: "ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4" },
);
for (const hop of route.hops) console.log(hop.starts_tx ? "new tx:" : "       ", hop.bridge, hop.from.chain_id, "->", hop.to.chain_id);

// 4. Why something cannot go: every reason, as stable codes with their facts.
const why = explain(router, { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub", dest_chain_id: "osmosis-1" });
for (const reason of why.reasons) console.log(reason.code, reason.message);

// 5. Bad input is a FungibleError with the HTTP status and gRPC code the server would send.
try {
  router.assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "nowhere-9" });
} catch (error) {
  if (error instanceof FungibleError) console.log(error.code, error.status, error.message);
}
