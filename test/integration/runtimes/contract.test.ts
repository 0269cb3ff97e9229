/**
 * One contract on four runtimes: the packed package, installed into a fresh project, gives the
 * same two answers (assets_from_source of ATOM, assets_between_chains cosmoshub-4 -> osmosis-1)
 * on Node, Deno and Bun through the library, and on workerd (Miniflare) through the fetch handler
 * of examples/worker/worker.ts, whose gzip-accepting responses must decode once to that JSON.
 * Node's answer is the reference; its facts are checked against literals first.
 * Then the conformance corpus (fixtures/conformance/mainnet.json: status, ETag, content type and
 * body hash of every request for one data version) passes on each of the four: the same bytes and
 * ETags everywhere, Node's in-process answers included.
 * Deno also type-checks a program (typed-consumer.ts) against the installed declarations.
 * A runtime whose binary cannot be installed here is skipped, saying so.
 */
import { execFile } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundleWorker } from "../../../examples/worker/build.mjs";
import { canonicalJson, findBinary, installPackedPackage, missingBuild, type InstalledPackage } from "./packed-package.js";
import requests from "./contract-requests.json" with { type: "json" };
import { checkConformance, describeFailures, type ConformanceReport } from "../../../src/export/conformance.js";

const CORPUS = fileURLToPath(new URL("../../../fixtures/conformance/mainnet.json", import.meta.url));
const corpus = JSON.parse(readFileSync(CORPUS, "utf8")) as { data_version: string; requests: unknown[] };

const run = promisify(execFile);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const ATOM_ON_OSMOSIS = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2";
/** Before any runtime test starts; the binaries print their versions when found. */
const [deno, bun] = await Promise.all([findBinary("deno"), findBinary("bun")]);
const noBuild = missingBuild();

type WireAsset = { denom: string; chain_id: string };
interface Answers {
  assets_from_source: { dest_assets: Record<string, { assets: WireAsset[] }> };
  assets_between_chains: { assets_between_chains: { asset_on_source: WireAsset; asset_on_dest: WireAsset }[] };
}

describe.skipIf(noBuild !== undefined)(`the packed package on four runtimes${noBuild ? ` (skipped: ${noBuild})` : ""}`, () => {
  let pkg: InstalledPackage;
  let reference: Answers;

  /** Runs the contract script (or another) with `command` in the consumer project; its one JSON line, parsed. */
  async function answersOn<T = Answers>(command: string, args: string[], script = "contract-script.mjs"): Promise<T> {
    const { stdout } = await run(command, [...args, script], {
      cwd: pkg.dir,
      timeout: 120_000,
      maxBuffer: 64 << 20,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
    });
    return JSON.parse(stdout) as T;
  }

  beforeAll(async () => {
    // @types/node: Deno's check of an npm package reads Node's types from the project's node_modules.
    pkg = await installPackedPackage(["@types/node"]);
    copyFileSync(here("./contract-script.mjs"), join(pkg.dir, "contract-script.mjs"));
    copyFileSync(here("./contract-requests.json"), join(pkg.dir, "contract-requests.json"));
    copyFileSync(here("./conformance-script.mjs"), join(pkg.dir, "conformance-script.mjs"));
    copyFileSync(CORPUS, join(pkg.dir, "conformance-corpus.json"));
    reference = await answersOn(process.execPath, []);
  }, 600_000);
  afterAll(() => pkg?.remove());

  test("Node: the installed package answers with the registry's facts (the reference for the others)", () => {
    const onOsmosis = reference.assets_from_source.dest_assets["osmosis-1"]?.assets ?? [];
    expect(onOsmosis.map((asset) => asset.denom)).toContain(ATOM_ON_OSMOSIS);
    expect(Object.keys(reference.assets_from_source.dest_assets)).toContain("noble-1");
    const pairs = reference.assets_between_chains.assets_between_chains;
    expect(pairs.map((pair) => `${pair.asset_on_source.denom} -> ${pair.asset_on_dest.denom}`)).toContain(`uatom -> ${ATOM_ON_OSMOSIS}`);
    expect(new Set(pairs.map((pair) => `${pair.asset_on_source.chain_id} -> ${pair.asset_on_dest.chain_id}`))).toEqual(new Set(["cosmoshub-4 -> osmosis-1"]));
  });

  test.skipIf(deno === undefined)(`Deno (deno run -A, node_modules of the project)${deno ? "" : ": skipped, the deno binary is not installed (npm ci --prefix test/integration)"}`, async () => {
    const answers = await answersOn(deno!, ["run", "-A", "--node-modules-dir=manual"]);
    expect(canonicalJson(answers)).toBe(canonicalJson(reference));
  });

  test.skipIf(deno === undefined)("Deno type-checks a program against the installed declarations (deno check)", async () => {
    copyFileSync(here("./typed-consumer.ts"), join(pkg.dir, "typed-consumer.ts"));
    await run(deno!, ["check", "--node-modules-dir=manual", "typed-consumer.ts"], { cwd: pkg.dir, timeout: 120_000, env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" } });
  });

  const passes = (report: ConformanceReport) => {
    expect(describeFailures(report)).toBe("");
    expect(report).toMatchObject({ data_version: corpus.data_version, checked: corpus.requests.length });
  };
  test("the conformance corpus passes on Node (the installed package, in-process)", async () => {
    passes(await answersOn<ConformanceReport>(process.execPath, [], "conformance-script.mjs"));
  });
  test.skipIf(deno === undefined)("the conformance corpus passes on Deno", async () => {
    passes(await answersOn<ConformanceReport>(deno!, ["run", "-A", "--node-modules-dir=manual"], "conformance-script.mjs"));
  });
  test.skipIf(bun === undefined)("the conformance corpus passes on Bun", async () => {
    passes(await answersOn<ConformanceReport>(bun!, ["run"], "conformance-script.mjs"));
  });

  test.skipIf(bun === undefined)(`Bun (bun run)${bun ? "" : ": skipped, the bun binary is not installed (npm ci --prefix test/integration)"}`, async () => {
    const answers = await answersOn(bun!, ["run"]);
    expect(canonicalJson(answers)).toBe(canonicalJson(reference));
  });

  describe("workerd (Miniflare) running examples/worker/worker.ts, bundled with esbuild", () => {
    let mf: Miniflare;

    beforeAll(async () => {
      // Bundled from the consumer project, so `fungible-graph` is the installed tarball.
      const entry = join(pkg.dir, "worker.ts");
      copyFileSync(here("../../../examples/worker/worker.ts"), entry);
      const { code } = await bundleWorker({ entry, packageFrom: pkg.dir });
      const script = join(pkg.dir, "worker.js");
      writeFileSync(script, code);
      // No nodejs_compat flag: the package's fetch handler claims to need no Node built-in.
      // modulesRoot: workerd names modules relative to it, and refuses names that climb out with "..".
      mf = new Miniflare({ modules: true, scriptPath: script, modulesRoot: pkg.dir, compatibilityDate: "2025-09-01" });
      await mf.ready;
    }, 300_000);
    afterAll(() => mf?.dispose());

    test.each([
      ["assets_from_source", requests.assets_from_source],
      ["assets_between_chains", requests.assets_between_chains],
    ] as const)("POST /v2/fungible/%s with accept-encoding: gzip decodes once to Node's JSON", async (query, body) => {
      const response = await mf.dispatchFetch(`http://worker.test/v2/fungible/${query}`, {
        method: "POST",
        headers: { "content-type": "application/json", "accept-encoding": "gzip" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      expect(canonicalJson(await response.json())).toBe(canonicalJson(reference[query]));
    });

    test("the conformance corpus passes on workerd", async () => {
      // Miniflare's fetch is its own undici's: hand it the request's parts, not the Request object.
      const dispatch = async (request: Request) => {
        const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
        return (await mf.dispatchFetch(request.url, { method: request.method, headers: Object.fromEntries((request.headers as unknown as Iterable<[string, string]>) ?? []), ...(body === undefined ? {} : { body }) })) as unknown as Response;
      };
      passes(await checkConformance(dispatch, corpus));
    });
  });
});
