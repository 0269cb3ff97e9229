/**
 * The explorer page (GET /): ./page.html, plain HTML whose script (./page.ts, bundled) and style
 * (./page.css) are served beside it by this same handler, so the page works offline on loopback
 * with nothing fetched from elsewhere. Every answer it shows comes from the JSON endpoints. The
 * files are embedded as text at build time (scripts/page-embed.ts: tsup and vitest alike).
 */
import html from "./page.html?raw";

/** Where the handler serves the three files; page.html names the script and style by these paths. */
export const PAGE_PATHS = { page: "/", script: "/explorer/app.js", style: "/explorer/app.css" } as const;

export const PAGE_HTML: string = html;
