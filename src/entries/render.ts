/**
 * fungible-graph/render: pictures as text. Mermaid and DOT of a route, of an assets_from_source
 * answer (a reach) and of an explanation. SVG (Graphviz compiled to WebAssembly) is its own entry,
 * `fungible-graph/svg`, so these stay a few kilobytes.
 */
export { routeToMermaid, reachToMermaid } from "../render/mermaid.js";
export { routeToDot, reachToDot } from "../render/dot.js";
export { explainToMermaid, explainToDot } from "../render/explain.js";
