/**
 * One zod flavour in the package: src/ imports `zod/mini`, never classic `zod`, whose schemas
 * carry every method and zod's JSON Schema generator into every bundle (bench/README.md, row 8:
 * 29 of the browser core's 59 KiB gzipped). Besides it, only zod's English messages
 * (`zod/locales`, by name) and core's `$ZodError` class by name (`z.core.$ZodError` as a value
 * bundles all of zod core). The self-test runs the same check on known text.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");
const ALLOWED = new Set(["zod/mini", "zod/locales", "zod/v4/core"]);

/** Every `zod...` module specifier in the text, with what it imports and whether it is a type import. */
function zodImports(text: string): { from: string; names: string; typeOnly: boolean }[] {
  const found = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+["'](zod(?:\/[^"']*)?)["']/gm)) {
    found.push({ from: match[3]!, names: match[2]!, typeOnly: match[1] !== undefined });
  }
  for (const match of text.matchAll(/(?:import|require)\(\s*["'](zod(?:\/[^"']*)?)["']\s*\)/g)) found.push({ from: match[1]!, names: "*", typeOnly: false });
  return found;
}

/** What is wrong with one file's zod imports, as messages. */
function problems(file: string, text: string): string[] {
  const out: string[] = [];
  for (const { from, names, typeOnly } of zodImports(text)) {
    if (!ALLOWED.has(from)) out.push(`${file}: imports "${from}"`);
    else if (from === "zod/locales" && names.replace(/\s/g, "") !== "{en}") out.push(`${file}: imports ${names} from zod/locales (only en, by name)`);
    else if (from === "zod/v4/core" && !typeOnly && names.replace(/\s/g, "") !== "{$ZodError}") out.push(`${file}: imports ${names} from zod/v4/core`);
  }
  // A nested namespace read as a value bundles its whole module: `z.locales` at all, `z.core` built from.
  for (const match of text.matchAll(/\bnew\s+z\.core\.|\bz\.locales\./g)) out.push(`${file}: ${match[0].trim()}...`);
  return out;
}

describe("zod flavour", () => {
  test("src/ imports zod/mini only (and en, $ZodError by name)", () => {
    const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
    const found = files.flatMap((file) => problems(file, readFileSync(join(SRC, file), "utf8")));
    expect(found).toEqual([]);
    // The check sees the imports that are there.
    expect(files.filter((file) => zodImports(readFileSync(join(SRC, file), "utf8")).length > 0).length).toBeGreaterThan(40);
  });

  test("self-test: classic zod, a whole locale list and core as a value are found", () => {
    expect(problems("a.ts", 'import * as z from "zod";')).toEqual(['a.ts: imports "zod"']);
    expect(problems("b.ts", 'import { z } from "zod/v4";')).toEqual(['b.ts: imports "zod/v4"']);
    expect(problems("c.ts", 'import * as locales from "zod/locales";')).toEqual(["c.ts: imports * as locales from zod/locales (only en, by name)"]);
    expect(problems("d.ts", 'import * as core from "zod/v4/core";')).toEqual(["d.ts: imports * as core from zod/v4/core"]);
    expect(problems("e.ts", 'const e = new z.core.$ZodError([]);')).toEqual(["e.ts: new z.core...."]);
    expect(problems("g.ts", "z.config(z.locales.en());")).toEqual(["g.ts: z.locales...."]);
    expect(problems("f.ts", 'const m = await import("zod");')).toEqual(['f.ts: imports "zod"']);
    expect(problems("ok.ts", 'import * as z from "zod/mini";\nimport { en } from "zod/locales";\nimport { $ZodError } from "zod/v4/core";\nimport type * as core from "zod/v4/core";\nlet e: z.core.$ZodError;')).toEqual([]);
  });
});
