// A Deno (or TypeScript) program using the installed package's types: values and types from the
// root entry and from the msgs and schemas entries. contract.test.ts runs `deno check` on it.
import { FungibleError, isFungibleError, loadRouter, type AssetRouter } from "fungible-graph";
import { transferMessages, type TransferMessagesRequest } from "fungible-graph/msgs";
import { AssetsFromSourceRequestSchema } from "fungible-graph/schemas";

const router: AssetRouter = await loadRouter();
const request = AssetsFromSourceRequestSchema.parse({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
const chains: string[] = Object.keys(router.assetsFromSource(request).dest_assets);
const route = router.route({ chain_id: "cosmoshub-4", denom: "uatom" }, { chain_id: "osmosis-1", denom: "uosmo" });
const messages: TransferMessagesRequest | null = route === null ? null : { route, amount: "1", addresses: {} };
console.log(chains.length, messages === null ? 0 : typeof transferMessages, isFungibleError(new FungibleError("not_found", "x")));

// The declarations are read, not taken as `any`: each line below is an error the checker must find
// (an unused @ts-expect-error fails the check).
// @ts-expect-error assetsFromSource answers an object, not a string
const wrong: string = router.assetsFromSource(request);
// @ts-expect-error FungibleError's code is one of its codes
new FungibleError("no_such_code", "x");
console.log(wrong);
