/**
 * The explorer page (GET /) in a real headless Chromium: it loads with no console error and no
 * request leaving the server, lists the registry's chains, shows a reach as a table, draws a
 * route hop by hop, and explains a missing asset with clickable close matches. Expected values
 * are facts of fixtures/http-registry.json (real chain-registry denoms and channels).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ATOM_ON_OSMOSIS, AXL_USDC_ON_OSMOSIS, FIXTURE_PATH, fixtureGraph, USDC_ON_ETHEREUM } from "../../http/fixture.js";
import { chromiumMissing, openExplorer, pick, startExplorer, tableValues, type Explorer, type OpenPage } from "./chromium.js";

const fixture = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: { chain_id: string }[] };


/** The route figure's boxes (chain ids) and arrow labels. */
async function drawnRoute(page: Page, within: string) {
  const figure = page.locator(`${within} figure.route`).first();
  await figure.waitFor();
  return {
    chains: await figure.locator("svg g.asset").evaluateAll((boxes) => boxes.map((box) => box.getAttribute("data-chain"))),
    denoms: await figure.locator("svg g.asset").evaluateAll((boxes) => boxes.map((box) => box.getAttribute("data-denom"))),
    arrows: await figure.locator("svg g.hop text.via").allTextContents(),
    steps: await figure.locator("ol.hops li").allTextContents(),
    caption: await figure.locator("figcaption").textContent(),
  };
}

describe.skipIf(chromiumMissing !== null)("explorer page in headless Chromium", () => {
  let explorer: Explorer;
  let open: OpenPage;
  beforeAll(async () => {
    explorer = await startExplorer(fixtureGraph());
    open = await openExplorer(explorer);
  });
  afterAll(async () => {
    await explorer?.close();
  });

  it("loads with no console error, no outside request, and every chain of the registry listed", async () => {
    const { page, problems } = open;
    await page.click("#reach-chain");
    const listed = await page.$$eval("#reach-chain-list [role=option]", (options) => options.map((o) => (o as HTMLElement).dataset["value"]));
    await page.keyboard.press("Escape");
    expect(listed).toEqual(fixture.chains.map((chain) => chain.chain_id).sort());
    expect(await page.textContent("#summary")).toContain(`${fixture.chains.length} chains`);
    // Every control has a label and every header cell a scope, for screen readers.
    const unlabelled = await page.$$eval("select, input", (controls) =>
      controls.filter((c) => ((c as HTMLInputElement).labels?.length ?? 0) === 0).map((c) => c.id),
    );
    expect(unlabelled).toEqual([]);
    expect(await page.$$eval("thead th:not([scope])", (cells) => cells.length)).toBe(0);
    expect(problems).toEqual([]);
  });

  it("choosing a source asset shows the assets it reaches as a table", async () => {
    const { page, problems } = open;
    await pick(page, "reach-chain", "cosmos hub", "cosmoshub-4");
    await pick(page, "reach-asset", "uatom", "uatom");
    await page.click("#reach-form button[type=submit]");
    await page.waitForSelector("#reach-table:not([hidden])");
    const rows = await tableValues(page, "#reach-table");
    const pairs = await page.$$eval("#reach-table tbody tr", (trs) => trs.map((tr) => `${(tr as HTMLElement).dataset["chain"]} ${(tr as HTMLElement).dataset["denom"]}`));
    // The denom column holds each whole denom (shortened on screen, whole in its data and tooltip).
    expect(rows.map((row) => row[2]).sort()).toEqual(pairs.map((pair) => pair.split(" ")[1]).sort());
    // One hop to Osmosis over channel-141 gives its ATOM voucher; the table is the library's answer.
    expect(pairs).toContain(`osmosis-1 ${ATOM_ON_OSMOSIS}`);
    const expected = fixtureGraph().assetsFromSource({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });
    expect(pairs.sort()).toEqual(
      Object.entries(expected.dest_assets)
        .flatMap(([chain, { assets }]) => assets.map((asset) => `${chain} ${asset.denom}`))
        .sort(),
    );
    expect(await page.textContent("#reach-caption")).toContain(`${rows.length} asset`);
    expect(problems).toEqual([]);
  });

  it("a route from the table is drawn hop by hop", async () => {
    const { page, problems } = open;
    await page.click(`#reach-table button[aria-label="Route to osmosis-1 ATOM"]`);
    const route = await drawnRoute(page, "#route-view");
    expect(route.chains).toEqual(["cosmoshub-4", "osmosis-1"]);
    expect(route.denoms).toEqual(["uatom", ATOM_ON_OSMOSIS]);
    expect(route.arrows).toEqual(["IBC transfer/channel-141"]);
    expect(route.caption).toContain("1 transaction, 1 hop, bridges IBC");
    expect(problems).toEqual([]);
  });

  it("two chains: the movable assets as a table, and a two-hop bridge route drawn", async () => {
    const { page, problems } = open;
    await pick(page, "between-source", "ethereum", "1");
    await pick(page, "between-dest", "osmosis", "osmosis-1");
    await page.check("#between-allow_multi_tx");
    await page.check("#between-include_evm_assets");
    await page.click("#between-form button[type=submit]");
    await page.waitForSelector("#between-table:not([hidden])");
    const rows = await tableValues(page, "#between-table");
    expect(rows.map((row) => row.slice(0, 6))).toEqual([["USDC", USDC_ON_ETHEREUM, "USDC.axl", AXL_USDC_ON_OSMOSIS, "1", "AXELAR"]]);
    await page.click("#between-table tbody td[data-label=Route] button");
    await page.waitForFunction(() => document.querySelectorAll("#route-view g.hop").length === 2);
    const route = await drawnRoute(page, "#route-view");
    expect(route.chains).toEqual(["1", "axelar-dojo-1", "osmosis-1"]);
    expect(route.arrows).toEqual(["AXELAR", "IBC transfer/channel-3"]);
    expect(route.steps).toEqual([
      `tx 1, AXELAR: 1 ${USDC_ON_ETHEREUM} → axelar-dojo-1 uusdc`,
      `tx 1, IBC transfer/channel-3: axelar-dojo-1 uusdc → osmosis-1 ${AXL_USDC_ON_OSMOSIS}`,
    ]);
    expect(problems).toEqual([]);
  });

  it("the same chain twice shows the service's 400 message, not a broken table", async () => {
    const { page, problems } = open;
    await pick(page, "between-dest", "1", "1");
    await page.click("#between-form button[type=submit]");
    await page.waitForSelector("#between-error:not([hidden])");
    expect(await page.textContent("#between-error")).toContain("source_chain_id and dest_chain_id must differ");
    expect(await page.isHidden("#between-table")).toBe(true);
    // The browser reports the 400 itself as a failed resource load: that one is expected.
    expect(problems.filter((p) => !p.includes("400 (Bad Request)"))).toEqual([]);
    problems.length = 0;
  });

  it("asking why names the unknown chain, and its suggestion answers with the route", async () => {
    const { page, problems } = open;
    await page.fill("#why-source-chain", "cosmoshub-4");
    await page.fill("#why-source-denom", "uatom");
    await page.fill("#why-dest-chain", "osmosis");
    await page.click("#why-form button[type=submit]");
    await page.waitForSelector("#why-reasons li");
    expect(await page.getAttribute("#why-verdict", "data-reachable")).toBe("false");
    expect(await page.$$eval("#why-reasons li", (items) => items.map((item) => item.getAttribute("data-code")))).toEqual(["unknown_chain"]);
    expect(await page.textContent("#why-reasons li .message")).toContain('"osmosis"');
    await page.click('#why-reasons .suggestions button:text-is("osmosis-1")');
    await page.waitForSelector("#why-verdict[data-reachable=true]");
    expect(await page.inputValue("#why-dest-chain")).toBe("osmosis-1");
    expect(await page.$$eval("#why-reasons li", (items) => items.length)).toBe(0);
    const route = await drawnRoute(page, "#why-routes");
    expect(route.chains).toEqual(["cosmoshub-4", "osmosis-1"]);
    expect(route.arrows).toEqual(["IBC transfer/channel-141"]);
    expect(problems).toEqual([]);
  });
});
