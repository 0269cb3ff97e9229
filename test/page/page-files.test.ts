/**
 * The explorer page's files as the handler embeds them (no browser needed): page.html and page.css
 * as they are on disk, the browser script bundled into one plain ES module, and every element the
 * script looks up by id present in the HTML. The browser tests (explorer.test.ts,
 * explain-cases.test.ts) drive the same page in Chromium.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { transform } from "esbuild";
import { describe, expect, it } from "vitest";
import { PAGE_HTML, PAGE_PATHS } from "../../src/http/page/page-html.js";
import { PAGE_SCRIPT } from "../../src/http/page/page-script.js";
import { PAGE_CSS } from "../../src/http/page/page-style.js";

const PAGE_DIR = resolve(import.meta.dirname, "../../src/http/page");
const read = (name: string) => readFileSync(join(PAGE_DIR, name), "utf8");

/** The browser modules: page.ts and the page-*.ts it imports (the three Node-side embedders excluded). */
const BROWSER_FILES = readdirSync(PAGE_DIR).filter((name) => /^page(-[a-z]+)?\.ts$/.test(name) && !/^page-(html|script|style)\.ts$/.test(name));

describe("explorer page files", () => {
  it("serves page.html and page.css as they are on disk", () => {
    expect(PAGE_HTML).toBe(read("page.html"));
    expect(PAGE_CSS).toBe(read("page.css"));
    const loads = [...PAGE_HTML.matchAll(/(?:src|href)="(\/[^"]*)"/g)].map((m) => m[1]);
    expect(loads).toEqual([PAGE_PATHS.style, PAGE_PATHS.script]);
  });

  it("serves the browser script as one plain JavaScript module: every import inlined, no type left", async () => {
    expect(BROWSER_FILES).toEqual(expect.arrayContaining(["page.ts", "page-diagram.ts", "page-dom.ts", "page-why.ts"]));
    expect(PAGE_SCRIPT).not.toMatch(/^\s*(import|export)\b/m);
    // Parsed as JavaScript (not TypeScript): a type annotation left behind would be a syntax error.
    await expect(transform(PAGE_SCRIPT, { loader: "js", format: "esm" })).resolves.toBeDefined();
    for (const name of ["routeFigure", "askWhy", "askReach", "askBetween", "askRoute", "applyState", "start"]) expect(PAGE_SCRIPT).toContain(`function ${name}(`);
  });

  it("every element the script looks up by a literal id is in page.html", () => {
    const ids = new Set([...PAGE_HTML.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
    const wanted = BROWSER_FILES.flatMap((name) => [...read(name).matchAll(/\$(?:<\w+>)?\("([^"]+)"\)/g)].map((m) => m[1]!));
    expect(wanted.length).toBeGreaterThan(30);
    expect([...new Set(wanted)].filter((id) => !ids.has(id))).toEqual([]);
  });
});
