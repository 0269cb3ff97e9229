/**
 * Debian's `chromium` driven by playwright-core, against a server started in-process on loopback.
 * Where no browser is installed, the browser tests are skipped and say why (`.ci/run` installs it).
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import type { AssetRouter } from "../../../src/index.js";
import { startServer, type RunningServer } from "../../../src/entries/node.js";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or null when they can. */
export const chromiumMissing: string | null = existsSync(CHROMIUM_PATH)
  ? null
  : `skipped: ${CHROMIUM_PATH} not found; .ci/run installs it with apt-get install chromium (or set CHROMIUM_PATH)`;

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

/** Opens GET / and waits until the page has filled its chain lists. */
export async function openExplorer({ browser, server }: Explorer): Promise<OpenPage> {
  const context = await browser.newContext();
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
  await page.goto(`${server.url}/`);
  await page.waitForSelector("body[data-ready=true]");
  return { page, problems };
}
