/** `explain` on a router: the router's route index, registry and notes, then the explanation. */
import type { AssetRouter } from "./router.js";
import { routeIndexOfRouter } from "./build-router.js";
import type { ExplainRequest, ExplainResponse } from "../wire/explain.js";
import { explain as explainIndex } from "../explain/explain.js";

export function explain(router: AssetRouter, request: ExplainRequest): ExplainResponse {
  return explainIndex({ routeIndex: routeIndexOfRouter(router, "explain"), registry: router.registry, notes: router.notes }, request);
}
