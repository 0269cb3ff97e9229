/**
 * fungible-graph/render: pictures as text. Mermaid and DOT of a route, of an assets_from_source
 * answer (a reach) and of an explanation. SVG (Graphviz compiled to WebAssembly) is its own entry,
 * `fungible-graph/svg`, so these stay a few kilobytes.
 */
export { routeToMermaid, reachToMermaid } from "../render/mermaid.js";
export { routeToDot, reachToDot } from "../render/dot.js";
export { explainToMermaid, explainToDot } from "../render/explain.js";
export type { Route, RouteHop } from "../wire/route.js";
export type { WireAsset, AssetsFromSourceResponse } from "../wire/schema.js";
export type { ExplainResponse } from "../wire/explain.js";
