/**
 * ARCHITECTURE.md's layer table against the layers test/architecture/layers.test.ts enforces
 * (read from its LAYERS table), and against the folders of src/: every unit once, same number.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** `{ "wire": 1, "errors.ts": 0, ... }` from the LAYERS object literal of the layers test. */
function enforcedLayers(): Record<string, number> {
  const text = readFileSync(`${ROOT}test/architecture/layers.test.ts`, "utf8");
  const body = /const LAYERS[^{]*\{([\s\S]*?)\n\};/.exec(text)?.[1];
  if (body === undefined) throw new Error("no LAYERS table in test/architecture/layers.test.ts");
  const entries = [...body.matchAll(/^\s*(?:"([^"]+)"|([\w-]+)):\s*([\d.]+),/gm)].map((m) => [m[1] ?? m[2]!, Number(m[3])] as const);
  return Object.fromEntries(entries);
}

/** `{ "wire": 1, ... }` from ARCHITECTURE.md's rows `| 1 | \`wire/\`, \`denom/\` | ... |`. */
function documentedLayers(): Record<string, number> {
  const text = readFileSync(`${ROOT}ARCHITECTURE.md`, "utf8");
  const layers: Record<string, number> = {};
  for (const [, layer, units] of text.matchAll(/^\| ([\d.]+) \| ([^|]+) \|/gm)) {
    for (const [, unit] of units!.matchAll(/`([^`]+)`/g)) layers[unit!.replace(/\/$/, "")] = Number(layer);
  }
  return layers;
}

test("ARCHITECTURE.md's layer table is the one the layers test enforces", () => {
  expect(documentedLayers()).toEqual(enforcedLayers());
});

test("every unit of src/ is in the table", () => {
  const units = readdirSync(`${ROOT}src`).filter((name) => !name.endsWith(".d.ts"));
  expect(units.filter((unit) => !(unit in documentedLayers()))).toEqual([]);
});
