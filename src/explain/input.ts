/** What `explain` reads besides the request: the router, the registry it was built from, and its notes. */
import type { RouteIndex } from "../query/route-index.js";
import type { Registry } from "../registry/schema.js";
import type { RegistryNote } from "../wire/explain.js";
import type { StateVerdict } from "../state/apply.js";

export interface ExplainInput {
  routeIndex: RouteIndex;
  /** The registry the router was built from: the diagnostic graph rebuilds it with every channel active. */
  registry: Registry;
  notes: readonly RegistryNote[];
  /** The verdicts of the state snapshot the router was narrowed by, if any: they name why a channel is not used. */
  stateVerdicts?: readonly StateVerdict[];
}
