/**
 * fungible-graph/svg: DOT -> SVG through Graphviz compiled to WebAssembly (`@viz-js/viz`, an
 * optional dependency: install it to use this entry).
 */
export { renderSvg } from "../render/svg.js";
