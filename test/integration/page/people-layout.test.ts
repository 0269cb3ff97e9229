/**
 * The explorer page at phone width (375 px) and desktop width (1280 px), in the light and the dark
 * colour scheme, in a real headless Chromium: before any question, after a reach with a route
 * drawn and an error shown, and on an explanation: nothing scrolls sideways (scrollWidth <=
 * innerWidth), axe-core finds no violation (WCAG AA contrast included, errors too), Tab reaches
 * every control, and each full-page screenshot (kept under a temporary folder) is checked: as
 * wide as the window, the background of the scheme asked for, text and colour on it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureGraph } from "../../http/fixture.js";
import { chromiumMissing, launchChromium, openExplorer, pick, startExplorer, type Explorer } from "./chromium.js";
import { axeViolations, readPicture, unreachedByTab, widths } from "./people-checks.js";

const SIZES = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 800 },
] as const;
const SCHEMES = ["light", "dark"] as const;

/** Screenshots stay here for a person to look at when KEEP_SCREENSHOTS is set; removed otherwise. */
const SHOTS = mkdtempSync(join(tmpdir(), "explorer-shots-"));

describe.skipIf(chromiumMissing !== null)("explorer page for people: layout, contrast, keyboard, screenshots", () => {
  let browser: Browser;
  let explorer: Explorer;
  beforeAll(async () => {
    browser = await launchChromium();
    explorer = await startExplorer(fixtureGraph(), browser);
  }, 60_000);
  afterAll(async () => {
    await explorer?.close();
    await browser?.close();
    if (process.env["KEEP_SCREENSHOTS"]) console.info(`explorer screenshots kept in ${SHOTS}`);
    else rmSync(SHOTS, { recursive: true, force: true });
  });

  /** The three checks every state of the page passes, and its screenshot checked. */
  async function checkState(page: Page, size: (typeof SIZES)[number], scheme: (typeof SCHEMES)[number], state: string): Promise<void> {
    const laidOut = await widths(page);
    expect(laidOut.scrollWidth, `${state}: sideways scroll; widest ${laidOut.widest}`).toBeLessThanOrEqual(laidOut.innerWidth);
    expect(laidOut.innerWidth).toBe(size.width);
    expect(await axeViolations(page), state).toEqual([]);
    const png = await page.screenshot({ fullPage: true });
    writeFileSync(join(SHOTS, `${size.name}-${scheme}-${state}.png`), png);
    const picture = await readPicture(browser, png);
    // As wide as the window (a wider page would give a wider full-page picture), at least as tall.
    expect(picture.width).toBe(size.width);
    expect(picture.height).toBeGreaterThanOrEqual(size.height);
    // The scheme's background: light near white, dark near black.
    if (scheme === "light") expect(picture.background).toBeGreaterThan(200);
    else expect(picture.background).toBeLessThan(60);
    // Not blank: text and controls cover part of it, in more than two colours.
    expect(picture.inked).toBeGreaterThan(0.01);
    expect(picture.colours).toBeGreaterThan(8);
  }

  for (const size of SIZES) {
    for (const scheme of SCHEMES) {
      it(`${size.width} px, ${scheme}: before and after questions`, async () => {
        const { page, problems } = await openExplorer(explorer, { viewport: { width: size.width, height: size.height }, colorScheme: scheme });
        try {
          await checkState(page, size, scheme, "start");

          await pick(page, "reach-chain", "cosmoshub", "cosmoshub-4");
          await pick(page, "reach-asset", "uatom", "uatom");
          await page.check("#reach-allow_multi_tx");
          await page.click("#reach-form button[type=submit]");
          await page.waitForSelector("#reach-unreached:not([hidden])");
          await page.click(`#reach-table td[data-label=Route] button[aria-label="Route to osmosis-1 ATOM"]`);
          await page.locator("#route-view figure.route").waitFor();
          // An error on the page, so its colours are scanned too: the same chain twice.
          await pick(page, "between-source", "osmosis", "osmosis-1");
          await pick(page, "between-dest", "osmosis", "osmosis-1");
          await page.click("#between-form button[type=submit]");
          await page.waitForSelector("#between-error:not([hidden]) button.retry");
          await checkState(page, size, scheme, "reach-route-error");

          await page.goto(`${explorer.server.url}/?view=why&source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=1`);
          await page.waitForSelector("body[data-ready=true]");
          await page.waitForSelector("#why-verdict[data-verdict]");
          await checkState(page, size, scheme, "why");
          expect(problems.filter((problem) => !problem.includes("400 (Bad Request)"))).toEqual([]);
        } finally {
          await page.context().close();
        }
      }, 90_000);
    }
  }

  for (const [size, scheme] of [[SIZES[0], "light"], [SIZES[1], "dark"]] as const) {
    it(`${size.width} px, ${scheme}: Tab reaches every control, the tables' buttons included`, async () => {
      const { page } = await openExplorer(explorer, { viewport: { width: size.width, height: size.height }, colorScheme: scheme });
      try {
        await pick(page, "reach-chain", "cosmoshub", "cosmoshub-4");
        await pick(page, "reach-asset", "uatom", "uatom");
        await page.click("#reach-form button[type=submit]");
        await page.waitForSelector("#reach-table:not([hidden])");
        const { missed, controls } = await unreachedByTab(page, 400);
        // The pickers, every filter, the submit buttons and each row's Route and Copy buttons.
        expect(controls).toBeGreaterThan(30);
        expect(missed).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 90_000);
  }
});
