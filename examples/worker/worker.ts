/**
 * The fungible-graph HTTP service as a Cloudflare Worker (workerd): the same fetch handler the
 * Node server runs, over the mainnet dataset shipped in the package (bundled into the Worker).
 * No option is needed: the handler compresses nothing unless given a compressor, and Cloudflare
 * compresses every response itself, as the client accepts.
 *
 * Run it: see README.md next to this file.
 */
import { loadRouter } from "fungible-graph";
import { createFetchHandler, type FetchHandler } from "fungible-graph/http";

// Built on the first request, not at module scope: parsing the dataset is the costliest step of a
// cold start, and Workers limit the CPU time of global scope. The isolate then keeps the handler
// (and its answer cache) for every later request.
let handler: Promise<FetchHandler> | undefined;

function serviceHandler(): Promise<FetchHandler> {
  handler ??= loadRouter().then(
    (router) => createFetchHandler(router),
    (error: unknown) => {
      handler = undefined; // the next request tries again instead of replaying the failure
      throw error;
    },
  );
  return handler;
}

export default {
  async fetch(request: Request): Promise<Response> {
    return (await serviceHandler())(request);
  },
};
