/**
 * Debian's `chromium` driven by playwright-core, against a server started in-process on loopback.
 * Where no browser is installed, the browser tests are skipped and say why; in CI (`.ci/run`
 * installs it, FG_REQUIRE_TOOLS=1) that is a failure.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import type { AssetRouter } from "../../../src/index.js";
import { startServer, type RunningServer } from "../../../src/entries/node.js";
import { missingTool } from "../../support/required-tool.js";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or null when they can. */
export const chromiumMissing: string | null = missingTool(
  existsSync(CHROMIUM_PATH) ? null : `skipped: ${CHROMIUM_PATH} not found; .ci/run installs it with apt-get install chromium (or set CHROMIUM_PATH)`,
);

if (chromiumMissing) console.warn(`explorer page browser tests ${chromiumMissing}`);

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Explorer {
  browser: Browser;
  server: RunningServer;
  close(): Promise<void>;
}

/** Playwright gives the browser a fresh temporary profile (--user-data-dir) and removes it on close. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, timeout: 30_000 });
}

/** A server on 127.0.0.1 (a free port) for `graph`, and a browser: `shared` if given (then left open on close). */
export async function startExplorer(router: AssetRouter, shared?: Browser): Promise<Explorer> {
  const server = await startServer({ router, port: 0, host: "127.0.0.1", quiet: true });
  try {
    const browser = shared ?? (await launchChromium());
    const closeBrowser = shared ? async () => {} : () => browser.close();
    return { browser, server, close: async () => void (await Promise.all([closeBrowser(), server.close()])) };
  } catch (error) {
    await server.close();
    throw error;
  }
}

export interface OpenPage {
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and requests that left the server. */
  problems: string[];
}

export interface OpenOptions {
  /** Width and height of the window (default: Playwright's 1280 x 720). */
  viewport?: { width: number; height: number };
  colorScheme?: "light" | "dark";
  /** What follows the server's address: a deep link such as `/?view=route&...` (default `/`). */
  path?: string;
}

/** Opens GET / (or a deep link) and waits until the page has filled its chain lists and shown the view. */
export async function openExplorer({ browser, server }: Explorer, options: OpenOptions = {}): Promise<OpenPage> {
  const context = await browser.newContext({ ...(options.viewport ? { viewport: options.viewport } : {}), colorScheme: options.colorScheme ?? "light" });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(`${server.url}/`)) problems.push(`request outside the server: ${request.url()}`);
  });
  await page.goto(`${server.url}${options.path ?? "/"}`);
  await page.waitForSelector("body[data-ready=true]");
  return { page, problems };
}

/**
 * Picks an option of one of the page's pickers as a person does: types into it, then clicks the
 * option whose value is `value` once the list shows it.
 */
export async function pick(page: Page, id: string, typed: string, value: string): Promise<void> {
  await page.fill(`#${id}`, typed);
  await page.locator(`#${id}-list [role=option][data-value=${JSON.stringify(value)}]`).click();
}

/** A table's rows as values: a denom cell gives its whole denom, a name cell its name, the rest their text. */
export function tableValues(page: Page, table: string): Promise<string[][]> {
  return page.$$eval(`${table} tbody tr`, (rows) =>
    rows.map((row) =>
      Array.from(row.children, (cell) => {
        const full = cell.querySelector<HTMLElement>("[data-full]")?.dataset["full"];
        return full ?? cell.querySelector(".name")?.textContent ?? cell.textContent ?? "";
      }),
    ),
  );
}
