/**
 * The Worker example within Workers' limits: it parses the dataset at module scope, so its first
 * request does no more than any other. Counted, not timed: a prelude module wraps JSON.parse and
 * counts the parses of large texts (the dataset) at start-up and during each request, reported in
 * a response header. A Worker that loads lazily (the example before, kept here as the control that
 * the count can fail) parses during its first request. The example also warms the queries'
 * request path at start-up (`warmUp`): that changes no answer (the same status, body and ETag as
 * the lazy Worker's, for the request warmUp itself asks too). Also: the bundle stays under 1 MiB gzipped.
 */
import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { afterAll, describe, expect, test } from "vitest";
import { bundleWorker } from "../../../examples/worker/build.mjs";
import { warmUp } from "../../../src/entries/http.js";
import { loadRouter } from "../../../src/index.js";
import { missingBuild, ROOT } from "./packed-package.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/worker/worker.ts", import.meta.url));
/** Larger than any request body or answer parsed while serving; the mainnet dataset is megabytes. */
const LARGE = 100_000;
const COUNTING_PRELUDE = `
const parse = JSON.parse;
globalThis.__parses = { phase: "start", start: 0, request: 0 };
JSON.parse = function (text, reviver) {
  if (typeof text === "string" && text.length > ${LARGE}) globalThis.__parses[globalThis.__parses.phase]++;
  return parse.call(this, text, reviver);
};
`;
const COUNTING_ENTRY = `
import "./prelude.js";
import worker from "./worker.ts";
export default {
  async fetch(request, env, ctx) {
    const counts = globalThis.__parses;
    counts.phase = "request";
    const before = counts.request;
    const response = await worker.fetch(request, env, ctx);
    const counted = new Response(response.body, response);
    counted.headers.set("x-large-parses", \`start=\${counts.start} request=\${counts.request - before}\`);
    return counted;
  },
};
`;
/** The example as it was: the router built on the first request. */
const LAZY_WORKER = `
import { loadRouter } from "fungible-graph";
import { createFetchHandler } from "fungible-graph/http";
let handler;
export default { async fetch(request) { handler ??= loadRouter().then((router) => createFetchHandler(router)); return (await handler)(request); } };
`;
const noBuild = missingBuild();
const dirs: string[] = [];
const workers: Miniflare[] = [];
afterAll(async () => {
  for (const mf of workers) await mf.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function countingWorker(worker: { file?: string; text?: string }): Promise<Miniflare> {
  const dir = mkdtempSync(join(tmpdir(), "fg-first-request-"));
  dirs.push(dir);
  if (worker.file) copyFileSync(worker.file, join(dir, "worker.ts"));
  else writeFileSync(join(dir, "worker.ts"), worker.text!);
  writeFileSync(join(dir, "prelude.js"), COUNTING_PRELUDE);
  writeFileSync(join(dir, "entry.js"), COUNTING_ENTRY);
  const { code } = await bundleWorker({ entry: join(dir, "entry.js"), packageFrom: ROOT });
  writeFileSync(join(dir, "bundle.js"), code);
  const mf = new Miniflare({ modules: true, scriptPath: join(dir, "bundle.js"), modulesRoot: dir, compatibilityDate: "2025-09-01" });
  workers.push(mf);
  await mf.ready;
  return mf;
}

const paths = [
  "/v2/fungible/assets_from_source?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4",
  "/v2/fungible/assets_between_chains?source_chain_id=osmosis-1&dest_chain_id=noble-1",
  "/fungible-graph/v1/chains",
];
async function parsesPerRequest(mf: Miniflare): Promise<string[]> {
  const seen: string[] = [];
  for (const path of paths) {
    const response = await mf.dispatchFetch(`http://worker.test${path}`);
    expect(response.status, path).toBe(200);
    await response.arrayBuffer();
    seen.push(response.headers.get("x-large-parses") ?? "no header");
  }
  return seen;
}

describe.skipIf(noBuild !== undefined)(`the Worker example's first request${noBuild ? ` (skipped: ${noBuild})` : ""}`, () => {
  test("examples/worker/worker.ts parses the dataset once, at start-up, and no request parses it", async () => {
    const mf = await countingWorker({ file: EXAMPLE });
    expect(await parsesPerRequest(mf)).toEqual(["start=1 request=0", "start=1 request=0", "start=1 request=0"]);
  }, 300_000);

  test("the control: a Worker that loads on the first request parses the dataset inside it", async () => {
    const mf = await countingWorker({ text: LAZY_WORKER });
    expect(await parsesPerRequest(mf)).toEqual(["start=0 request=1", "start=0 request=0", "start=0 request=0"]);
  }, 300_000);

  test("warmUp at start-up changes no answer: the example answers as the lazy Worker does, byte for byte", async () => {
    const [example, lazy] = [await countingWorker({ file: EXAMPLE }), await countingWorker({ text: LAZY_WORKER })];
    // What warmUp asks for the shipped data, and others.
    const warmed = (await warmUp(await loadRouter())).requests.map((request) => `${request.path}?${request.query}`);
    expect(warmed).toHaveLength(2);
    const targets = [
      ...warmed,
      "/v2/fungible/assets_from_source?source_asset_denom=uatom&source_asset_chain_id=cosmoshub-4&allow_multi_tx=true",
      "/v2/fungible/assets_from_source?source_asset_denom=uusdc&source_asset_chain_id=noble-1",
      "/v2/fungible/assets_from_source?source_asset_denom=nope&source_asset_chain_id=osmosis-1",
    ];
    for (const target of targets) {
      const [a, b] = [await example.dispatchFetch(`http://worker.test${target}`), await lazy.dispatchFetch(`http://worker.test${target}`)];
      expect(a.status, target).toBe(b.status);
      expect(a.headers.get("etag"), target).toBe(b.headers.get("etag"));
      expect(await a.text(), target).toBe(await b.text());
    }
  }, 300_000);

  test("the example's bundle is under 1 MiB gzipped", async () => {
    const { code } = await bundleWorker({ packageFrom: ROOT });
    const gzipped = gzipSync(code, { level: 9 }).byteLength;
    expect(gzipped).toBeLessThan(1024 * 1024);
  }, 300_000);
});
