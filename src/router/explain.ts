/** `explain` on a router: the router checked where it enters, then its route index, registry and notes explained. */
import type { AssetRouter } from "./router.js";
import { routeIndexOfRouter } from "./core.js";
import type { ExplainRequest, ExplainResponse } from "../wire/explain.js";
import { explain as explainIndex } from "../explain/explain.js";

export function explain(router: AssetRouter, request: ExplainRequest): ExplainResponse {
  const routeIndex = routeIndexOfRouter(router, "explain");
  return explainIndex({ routeIndex, registry: router.registry, notes: router.notes }, request);
}
