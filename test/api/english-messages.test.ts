/**
 * The library's messages are English whatever zod's global configuration says. zod/mini loads no
 * locale (its parse says "Invalid input" unless told otherwise), so every parse of the library
 * passes zod's English error map itself (src/errors.ts). Checked in a child process that imports
 * only the built package, never classic `zod`: classic sets English globally when it makes its
 * first schema, which would hide a parse that forgot. The messages expected are zod's English ones
 * as the package has always answered them (the conformance corpus hashes the same bodies).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, test } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
if (!existsSync(join(ROOT, "dist", "index.cjs"))) throw new Error("dist/ is missing: run `npm run build` (npm test does it first)");

const SCRIPT = `
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const { loadRouter } = await import("fungible-graph");
const { createFetchHandler } = await import("fungible-graph/http");
const failure = async (ask) => { try { await ask(); return "answered"; } catch (error) { return { code: error.code, message: error.message, details: error.details }; } };
const router = await loadRouter();
const handler = createFetchHandler(router);
const BAD = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", recommendation_reason: "X", include_swaps: true, swap_venues: [{ name: 1 }] };
const ask = async () => ({
  request: await failure(() => router.assetsFromSource(BAD)),
  whole: await failure(() => router.assetsFromSource("nope")),
  registry: await failure(() => loadRouter({ registry: { chains: "x", assets: [] } })),
  cjs: await failure(() => require("fungible-graph").loadRouter({ registry: { chains: "x", assets: [] } })),
  http: await (await handler(new Request("http://x/v2/fungible/assets_from_source", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(BAD) }))).json(),
});
const plain = await ask();
// Nothing set a locale globally: not the library, and no classic zod was loaded.
const globalLocale = typeof globalThis.__zod_globalConfig?.localeError;
// A caller's own global locale does not change the library's messages.
const z = await import(process.argv[2]);
z.config(z.locales.fr());
const french = await ask();
console.log(JSON.stringify({ plain, globalLocale, french }));
`;

const ENUM = 'Invalid option: expected one of "UNKNOWN"|"MOST_LIQUID"|"BASE_TOKEN"|"DIRECT"';
const NAME = "Invalid input: expected string, received number";
const CHAIN_ID = "Invalid input: expected string, received undefined";
const REQUEST_DETAILS = [
  { path: ["recommendation_reason"], message: ENUM },
  { path: ["swap_venues", 0, "name"], message: NAME },
  { path: ["swap_venues", 0, "chain_id"], message: CHAIN_ID },
];
const REGISTRY = {
  code: "invalid_registry",
  message: "parseRegistry: the registry is invalid\n✖ Invalid input: expected array, received string\n  → at chains",
  details: [{ path: ["chains"], message: "Invalid input: expected array, received string" }],
};
const ANSWERS = {
  request: {
    code: "invalid_request",
    message: `assetsFromSource: recommendation_reason: ${ENUM}; swap_venues.0.name: ${NAME}; swap_venues.0.chain_id: ${CHAIN_ID}`,
    details: REQUEST_DETAILS,
  },
  whole: {
    code: "invalid_request",
    message: 'assetsFromSource: `request` must be a JSON object, got "nope"',
    details: [{ path: [], message: "Invalid input: expected object, received string" }],
  },
  registry: REGISTRY,
  cjs: REGISTRY,
};

test("every message is zod's English one, in a process without classic zod, and with a caller's global locale set", () => {
  const dir = mkdtempSync(join(tmpdir(), "fungible-english-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(ROOT, join(dir, "node_modules", "fungible-graph"), "dir");
  writeFileSync(join(dir, "main.mjs"), SCRIPT);
  const zodMini = pathToFileURL(createRequire(join(ROOT, "package.json")).resolve("zod/mini")).href;
  const output = JSON.parse(execFileSync(process.execPath, [join(dir, "main.mjs"), zodMini], { encoding: "utf8", cwd: dir }));
  expect(output.globalLocale).toBe("undefined");
  for (const answers of [output.plain, output.french]) {
    expect(answers).toMatchObject(ANSWERS);
    expect(answers.http.details).toEqual(REQUEST_DETAILS);
    expect(answers.http.message).toContain(ENUM);
  }
});
