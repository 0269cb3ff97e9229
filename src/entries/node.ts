/**
 * fungible-graph/node: the Node-only parts: reading registry files and the HTTP server.
 * The core entry never imports this module; the fetch handler is runtime-neutral
 * (`fungible-graph/http`).
 */
export { loadRegistryFile } from "../node/load-registry-file.js";
export { startServer } from "../node/start-server.js";
export type { RunningServer, StartServerOptions } from "../node/start-server.js";
