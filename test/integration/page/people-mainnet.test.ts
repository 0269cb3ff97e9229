/**
 * The explorer page on the shipped mainnet graph at phone width, dark: the real registry's text
 * and sizes. OSMO with several transactions reaches more than a hundred assets (with swaps,
 * thousands); the page draws them a hundred at a time (the count is the library's), stays 375 px
 * wide, and passes the axe scan; ATOM's derived vouchers read "ATOM (derived)", as many as the library's answer has.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssetRouter } from "../../../src/index.js";
import { shippedRouter } from "../../support/shipped-router.js";
import { chromiumMissing, openExplorer, startExplorer, type Explorer } from "./chromium.js";
import { axeViolations, widths } from "./people-checks.js";

describe.skipIf(chromiumMissing !== null)("explorer page for people on the mainnet graph", () => {
  let explorer: Explorer;
  let router: AssetRouter;
  beforeAll(async () => {
    router = await shippedRouter();
    explorer = await startExplorer(router);
  }, 60_000);
  afterAll(async () => {
    await explorer?.close();
  });

  it("more than a hundred reached assets are drawn a hundred at a time, at 375 px, with no violation", async () => {
    const request = { source_asset_chain_id: "osmosis-1", source_asset_denom: "uosmo", allow_multi_tx: true };
    const total = Object.values(router.assetsFromSource(request).dest_assets).reduce((sum, { assets }) => sum + assets.length, 0);
    expect(total).toBeGreaterThan(100);
    const { page, problems } = await openExplorer(explorer, {
      viewport: { width: 375, height: 812 },
      colorScheme: "dark",
      path: "/?view=reach&chain=osmosis-1&denom=uosmo&allow_multi_tx=true",
    });
    page.setDefaultTimeout(60_000);
    await page.waitForSelector("#reach-table:not([hidden]) tbody tr");
    expect(await page.locator("#reach-table tbody tr").count()).toBe(100);
    expect(await page.textContent("#reach-caption")).toContain(`${total} assets`);
    const more = page.locator("#reach-table + .more button");
    expect(await more.textContent()).toBe(`Show ${Math.min(100, total - 100)} more (100 of ${total} shown)`);
    await more.click();
    const next = Math.min(200, total);
    await page.waitForFunction((rows) => document.querySelectorAll("#reach-table tbody tr").length === rows, next);
    if (total > 200) expect(await more.textContent()).toBe(`Show ${Math.min(100, total - 200)} more (200 of ${total} shown)`);
    else expect(await more.count()).toBe(0);
    const laidOut = await widths(page);
    expect(laidOut.scrollWidth, laidOut.widest).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("ATOM's vouchers without metadata read \"ATOM (derived)\"", async () => {
    const answer = router.assetsFromSource({ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom" });
    const assets = Object.values(answer.dest_assets).flatMap(({ assets }) => assets);
    const derived = assets.filter((asset) => asset.symbol === undefined);
    expect(derived.length).toBeGreaterThan(0);
    expect(assets.length).toBeLessThanOrEqual(100);
    const { page, problems } = await openExplorer(explorer, { path: "/?view=reach&chain=cosmoshub-4&denom=uatom" });
    page.setDefaultTimeout(60_000);
    await page.waitForSelector("#reach-table:not([hidden]) tbody tr");
    const names = await page.$$eval("#reach-table tbody .name", (nodes) => nodes.map((node) => node.textContent));
    expect(names.filter((name) => name === "ATOM (derived)").length).toBe(derived.length);
    expect(names.filter((name) => name === "-" || name === "")).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
