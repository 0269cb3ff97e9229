/** What `explain` reads besides the request: the router, the registry it was built from, and its notes. */
import type { RouteIndex } from "../query/route-index.js";
import type { Registry } from "../registry/schema.js";
import type { RegistryNote } from "../wire/explain.js";
import type { SearchLimit } from "../query/search-limit.js";

export interface ExplainInput {
  routeIndex: RouteIndex;
  /** The registry the router was built from: the diagnostic graph rebuilds it with every channel active. */
  registry: Registry;
  /** Registry notes, and the state snapshot's verdicts when the router was narrowed by one (router/state-router.ts). */
  notes: readonly RegistryNote[];
  /** Bounds on the searches of this one explanation (its client's signal, its budget). */
  limit?: SearchLimit;
}
