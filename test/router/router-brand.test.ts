/**
 * A router crosses copies of the library: one made by the CommonJS build (`require`) is accepted
 * by every function of the ESM build (`import`) that takes a router, since the brand is
 * `Symbol.for("fungible-graph.router")`, one symbol per process; and the ESM handler answers from
 * it. Runs dist/ as an installed package (`npm test` builds first), in a child process.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
if (!existsSync(join(ROOT, "dist", "index.cjs"))) throw new Error("dist/ is missing: run `npm run build` (npm test does it first)");

const SCRIPT = `
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(import.meta.url);
const cjs = require("fungible-graph");
const esm = await import("fungible-graph");
const { explain } = await import("fungible-graph/explain");
const { graphologyOf } = await import("fungible-graph/graphology");
const { createFetchHandler, LiveRouter } = await import("fungible-graph/http");
const registry = JSON.parse(readFileSync(process.argv[2], "utf8"));
const fromCjs = cjs.buildRouter(cjs.parseRegistry(registry));
const fromEsm = esm.buildRouter(esm.parseRegistry(registry));
const request = { source_asset_chain_id: "cosmoshub-4", source_asset_denom: "uatom", dest_chain_id: "osmosis-1" };
const handler = createFetchHandler(fromCjs);
const status = async (path) => (await handler(new Request("http://x" + path))).status;
const result = {
  twoCopies: cjs.buildRouter !== esm.buildRouter,
  isRouter: esm.isRouter(fromCjs) && cjs.isRouter(fromEsm),
  explainAlike: JSON.stringify(explain(fromCjs, request)) === JSON.stringify(explain(fromEsm, request)),
  graphology: graphologyOf(fromCjs).order === graphologyOf(fromEsm).order,
  dataset: (await esm.loadRouter({ dataset: esm.compileDataset(fromCjs) })).dataVersion === fromEsm.dataVersion,
  live: new LiveRouter(fromCjs).health().chains === fromEsm.chainIds().length,
  http: [await status("/v2/info/chains"), await status("/fungible-graph/v1/explain?source_asset_chain_id=cosmoshub-4&source_asset_denom=uatom&dest_chain_id=osmosis-1"), await status("/v2/fungible/assets?chain_ids=osmosis-1")],
  cjsLiveRouter: (await createFetchHandler(new (require("fungible-graph/http").LiveRouter)(fromEsm))(new Request("http://x/v2/info/chains"))).status,
  cjsMetrics: await (async () => {
    const metrics = new (require("fungible-graph/http").ServiceMetrics)();
    const counted = createFetchHandler(fromEsm, { metrics });
    await counted(new Request("http://x/v2/info/chains"));
    return metrics.snapshot().series.map((s) => [s.route, s.count]);
  })(),
  lookAlike: (() => { try { createFetchHandler({ ...fromCjs, chainIds: () => [] }); return "accepted"; } catch (e) { return e.code; } })(),
  // An error thrown by the CommonJS build is a FungibleError to the ESM build (its Symbol.for brand), and the other way round.
  errors: (() => {
    const thrown = (lib) => { try { lib.parseRegistry({ chains: 1 }); } catch (e) { return e; } };
    const [fromCjsError, fromEsmError] = [thrown(cjs), thrown(esm)];
    return [esm.isFungibleError(fromCjsError), fromCjsError instanceof esm.FungibleError, cjs.isFungibleError(fromEsmError), fromEsmError instanceof cjs.FungibleError, esm.isFungibleError(new Error("plain")), fromCjsError.code];
  })(),
};
console.log(JSON.stringify(result));
`;

test("a router from the CommonJS build works with every function of the ESM build that takes one", () => {
  const dir = mkdtempSync(join(tmpdir(), "fungible-brand-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(ROOT, join(dir, "node_modules", "fungible-graph"), "dir");
  writeFileSync(join(dir, "main.mjs"), SCRIPT);
  const output = execFileSync(process.execPath, [join(dir, "main.mjs"), join(ROOT, "fixtures", "http-registry.json")], { encoding: "utf8", cwd: dir });
  expect(JSON.parse(output)).toEqual({
    twoCopies: true,
    isRouter: true,
    explainAlike: true,
    graphology: true,
    dataset: true,
    live: true,
    http: [200, 200, 200],
    // The CommonJS build's LiveRouter is a live router to the ESM handler too (its own brand).
    cjsLiveRouter: 200,
    // The CommonJS build's ServiceMetrics counts for the ESM handler (its own brand, not instanceof).
    cjsMetrics: [["/v2/info/chains", 1]],
    // A spread copies the own members, the brand included, but not the class's methods: refused when the handler is built.
    lookAlike: "invalid_config",
    errors: [true, true, true, true, false, "invalid_registry"],
  });
});
