/** `destinations` on a router: the router checked where it enters, then every chain explained from one search. */
import type { AssetRouter } from "./router.js";
import { routeIndexOfRouter } from "./core.js";
import type { DestinationsRequest, DestinationsResponse } from "../wire/destinations.js";
import { explainLimit, type ExplainLimits } from "../explain/explain.js";
import { destinations as destinationsOfIndex } from "../explain/destinations.js";

export function destinations(router: AssetRouter, request: DestinationsRequest, limits?: ExplainLimits): DestinationsResponse {
  const limit = explainLimit(limits, "destinations");
  return destinationsOfIndex({ routeIndex: routeIndexOfRouter(router, "destinations"), registry: router.registry, notes: router.notes, limit }, request);
}
