/**
 * The explorer page greys out every chain a source does not reach, with the verdict and the first
 * reason of GET/POST /fungible-graph/v1/destinations, in a real headless Chromium: on the HTTP
 * fixture registry (rows equal to the library's answer), and on the shipped mainnet graph with a
 * state snapshot whose expired client cuts Osmosis off (the row names client_expired).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { destinations } from "../../../src/entries/explain.js";
import { verdictTitle } from "../../../src/explain/verdict.js";
import { withState } from "../../../src/index.js";
import { fixtureGraph } from "../../http/fixture.js";
import { shippedRouter } from "../../support/shipped-router.js";
import { snapshot } from "../../state/snapshots.js";
import { chromiumMissing, launchChromium, openExplorer, pick, startExplorer, type Explorer } from "./chromium.js";
import type { Browser } from "playwright-core";

interface Row {
  chain: string;
  verdict: string;
  why: string;
  code: string | undefined;
  className: string;
  color: string;
}

async function reach(page: Page, chain: string, denom: string, flags: string[] = []): Promise<void> {
  await pick(page, "reach-chain", chain, chain);
  await pick(page, "reach-asset", denom, denom);
  for (const flag of flags) await page.check(`#reach-${flag}`);
  await page.click("#reach-form button[type=submit]");
  await page.waitForSelector("#reach-unreached:not([hidden])");
}

function unreachedRows(page: Page): Promise<Row[]> {
  return page.$$eval("#reach-unreached tbody tr", (rows) =>
    rows.map((row) => {
      const [chain, verdict, why] = Array.from(row.children) as HTMLElement[];
      void chain;
      return { chain: (row as HTMLElement).dataset["chain"] ?? "", verdict: verdict!.textContent ?? "", why: why!.textContent ?? "", code: why!.dataset["code"], className: row.className, color: getComputedStyle(row).color };
    }),
  );
}

describe.skipIf(chromiumMissing !== null)("explorer page: unreached chains greyed out with their reason", () => {
  let browser: Browser;
  const explorers: Explorer[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    for (const explorer of explorers) await explorer.close();
    await browser?.close();
  });

  it("on the fixture registry: one greyed row per chain not reached, as the library answers", async () => {
    const explorer = await startExplorer(fixtureGraph(), browser);
    explorers.push(explorer);
    const { page, problems } = await openExplorer(explorer);
    await reach(page, "cosmoshub-4", "uatom", ["native_only"]);
    const rows = await unreachedRows(page);
    const expected = destinations(fixtureGraph(), { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", native_only: true }).destinations.filter((d) => !d.reachable);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((row) => [row.chain, row.verdict, row.why, row.code])).toEqual(
      expected.map((d) => [d.chain_id, verdictTitle(d.verdict), d.reasons[0]?.message ?? "", d.reasons[0]?.code]),
    );
    // Greyed out: the row class, and a colour other than the page's text.
    const textColor = await page.$eval("body", (body) => getComputedStyle(body).color);
    expect(rows.every((row) => row.className === "unreached" && row.color !== textColor)).toBe(true);
    expect(await page.textContent("#reach-unreached-caption")).toContain(`${expected.length} chain`);
    expect(problems).toEqual([]);
  }, 60_000);

  it("with a state snapshot: Osmosis, cut off by the Hub's expired client, says client_expired", async () => {
    const mainnet = await shippedRouter();
    const router = withState(mainnet, snapshot([{ chain: "cosmoshub-4", channel: "channel-141", state: "OPEN", status: "Expired" }]));
    const explorer = await startExplorer(router, browser);
    explorers.push(explorer);
    const { page, problems } = await openExplorer(explorer);
    await reach(page, "cosmoshub-4", "uatom");
    const osmosis = (await unreachedRows(page)).find((row) => row.chain === "osmosis-1");
    expect(osmosis).toMatchObject({ verdict: "not reachable", code: "client_expired", className: "unreached" });
    expect(osmosis!.why).toContain("channel-141");
    expect(problems).toEqual([]);
  }, 120_000);
});
