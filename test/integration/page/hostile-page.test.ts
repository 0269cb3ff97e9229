/**
 * The explorer page in headless Chromium serving fixtures/hostile-registry.json (terminal escapes,
 * bidi overrides, markup, invisible characters in names and symbols): the `\u202eMOTA` symbol
 * shows as the visible escape `\u202eMOTA`, no raw bidi override reaches the page's text, no
 * script from the registry runs (no dialog, alert never called), and the drawn route's SVG is
 * well-formed XML.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRouter, parseRegistry } from "../../../src/index.js";
import { chromiumMissing, openExplorer, pick, startExplorer, type Explorer, type OpenPage } from "./chromium.js";

const HOSTILE = fileURLToPath(new URL("../../../fixtures/hostile-registry.json", import.meta.url));
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

describe.skipIf(chromiumMissing !== null)("explorer page with a hostile registry", () => {
  let explorer: Explorer;
  let open: OpenPage;
  const dialogs: string[] = [];
  beforeAll(async () => {
    explorer = await startExplorer(buildRouter(parseRegistry(JSON.parse(readFileSync(HOSTILE, "utf8")))));
    const newContext = explorer.browser.newContext.bind(explorer.browser);
    // Every page of the context records alert() calls and dialogs before any of its scripts runs.
    explorer.browser.newContext = async (...args) => {
      const context = await newContext(...args);
      await context.addInitScript(() => {
        (window as unknown as { __alerts: string[] }).__alerts = [];
        window.alert = (message?: unknown) => void (window as unknown as { __alerts: string[] }).__alerts.push(String(message));
      });
      context.on("page", (page) => page.on("dialog", (dialog) => void (dialogs.push(dialog.message()), dialog.dismiss())));
      return context;
    };
    open = await openExplorer(explorer);
  }, 60_000);
  afterAll(async () => {
    await explorer?.close();
  });

  it("shows the bidi override as a visible escape, nowhere raw", async () => {
    const { page } = open;
    await page.click("#reach-chain");
    const chainLabels = await page.$$eval("#reach-chain-list [role=option]", (options) => options.map((o) => o.textContent ?? ""));
    expect(chainLabels.some((label) => label.includes("\\u202eMOTA"))).toBe(true);
    await pick(page, "reach-chain", "hub-1", "hub-1");
    await page.click("#reach-asset");
    await page.waitForSelector("#reach-asset-list [role=option][data-value=uhub]");
    const assetLabels = await page.$$eval("#reach-asset-list [role=option]", (options) => options.map((o) => o.textContent ?? ""));
    expect(assetLabels.some((label) => label.includes("\\u202eMOTA"))).toBe(true);
    // What a reader sees: the page's text, the options, and what the pickers' inputs show.
    const text = await page.evaluate(() =>
      document.body.innerText +
      Array.from(document.querySelectorAll("option, [role=option]"), (o) => o.textContent ?? "").join("") +
      Array.from(document.querySelectorAll("input"), (input) => input.value).join(""),
    );
    expect(BIDI.test(text)).toBe(false);
    expect(text).not.toContain("\u001b");
  });

  it("draws a route from the hostile asset as well-formed SVG, and no registry script ran", async () => {
    const { page, problems } = open;
    await pick(page, "reach-asset", "uhub", "uhub");
    await page.click("#reach-form button[type=submit]");
    await page.waitForSelector("#reach-table:not([hidden])");
    await page.click("#reach-table tbody td[data-label=Route] button");
    await page.locator("#route-view figure.route svg").first().waitFor();
    const checked = await page.evaluate(() => {
      const svg = document.querySelector("#route-view figure.route svg")!;
      const xml = new XMLSerializer().serializeToString(svg);
      const parsed = new DOMParser().parseFromString(xml, "image/svg+xml");
      return {
        parseError: parsed.getElementsByTagName("parsererror").length,
        root: parsed.documentElement.localName,
        scripts: svg.querySelectorAll("script, foreignObject").length,
        shown: svg.textContent ?? "",
      };
    });
    expect(checked.parseError).toBe(0);
    expect(checked.root).toBe("svg");
    expect(checked.scripts).toBe(0);
    expect(BIDI.test(checked.shown)).toBe(false);
    expect(checked.shown).toContain("\\u202eMOTA");
    expect(await page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await page.$$eval("script", (scripts) => scripts.filter((s) => (s.textContent ?? "").includes("alert(1)")).length)).toBe(0);
    expect(problems).toEqual([]);
  });
});
