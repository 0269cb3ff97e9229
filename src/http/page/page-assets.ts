/**
 * The explorer page's script and style sheet as text, in one module: the handler imports it on the
 * first request for either (../explorer-routes.ts), so a server starts without their hundred kilobytes.
 */
export { PAGE_SCRIPT } from "./page-script.js";
export { PAGE_CSS } from "./page-style.js";
