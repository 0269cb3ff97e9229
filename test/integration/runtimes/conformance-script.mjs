// The conformance corpus (fixtures/conformance/mainnet.json, copied next to this file as
// conformance-corpus.json) sent to the installed package's fetch handler on whichever runtime runs
// this file (Node, Deno, Bun); the report printed as one JSON line (contract.test.ts reads it).
import { loadRouter } from "fungible-graph";
import { checkConformance, createFetchHandler } from "fungible-graph/http";
import corpus from "./conformance-corpus.json" with { type: "json" };

const report = await checkConformance(createFetchHandler(await loadRouter()), corpus);
console.log(JSON.stringify(report));
