/**
 * The explorer page as a person uses it, in a real headless Chromium on the HTTP fixture registry:
 * the picker found and driven by keyboard alone (ATOM on osmosis-1 by typing "atom"), deep links
 * that reproduce a route and a why-not view, the back button, a slow answer shown as loading and
 * a failed one with a Retry that works, derived vouchers named by their origin's symbol, and a
 * shortened denom copied whole. Expected values come from the library's answers and the fixture
 * registry's own facts, not from the page.
 */
import { readFileSync } from "node:fs";
import type { Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explain } from "../../../src/entries/explain.js";
import { ATOM_ON_OSMOSIS, FIXTURE_PATH, fixtureGraph } from "../../http/fixture.js";
import { chromiumMissing, openExplorer, pick, startExplorer, type Explorer } from "./chromium.js";

const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { assets: { chain_id: string; denom: string; symbol?: string }[] };
const symbolOf = (chain: string, denom: string) => registry.assets.find((asset) => asset.chain_id === chain && asset.denom === denom)?.symbol;

describe.skipIf(chromiumMissing !== null)("explorer page for people: picker, links, history, loading, errors", () => {
  let explorer: Explorer;
  beforeAll(async () => {
    explorer = await startExplorer(fixtureGraph());
  }, 60_000);
  afterAll(async () => {
    await explorer?.close();
  });

  it("the picker finds ATOM on osmosis-1 by typing \"atom\", by keyboard alone, and the question goes in the URL", async () => {
    const { page, problems } = await openExplorer(explorer, { viewport: { width: 375, height: 812 } });
    await page.focus("#reach-chain");
    await page.keyboard.type("osmosis");
    await page.waitForSelector("#reach-chain-list:not([hidden]) [role=option]");
    expect(await page.getAttribute("#reach-chain", "aria-expanded")).toBe("true");
    await page.keyboard.press("Enter");
    expect(await page.getAttribute("#reach-chain", "aria-expanded")).toBe("false");
    expect(await page.inputValue("#reach-chain")).toContain("osmosis-1");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("reach-asset");
    await page.keyboard.type("atom");
    const first = page.locator("#reach-asset-list [role=option]").first();
    await first.waitFor();
    // The active option is the first, ATOM's voucher, announced through aria-activedescendant.
    expect(await first.getAttribute("data-value")).toBe(ATOM_ON_OSMOSIS);
    expect(await first.getAttribute("aria-selected")).toBe("true");
    expect(await page.getAttribute("#reach-asset", "aria-activedescendant")).toBe(await first.getAttribute("id"));
    expect(await first.locator(".label").textContent()).toBe(symbolOf("osmosis-1", ATOM_ON_OSMOSIS));
    // Down and Up move the active option and come back.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    expect(await first.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    expect(await page.inputValue("#reach-asset")).toMatch(/^ATOM/);
    // With the list closed, Enter asks the question.
    await page.keyboard.press("Enter");
    await page.waitForSelector("#reach-table:not([hidden])");
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ view: "reach", chain: "osmosis-1", denom: ATOM_ON_OSMOSIS });
    const expected = fixtureGraph().assetsFromSource({ source_asset_chain_id: "osmosis-1", source_asset_denom: ATOM_ON_OSMOSIS });
    const shown = await page.$$eval("#reach-table tbody tr", (rows) => rows.map((row) => `${(row as HTMLElement).dataset["chain"]} ${(row as HTMLElement).dataset["denom"]}`));
    expect(shown.sort()).toEqual(Object.entries(expected.dest_assets).flatMap(([chain, { assets }]) => assets.map((asset) => `${chain} ${asset.denom}`)).sort());
    // Escape closes an open list, then empties the picker.
    await page.focus("#reach-chain");
    await page.keyboard.press("ArrowDown");
    expect(await page.getAttribute("#reach-chain", "aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await page.getAttribute("#reach-chain", "aria-expanded")).toBe("false");
    await page.keyboard.press("Escape");
    expect(await page.inputValue("#reach-chain")).toBe("");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a derived voucher without wire metadata is shown by its origin's symbol, marked derived", async () => {
    const { page, problems } = await openExplorer(explorer, { path: "/?view=reach&chain=cosmoshub-4&denom=uatom&allow_multi_tx=true" });
    await page.waitForSelector("#reach-table:not([hidden])");
    expect(await page.isChecked("#reach-allow_multi_tx")).toBe(true);
    const answer = fixtureGraph().assetsFromSource({ source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", allow_multi_tx: true });
    const assets = Object.values(answer.dest_assets).flatMap(({ assets }) => assets);
    const names = await page.$$eval("#reach-table tbody tr", (rows) => Object.fromEntries(rows.map((row) => [`${(row as HTMLElement).dataset["chain"]} ${(row as HTMLElement).dataset["denom"]}`, row.querySelector(".name")?.textContent])));
    const derived = assets.filter((asset) => !asset.symbol);
    expect(derived.length, "the fixture has vouchers without metadata").toBeGreaterThan(0);
    for (const asset of assets) {
      const origin = symbolOf(asset.origin_chain_id, asset.origin_denom);
      expect(names[`${asset.chain_id} ${asset.denom}`]).toBe(asset.symbol ?? `${origin} (derived)`);
    }
    // The JSON answer stays as the contract says: no symbol on the wire for those.
    expect(derived.every((asset) => asset.symbol === undefined)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a deep link reproduces a route view, and another a why-not view", async () => {
    const route = await openExplorer(explorer, { path: `/?view=route&from=cosmoshub-4:uatom&to=osmosis-1:${encodeURIComponent(ATOM_ON_OSMOSIS)}` });
    const figure = route.page.locator("#route-view figure.route");
    await figure.waitFor();
    expect(await figure.locator("svg g.asset").evaluateAll((boxes) => boxes.map((box) => box.getAttribute("data-chain")))).toEqual(["cosmoshub-4", "osmosis-1"]);
    expect(await figure.locator("svg g.hop text.via").allTextContents()).toEqual(["IBC transfer/channel-141"]);
    expect(await route.page.isHidden("#reach-table")).toBe(true);
    expect(route.problems).toEqual([]);
    await route.page.context().close();

    const why = await openExplorer(explorer, { path: "/?view=why&source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis&include_evm_assets=true" });
    await why.page.waitForSelector("#why-verdict[data-verdict]");
    expect(await why.page.getAttribute("#why-verdict", "data-reachable")).toBe("false");
    expect(await why.page.$$eval("#why-reasons li", (items) => items.map((item) => item.getAttribute("data-code")))).toEqual(["unknown_chain"]);
    expect(await why.page.inputValue("#why-dest-chain")).toBe("osmosis");
    expect(await why.page.isChecked("#why-include_evm_assets")).toBe(true);
    // Its suggestion asks again, and that question is a link too.
    await why.page.click('#why-reasons .suggestions button:text-is("osmosis-1")');
    await why.page.waitForSelector("#why-verdict[data-reachable=true]");
    expect(new URL(why.page.url()).searchParams.get("dest_chain_id")).toBe("osmosis-1");
    expect(why.problems).toEqual([]);
    await why.page.context().close();
  });

  it("\"reachable if\" offers the change in the form's words, and asking again with it reaches", async () => {
    const request = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "neutron-1" };
    const answer = explain(fixtureGraph(), request);
    expect(answer.verdict.kind).toBe("reachable_if");
    const changes = answer.verdict.kind === "reachable_if" ? answer.verdict.changes : [];
    const { page, problems } = await openExplorer(explorer, { path: `/?view=why&${new URLSearchParams(request)}` });
    await page.waitForSelector("#why-verdict[data-verdict=reachable_if]");
    const offer = page.locator("#why-change button");
    for (const change of changes) {
      const label = (await page.textContent(`label:has(#why-${change.option})`))!.replace(/\(\w+\)/, "").trim();
      expect(await offer.textContent()).toContain(`“${label}” ${change.value ? "on" : "off"}`);
    }
    await offer.click();
    await page.waitForSelector("#why-verdict[data-verdict=reachable]");
    for (const change of changes) expect(await page.isChecked(`#why-${change.option}`)).toBe(change.value);
    expect(new URL(page.url()).searchParams.get(changes[0]!.option)).toBe("true");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the back button restores the view before, and forward the one after", async () => {
    const { page, problems } = await openExplorer(explorer);
    await pick(page, "reach-chain", "cosmoshub-4", "cosmoshub-4");
    await pick(page, "reach-asset", "uatom", "uatom");
    await page.click("#reach-form button[type=submit]");
    await page.waitForSelector("#reach-table:not([hidden])");
    const reachUrl = page.url();
    await page.click(`#reach-table td[data-label=Route] button[aria-label="Route to osmosis-1 ATOM"]`);
    await page.locator("#route-view figure.route").waitFor();
    expect(new URL(page.url()).searchParams.get("view")).toBe("route");
    await page.goBack();
    await page.waitForFunction(() => document.getElementById("route-view")!.hidden);
    expect(page.url()).toBe(reachUrl);
    await page.waitForSelector("#reach-table:not([hidden]) tbody tr");
    expect(await page.inputValue("#reach-asset")).toMatch(/uatom/);
    await page.goBack();
    await page.waitForFunction(() => document.getElementById("reach-table")!.hidden);
    expect(new URL(page.url()).search).toBe("");
    await page.goForward();
    await page.waitForSelector("#reach-table:not([hidden]) tbody tr");
    expect(page.url()).toBe(reachUrl);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a slow answer shows loading; a failed one says so plainly with a Retry that works", async () => {
    const { page, problems } = await openExplorer(explorer);
    await pick(page, "reach-chain", "cosmoshub-4", "cosmoshub-4");
    await pick(page, "reach-asset", "uatom", "uatom");
    const held: Route[] = [];
    await page.route("**/v2/fungible/assets_from_source", (route) => void held.push(route));
    await page.click("#reach-form button[type=submit]");
    await page.waitForSelector("#reach-status:not([hidden])");
    expect(await page.textContent("#reach-status")).toContain("Loading");
    expect(await page.getAttribute("section:has(#reach-form)", "aria-busy")).toBe("true");
    await expect.poll(() => held.length).toBe(1);
    await held[0]!.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: 14, message: "explain passed its budget" }) });
    await page.waitForSelector("#reach-error:not([hidden]) button.retry");
    expect(await page.textContent("#reach-error .message")).toMatch(/busy or the question took too long.*Retry in a moment/);
    expect(await page.isHidden("#reach-status")).toBe(true);
    // Retry while the network is down: the reason changes, Retry stays.
    await page.click("#reach-error button.retry");
    await expect.poll(() => held.length).toBe(2);
    await held[1]!.abort("connectionrefused");
    await page.waitForFunction(() => /connection failed/.test(document.querySelector("#reach-error .message")?.textContent ?? ""));
    // Back up: Retry answers.
    await page.unroute("**/v2/fungible/assets_from_source");
    await page.click("#reach-error button.retry");
    await page.waitForSelector("#reach-table:not([hidden]) tbody tr");
    expect(await page.isHidden("#reach-error")).toBe(true);
    expect(await page.getAttribute("section:has(#reach-form)", "aria-busy")).toBe("false");
    // The browser logs the 503 and the refused connection itself: those are expected.
    expect(problems.filter((p) => !/503|ERR_CONNECTION_REFUSED|net::ERR_FAILED/.test(p))).toEqual([]);
    await page.context().close();
  });

  it("a long denom is shortened on screen, whole in its tooltip, and copied whole", async () => {
    const { page, problems } = await openExplorer(explorer, { viewport: { width: 375, height: 812 }, path: "/?view=reach&chain=cosmoshub-4&denom=uatom" });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: explorer.server.url });
    const row = page.locator(`#reach-table tbody tr[data-chain="osmosis-1"][data-denom="${ATOM_ON_OSMOSIS}"]`);
    await row.waitFor();
    const code = row.locator("td[data-label=Denom] code");
    const shown = (await code.textContent()) ?? "";
    expect(shown.length).toBeLessThan(ATOM_ON_OSMOSIS.length);
    expect(shown).toMatch(/^ibc\/.+….+$/);
    expect(await code.getAttribute("title")).toBe(ATOM_ON_OSMOSIS);
    await row.locator("td[data-label=Denom] button.copy").click();
    await page.waitForSelector("button.copy[data-copied=true]");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ATOM_ON_OSMOSIS);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
