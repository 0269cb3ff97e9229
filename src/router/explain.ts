/** `explain` on a router: the router checked where it enters, then its route index, registry and notes explained. */
import type { AssetRouter } from "./router.js";
import { routeIndexOfRouter } from "./core.js";
import type { ExplainRequest, ExplainResponse } from "../wire/explain.js";
import { explain as explainIndex, explainLimit, type ExplainLimits } from "../explain/explain.js";

export type { ExplainLimits };

export function explain(router: AssetRouter, request: ExplainRequest, limits?: ExplainLimits): ExplainResponse {
  const limit = explainLimit(limits);
  return explainIndex({ routeIndex: routeIndexOfRouter(router, "explain"), registry: router.registry, notes: router.notes, limit }, request);
}
