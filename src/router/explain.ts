/** `explain` on a router: the router's route index, registry and notes, then the explanation. */
import type { AssetRouter } from "./router.js";
import { routeIndexOfRouter } from "./build-router.js";
import type { ExplainRequest, ExplainResponse } from "../wire/explain.js";
import { explain as explainIndex } from "../explain/explain.js";
import { stateOfRouter } from "./state-router.js";

export function explain(router: AssetRouter, request: ExplainRequest): ExplainResponse {
  const state = stateOfRouter(router);
  return explainIndex({ routeIndex: routeIndexOfRouter(router, "explain"), registry: router.registry, notes: router.notes, ...(state === undefined ? {} : { stateVerdicts: state.verdicts }) }, request);
}
