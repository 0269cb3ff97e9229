/**
 * The Worker a new user writes first, `export default { fetch: createFetchHandler(await loadRouter()) }`,
 * with no option, under workerd (Miniflare), bundled from the built package: every answer to a
 * client that accepts gzip must decode once (as any HTTP client does) to JSON that parses and
 * equals the library's answer on Node. (workerd compresses a response whose Content-Encoding the
 * Worker set, so a handler that gzipped by default sent gzip inside gzip.)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundleWorker } from "../../../examples/worker/build.mjs";
import { DIST, missingBuild, ROOT } from "./packed-package.js";

const OBVIOUS_WORKER = `
import { loadRouter } from "fungible-graph";
import { createFetchHandler } from "fungible-graph/http";

export default { fetch: createFetchHandler(await loadRouter()) };
`;

const FROM_SOURCE = { source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4", allow_multi_tx: true };
const BETWEEN = { source_chain_id: "cosmoshub-4", dest_chain_id: "osmosis-1" };
const noBuild = missingBuild();

describe.skipIf(noBuild !== undefined)(`the obvious Worker under workerd${noBuild ? ` (skipped: ${noBuild})` : ""}`, () => {
  let mf: Miniflare;
  let dir: string;
  let node: { fromSource: unknown; between: unknown };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fg-obvious-worker-"));
    const entry = join(dir, "worker.js");
    writeFileSync(entry, OBVIOUS_WORKER);
    const { code } = await bundleWorker({ entry, packageFrom: ROOT });
    const script = join(dir, "bundle.js");
    writeFileSync(script, code);
    // No nodejs_compat flag, no option: the package as it comes.
    mf = new Miniflare({ modules: true, scriptPath: script, modulesRoot: dir, compatibilityDate: "2025-09-01" });
    await mf.ready;
    const { loadRouter } = (await import(pathToFileURL(join(DIST, "index.js")).href)) as typeof import("../../../src/index.js");
    const router = await loadRouter();
    node = { fromSource: JSON.parse(JSON.stringify(router.assetsFromSource(FROM_SOURCE))), between: JSON.parse(JSON.stringify(router.assetsBetweenChains(BETWEEN))) };
  }, 300_000);
  afterAll(async () => {
    await mf?.dispose();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  const query = (body: Record<string, unknown>) => new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();

  test.each([
    ["GET assets_from_source", () => mf.dispatchFetch(`http://worker.test/v2/fungible/assets_from_source?${query(FROM_SOURCE)}`, { headers: { "accept-encoding": "gzip, br" } }), "fromSource"],
    [
      "POST assets_from_source",
      () => mf.dispatchFetch("http://worker.test/v2/fungible/assets_from_source", { method: "POST", headers: { "content-type": "application/json", "accept-encoding": "gzip" }, body: JSON.stringify(FROM_SOURCE) }),
      "fromSource",
    ],
    [
      "POST assets_between_chains",
      () => mf.dispatchFetch("http://worker.test/v2/fungible/assets_between_chains", { method: "POST", headers: { "content-type": "application/json", "accept-encoding": "gzip" }, body: JSON.stringify(BETWEEN) }),
      "between",
    ],
  ] as const)("%s with accept-encoding: gzip is plain JSON, Node's answer", async (_name, send, expected) => {
    const response = await send();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeGreaterThan(1024); // over the size the handler would once have compressed
    expect(JSON.parse(text)).toEqual(node[expected]);
  });

  test.each(["/openapi.json", "/fungible-graph/v1/chains", "/health"])("GET %s with accept-encoding: gzip parses as JSON", async (path) => {
    const response = await mf.dispatchFetch(`http://worker.test${path}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    JSON.parse(await response.text());
  });
});
