// The runtime contract (contract.test.ts): the two answers over the library, on whichever runtime
// runs this file (Node, Deno, Bun), printed as one JSON line. Runs from a project that installed
// the packed package, next to a copy of contract-requests.json.
import { loadRouter } from "fungible-graph";
import requests from "./contract-requests.json" with { type: "json" };

const router = await loadRouter();
console.log(
  JSON.stringify({
    assets_from_source: router.assetsFromSource(requests.assets_from_source),
    assets_between_chains: router.assetsBetweenChains(requests.assets_between_chains),
  }),
);
