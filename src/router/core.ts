/**
 * A router's core (its route index under `ROUTER_BRAND`) and the one check of a router argument.
 * The core is a declared member of the router, not a side table: a wrapper that passes it on, or a
 * router made by another copy of the library (CommonJS beside ESM), is read like any other.
 */
import { describeValue } from "../arguments.js";
import { FungibleError } from "../errors.js";
import type { RouteIndex } from "../query/route-index.js";
import { ROUTER_BRAND, type AssetRouter, type RouterCore } from "./router.js";

/**
 * The core's layout. Two copies of one release always agree; raise it when RouteIndex or Model
 * changes shape, so a router from a copy with the old layout is refused by name, not misread.
 */
export const CORE_FORMAT = 2;

interface Core extends RouterCore {
  readonly routeIndex: RouteIndex;
  /** The router built around this core: what a wrapper's members are compared with (`servedRouter`). */
  readonly router: AssetRouter;
  /** The state snapshot the router was narrowed by (`withState`, ./state-router.ts reads it). */
  readonly state?: unknown;
}

export function coreOf(routeIndex: RouteIndex, router: AssetRouter, state?: unknown): RouterCore {
  const core: Core = { format: CORE_FORMAT, routeIndex, router, ...(state === undefined ? {} : { state }) };
  return Object.freeze(core);
}

const METHODS = ["assetsFromSource", "assetsBetweenChains", "route", "chainIds", "chains", "assetsOnChain"] as const;
const FIELDS = ["registry", "dataVersion", "provenance", "notes"] as const;
const EXPECTED = `a router (from loadRouter, buildRouter or loadDataset, or a wrapper that passes on its Symbol.for("fungible-graph.router") member)`;

/** Why `value` is not a router, or null when it is one this copy of the library reads. Never throws. */
function refusal(value: unknown): string | null {
  try {
    if ((typeof value !== "object" && typeof value !== "function") || value === null) return `got ${describeValue(value)}`;
    const core = (value as { [ROUTER_BRAND]?: unknown })[ROUTER_BRAND];
    if (core === undefined) return `got ${describeValue(value)} without that member (a look-alike; docs/library.md says how to wrap a router)`;
    const format = typeof core === "object" && core !== null ? (core as { format?: unknown }).format : undefined;
    if (format !== CORE_FORMAT || typeof (core as { routeIndex?: unknown }).routeIndex !== "object") {
      return `got a router whose core has layout ${describeValue(format)}, from another release of fungible-graph (this one reads ${CORE_FORMAT})`;
    }
    const missing = METHODS.filter((name) => typeof (value as Record<string, unknown>)[name] !== "function");
    const absent = FIELDS.filter((name) => !(name in value));
    if (missing.length + absent.length > 0) return `got an object that carries the brand but lacks ${[...missing, ...absent].join(", ")}`;
    return null;
  } catch (error) {
    return `got an object that could not be read (${error instanceof Error ? error.message : "it threw"})`;
  }
}

/** `value` is a router this copy of the library can use: the brand, a core of this layout, every declared member. */
export function isRouter(value: unknown): value is AssetRouter {
  return refusal(value) === null;
}

/** The router argument of a public function, checked where it enters: `invalid_config` naming the function otherwise. */
export function routerArgument(value: unknown, fn: string, arg = "router"): AssetRouter {
  const why = refusal(value);
  if (why !== null) throw new FungibleError("invalid_config", `${fn}: \`${arg}\` must be ${EXPECTED}, ${why}`);
  return value as AssetRouter;
}

/**
 * A router a service answers from: one whose members are those of the router built around its
 * core (the router itself, a Proxy or `Object.create` of it that passes every member through).
 * A wrapper that overrides a query or a field is refused by name (`invalid_config`): the service's
 * analyses (explain, destinations, the Skip Go calls) read the core, so a wrapper's rule would be
 * obeyed by some endpoints and not by others. Wrappers observe; they do not decide what is answered.
 */
export function servedRouter(value: unknown, fn: string, arg = "router"): AssetRouter {
  const router = routerArgument(value, fn, arg);
  const built = (router[ROUTER_BRAND] as Core).router;
  const changed = [...METHODS, ...FIELDS].filter((name) => router[name] !== built[name]);
  if (changed.length > 0) {
    throw new FungibleError(
      "invalid_config",
      `${fn}: \`${arg}\` is a wrapper that overrides ${changed.join(", ")} of the router it wraps; a service answers every endpoint from the router's own data ` +
        `(explain, destinations and the Skip Go calls read it directly), so such a wrapper would be obeyed by some endpoints and not others. ` +
        `Serve the router itself, and put access control in front of the service (docs/library.md, "Wrapping a router")`,
    );
  }
  return router;
}

/** The route index of a router argument, checked as `routerArgument` checks it. */
export function routeIndexOfRouter(value: unknown, fn = "routeIndexOfRouter"): RouteIndex {
  return (routerArgument(value, fn)[ROUTER_BRAND] as Core).routeIndex;
}

/** What `withState` left in the router's core (./state-router.ts gives it its type). */
export function coreStateOf(value: unknown, fn: string): unknown {
  return (routerArgument(value, fn)[ROUTER_BRAND] as Core).state;
}
