/**
 * explain and destinations on the calling thread, each module imported on first use: graphology
 * and its shortest paths stay out of a server's start-up (and out of a handler that never explains).
 * The handler's default analysis, and the Node analysis thread's (src/node/analysis-pool.ts).
 */
import type { AssetRouter } from "../router/router.js";
import type { DestinationsRequest } from "../wire/destinations.js";
import type { ExplainRequest } from "../wire/explain.js";
import type { Analyze } from "./handler-options.js";

export const analyzeHere = async (...[kind, router, request, limits]: Parameters<Analyze>): Promise<unknown> =>
  kind === "explain"
    ? (await import("../router/explain.js")).explain(router as AssetRouter, request as ExplainRequest, limits)
    : (await import("../router/destinations.js")).destinations(router, request as DestinationsRequest, limits);
