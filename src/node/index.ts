/**
 * fungible-graph/node: the Node-only parts (file loading and the HTTP server). The pure core
 * (`fungible-graph`) never imports this module; the fetch handler and the OpenAPI document are
 * runtime-neutral and live there.
 */
export { loadRegistryFile } from "./load-registry-file.js";
export { startServer } from "./start-server.js";
export type { RunningServer, StartServerOptions } from "./start-server.js";
