/**
 * fungible-graph/node: the Node-only parts (file loading and the HTTP server). The pure core
 * (`fungible-graph`) never imports this module; the fetch handler and the OpenAPI document are
 * runtime-neutral and live there.
 */
export { loadRegistryFile } from "./load-registry-file.js";
// Hundreds of denoms: exported here, not from the browser core entry.
export { DEFAULT_SWAP_VENUES, SWAP_VENUE_FACTS } from "../registry/swap-venues-data.js";
export type { SwapVenueFact } from "../registry/swap-venues-data.js";
export { startServer } from "./start-server.js";
export type { RunningServer, StartServerOptions } from "./start-server.js";
