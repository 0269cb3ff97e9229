/**
 * The explorer page's script (served at /explorer/app.js): ./page.ts and the page-*.ts modules it
 * imports, browser code bundled by esbuild into one ES module and embedded as text at build time
 * (scripts/page-embed.ts), so the handler stays runtime-neutral and ships no TypeScript.
 */
import script from "./page.ts?browser";

export const PAGE_SCRIPT: string = script;
