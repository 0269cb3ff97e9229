/**
 * The fungible-graph HTTP service as a Cloudflare Worker (workerd): the same fetch handler the
 * Node server runs, over the mainnet dataset shipped in the package (bundled into the Worker).
 * No option is needed: the handler compresses nothing unless given a compressor, and Cloudflare
 * compresses every response itself, as the client accepts.
 *
 * Run it: see README.md next to this file.
 */
import { loadRouter } from "fungible-graph";
import { createFetchHandler } from "fungible-graph/http";

// Loaded at module scope (top-level await), once per isolate, before the first request arrives:
// parsing the dataset is the costliest step of a cold start, and Workers allow start-up up to 1 s
// of CPU but a request only 10 ms on the free plan. No request parses it then; the first still
// runs code for the first time (test/integration/runtimes/worker-first-request.test.ts counts the
// parses; bench scenario 15 measures CPU under workerd). A request cannot be answered here to warm
// that code: Workers refuse timers and I/O at module scope, which the handler uses.
// A dataset that fails to load fails the Worker's start (the deployment), not a request.
const fetchHandler = createFetchHandler(await loadRouter());

export default {
  fetch(request: Request): Promise<Response> {
    return fetchHandler(request);
  },
};
