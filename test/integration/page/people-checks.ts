/**
 * Checks of the explorer page as people meet it, shared by the people-*.test.ts files: nothing
 * scrolls sideways, axe-core finds no accessibility violation, every control is reached by Tab,
 * and a screenshot is a real picture (decoded by the browser itself: its size, its background
 * in the colour scheme asked for, and content on it), never compared with a golden image.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The page's width as laid out, against the window's (a sideways scroll when larger). */
export function widths(page: Page): Promise<{ scrollWidth: number; innerWidth: number; widest: string }> {
  return page.evaluate(() => {
    // The widest element, to name the culprit when the page overflows.
    let widest = "";
    let right = 0;
    for (const node of Array.from(document.body.querySelectorAll("*"))) {
      const box = node.getBoundingClientRect();
      if (box.width > 0 && box.right > right) {
        right = box.right;
        widest = `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${(node as HTMLElement).className} (${Math.round(box.right)} px)`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  });
}

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's violations on the page as it is (WCAG 2 A and AA rules, best practices included). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((node) => node.target.join(" ")) }));
  });
}

/**
 * Tabs through the page (at most `limit` presses) and answers which visible, enabled controls the
 * focus never reached, by a description of each.
 */
export async function unreachedByTab(page: Page, limit: number): Promise<{ missed: string[]; controls: number }> {
  const controls = await page.evaluate(() => {
    const all = Array.from(document.querySelectorAll<HTMLElement>("input, select, textarea, button, summary, a[href]"));
    const visible = all.filter((node) => node.getClientRects().length > 0 && !(node as HTMLInputElement).disabled && node.tabIndex >= 0);
    visible.forEach((node, index) => node.setAttribute("data-tab-check", String(index)));
    (document.activeElement as HTMLElement | null)?.blur();
    return visible.length;
  });
  const reached = new Set<string>();
  for (let press = 0; press < limit && reached.size < controls; press++) {
    await page.keyboard.press("Tab");
    const index = await page.evaluate(() => document.activeElement?.getAttribute("data-tab-check") ?? null);
    if (index !== null) reached.add(index);
  }
  const missed = await page.evaluate((seen) => {
    return Array.from(document.querySelectorAll<HTMLElement>("[data-tab-check]"))
      .filter((node) => !seen.includes(node.getAttribute("data-tab-check")!))
      .map((node) => `${node.tagName.toLowerCase()}#${node.id} ${node.getAttribute("aria-label") ?? node.textContent ?? ""}`.trim());
  }, [...reached]);
  return { missed, controls };
}

export interface Picture {
  width: number;
  height: number;
  /** Luminance (0-255) of the top-left pixel: the page's background. */
  background: number;
  /** Share of pixels that differ from the background. */
  inked: number;
  /** Distinct colours, each channel cut to 16 levels. */
  colours: number;
}

/** Decodes a PNG screenshot in a blank page of the same browser (its own decoder, not the page's). */
export async function readPicture(browser: Browser, png: Buffer): Promise<Picture> {
  // The PNG header says the size; the decoded picture must agree.
  const header = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  const context = await browser.newContext();
  try {
    const blank = await context.newPage();
    const picture = await blank.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const draw = canvas.getContext("2d")!;
      draw.drawImage(image, 0, 0);
      const { data } = draw.getImageData(0, 0, canvas.width, canvas.height);
      const luminance = (i: number) => 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
      const colours = new Set<number>();
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i]! - data[0]!) + Math.abs(data[i + 1]! - data[1]!) + Math.abs(data[i + 2]! - data[2]!) > 24) inked++;
        colours.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
      }
      return { width: canvas.width, height: canvas.height, background: luminance(0), inked: inked / (data.length / 4), colours: colours.size };
    }, png.toString("base64"));
    if (picture.width !== header.width || picture.height !== header.height) throw new Error(`the PNG says ${header.width}x${header.height}, decoded ${picture.width}x${picture.height}`);
    return picture;
  } finally {
    await context.close();
  }
}
