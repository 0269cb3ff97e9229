/**
 * The explain wiring cases (test/explain/cases.ts; the whole table runs on the library) asked through
 * the page, in a real headless Chromium, as a person would: type the source asset and destination,
 * set the filters, press Explain, and read what the page shows (verdict, reason codes and messages,
 * suggestions, the drawn route and the paths of an unreachable answer), on the fixture and mainnet.
 * The cases cover each reason the page shows in its own way (see page-why.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { AssetRouter } from "../../../src/index.js";
import { explain } from "../../../src/entries/explain.js";
import { verdictTitle } from "../../../src/explain/verdict.js";
import { ExplainRequestSchema } from "../../../src/entries/schemas.js";
import { type ExplainRequest } from "../../../src/entries/explain.js";
import { checkPicture, wiringCases, type ExplainCase } from "../../explain/cases.js";
import { fixtureGraph, mainnetGraph } from "../../explain/graphs.js";
import { chromiumMissing, launchChromium, openExplorer, startExplorer, type Explorer, type OpenPage } from "./chromium.js";

const FLAGS = ["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets", "native_only", "include_swaps"] as const;
/** The schema's defaults, which the page's checkboxes must start from. */
const DEFAULTS = ExplainRequestSchema.parse({ source_asset_chain_id: "a", source_asset_denom: "b", dest_chain_id: "c" });

interface Shown {
  reachable: string | undefined;
  /** The verdict the page leads with (data-verdict) and its text. */
  verdict: string | undefined;
  verdictText: string;
  /** Explain requests the press of Explain sent. */
  requests: number;
  codes: (string | null)[];
  messages: string[];
  suggestions: string[][];
  routes: { vias: (string | null)[]; denoms: (string | null)[]; caption: string }[];
  /** Figures of an unreachable answer: the path over INACTIVE/UNKNOWN channels, the multi-transaction route. */
  paths: { vias: (string | null)[]; broken: (string | null)[]; caption: string }[];
  /** The service's pictures as the page offers them: Mermaid and DOT to copy, the SVG as an image. */
  pictures: { mermaid: string; dot: string; svg: string };
  error: string;
}

/** Fills the "Why can't it go?" form with the request, presses Explain, and reads the answer off the page. */
async function askWhy(page: Page, request: ExplainRequest): Promise<Shown> {
  expect(request.swap_venues ?? null, "the page has no swap venue picker").toBeNull();
  // The form is filled in one step (typing each field is covered by explorer.test.ts); Explain is clicked.
  const fields: Record<string, string | boolean> = {
    "why-source-chain": request.source_asset_chain_id,
    "why-source-denom": request.source_asset_denom,
    "why-dest-chain": request.dest_chain_id,
    "why-dest-denom": request.dest_asset_denom ?? "",
    "why-recommendation_reason": request.recommendation_reason ?? "",
  };
  for (const flag of FLAGS) fields[`why-${flag}`] = request[flag] ?? DEFAULTS[flag];
  await page.evaluate((values) => {
    for (const [id, value] of Object.entries(values)) {
      const control = document.getElementById(id) as HTMLInputElement;
      if (typeof value === "boolean") control.checked = value;
      else control.value = value;
    }
  }, fields);
  let requests = 0;
  const count = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === "/fungible-graph/v1/explain") requests++;
  };
  page.on("request", count);
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/fungible-graph/v1/explain")),
    page.click("#why-form button[type=submit]"),
  ]);
  await page.waitForSelector("#why-result[aria-busy=false]", { state: "attached" });
  page.off("request", count);
  // The pictures are asked for when the reader opens them (not on every press of Explain).
  if (await page.isVisible("#why-pictures summary")) {
    await page.click("#why-pictures summary");
    await page.waitForSelector("#why-pictures[data-loaded=true]", { state: "attached" });
    await page.click("#why-pictures summary");
  }
  const shown = await page.evaluate(() => {
    const all = (selector: string, root: ParentNode = document) => Array.from(root.querySelectorAll(selector));
    return {
      reachable: document.getElementById("why-verdict")!.dataset.reachable,
      verdict: document.getElementById("why-verdict")!.dataset.verdict,
      verdictText: document.getElementById("why-verdict")!.textContent ?? "",
      codes: all("#why-reasons li").map((item) => item.getAttribute("data-code")),
      messages: all("#why-reasons li .message").map((item) => item.textContent ?? ""),
      suggestions: all("#why-reasons li").map((item) => all(".suggestions button", item).map((button) => button.textContent ?? "")),
      routes: all("#why-routes figure.route").map((figure) => ({
        vias: all("g.hop", figure).map((hop) => hop.getAttribute("data-via")),
        denoms: all("g.asset", figure).map((box) => box.getAttribute("data-denom")),
        caption: figure.querySelector("figcaption")?.textContent ?? "",
      })),
      paths: all("#why-paths figure.route").map((figure) => ({
        vias: all("g.hop", figure).map((hop) => hop.getAttribute("data-via")),
        broken: all("g.hop.broken", figure).map((hop) => hop.getAttribute("data-via")),
        caption: figure.querySelector("figcaption")?.textContent ?? "",
      })),
      pictures: {
        mermaid: (document.getElementById("why-mermaid") as HTMLTextAreaElement).value,
        dot: (document.getElementById("why-dot") as HTMLTextAreaElement).value,
        svg: decodeURIComponent((document.getElementById("why-svg-image") as HTMLImageElement).getAttribute("src")?.split(",")[1] ?? ""),
      },
      error: document.getElementById("why-error")!.textContent ?? "",
    };
  });
  return { ...shown, requests };
}

/** What the page shows must be the case's expectations, and the service's own reasons and suggestions. */
async function checkShown(testCase: ExplainCase, shown: Shown, router: AssetRouter): Promise<void> {
  const answer = explain(router, testCase.request);
  expect(shown.error).toBe("");
  expect(shown.reachable).toBe(String(testCase.reachable));
  expect(shown.requests, "one press of Explain sends one explain request").toBe(1);
  // The verdict the page leads with is the service's, in the words `why` prints first.
  expect(shown.verdict).toBe(answer.verdict.kind);
  expect(shown.verdictText.startsWith(`Verdict: ${verdictTitle(answer.verdict)}.`), shown.verdictText).toBe(true);
  expect(shown.codes).toEqual(testCase.codes);
  expect(shown.messages).toEqual(answer.reasons.map((reason) => reason.message));
  expect(shown.messages.every((message) => message.trim() !== "")).toBe(true);
  const suggested = answer.reasons.map((reason) =>
    "suggestions" in reason
      ? reason.suggestions.map((s: string | { denom: string; symbol?: string }) => (typeof s === "string" ? s : s.symbol ? `${s.symbol} ${s.denom}` : s.denom))
      : [],
  );
  expect(shown.suggestions).toEqual(suggested);
  expect(shown.routes.length).toBe(answer.routes.length);
  if (testCase.route) {
    const [first] = shown.routes;
    expect(first!.vias).toEqual(testCase.route.vias);
    expect(first!.denoms.at(-1)).toBe(testCase.route.dest_denom);
    expect(first!.caption).toContain(`: ${testCase.route.txs_required} transaction`);
  }
  // An unreachable answer still draws what it can: the path with its INACTIVE/UNKNOWN hops marked, the multi-transaction route.
  const inactive = answer.reasons.filter((reason) => reason.code === "inactive_channel");
  const multiTx = answer.reasons.filter((reason) => reason.code === "needs_multiple_txs");
  if (inactive.length > 0) {
    expect(shown.paths[0]!.broken).toEqual(inactive.map((reason) => `${reason.status} ${reason.port}/${reason.channel}`));
    expect(shown.paths[0]!.vias.length).toBe(inactive[0]!.route.hops.length);
  }
  const drawnMultiTx = multiTx.filter((reason) => inactive.length === 0 || JSON.stringify(reason.route) !== JSON.stringify(inactive[0]!.route));
  expect(shown.paths.length).toBe((inactive.length > 0 ? 1 : 0) + drawnMultiTx.length);
  for (const reason of drawnMultiTx) expect(shown.paths.some((path) => path.caption.includes(`${reason.txs_required} transactions`))).toBe(true);
  // Every picture format of the case, as the page got it from the service.
  for (const format of testCase.pictures ?? []) expect(checkPicture(testCase, format, shown.pictures[format]), format).toEqual([]);
}

function runCases(label: string, graphOf: () => Promise<AssetRouter> | AssetRouter, cases: readonly ExplainCase[], browser: () => Browser) {
  describe(`${label}: the explain case table through the page`, () => {
    let router: AssetRouter;
    let explorer: Explorer;
    let open: OpenPage;
    beforeAll(async () => {
      router = await graphOf();
      explorer = await startExplorer(router, browser());
      open = await openExplorer(explorer);
    });
    afterAll(async () => {
      await explorer?.close();
    });

    it("the filters start at the schema's defaults", async () => {
      for (const flag of FLAGS) expect(await open.page.isChecked(`#why-${flag}`), flag).toBe(DEFAULTS[flag]);
    });

    it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, testCase) => {
      await checkShown(testCase, await askWhy(open.page, testCase.request), router);
    });

    it("showed no console error and sent nothing outside the server", () => {
      expect(open.problems).toEqual([]);
    });
  });
}

const fixtureCases = wiringCases().filter((c) => c.router === "fixture");

describe.skipIf(chromiumMissing !== null)("headless Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  runCases("fixture", fixtureGraph, fixtureCases, () => browser);
  runCases("mainnet", mainnetGraph, wiringCases().filter((c) => c.router === "mainnet"), () => browser);
});

describe("coverage of the page cases", () => {
  it("the fixture cases reach each reason the page shows in its own way, and a reachable answer", () => {
    // page-why.ts: a field per unknown chain side and dest_asset_not_on_chain, suggestion buttons,
    // the INACTIVE path and the multi-transaction route drawn.
    const covered = new Set(fixtureCases.flatMap((c) => c.codes));
    for (const code of ["unknown_chain", "unknown_asset", "dest_asset_not_on_chain", "inactive_channel", "needs_multiple_txs", "filtered_out"]) expect(covered, code).toContain(code);
    expect(fixtureCases.some((c) => c.reachable)).toBe(true);
    expect(fixtureCases.some((c) => (c.pictures ?? []).length === 3)).toBe(true);
  });
});
