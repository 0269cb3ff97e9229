/** What `explain` reads besides the request: the engine, the registry it was built from, and its notes. */
import type { Engine } from "../query/engine.js";
import type { Registry } from "../registry/schema.js";
import type { RegistryNote } from "../wire/explain.js";

export interface ExplainInput {
  engine: Engine;
  /** The registry the engine was built from: the diagnostic graph rebuilds it with every channel active. */
  registry: Registry;
  notes: readonly RegistryNote[];
}
