/**
 * The fungible-graph HTTP service as a Cloudflare Worker (workerd): the same fetch handler the
 * Node server runs, over the mainnet dataset shipped in the package (bundled into the Worker).
 * No option is needed: the handler compresses nothing unless given a compressor, and Cloudflare
 * compresses every response itself, as the client accepts.
 *
 * Run it: see README.md next to this file.
 */
import { loadRouter } from "fungible-graph";
import { createFetchHandler, warmUp } from "fungible-graph/http";

// Loaded at module scope (top-level await), once per isolate, before the first request arrives:
// parsing the dataset is the costliest step of a cold start, and Workers allow start-up up to 1 s
// of CPU but a request only 10 ms on the free plan. No request parses it then
// (test/integration/runtimes/worker-first-request.test.ts counts the parses).
// A dataset that fails to load fails the Worker's start (the deployment), not a request.
const router = await loadRouter();
// What the first request would still pay for running code the first time is paid here too:
// warmUp runs the queries' request path once for a request made from the data (no Response: Workers
// refuse one at module scope; nothing kept, no answer changed), and the handler builds Hono's
// matcher when it is made. Bench scenario 15 measures the first request's CPU under workerd.
warmUp(router);
const fetchHandler = createFetchHandler(router);

export default {
  fetch(request: Request): Promise<Response> {
    return fetchHandler(request);
  },
};
