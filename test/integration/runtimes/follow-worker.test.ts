/**
 * The Worker example following a published dataset under workerd (Miniflare), bundled from the
 * built package: with DATASET_URL and PUBLIC_KEY set it answers from the bundled mainnet data at
 * once, then (after answering, in waitUntil) fetches the signed pointer from a static server on
 * loopback, verifies the file and serves it; a newer publication whose file was tampered with is
 * refused while the verified one keeps serving, and /health says why. Without the variables it
 * never fetches anything. The publications are written by `publish`'s own code; what is checked is
 * what a client reads over HTTP from workerd.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundleWorker } from "../../../examples/worker/build.mjs";
import { buildRouter, parseRegistry } from "../../../src/index.js";
import { encodeKey, newKeyPair } from "../../../src/dataset/pointer.js";
import { compileDataset } from "../../../src/router/dataset-router.js";
import { publishDataset } from "../../../src/files/publish-dataset.js";
import { FIXTURE_PATH } from "../../http/fixture.js";
import { startStaticServer, type StaticServer } from "../../support/static-server.js";
import { missingBuild, ROOT } from "./packed-package.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/worker/worker.ts", import.meta.url));
const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: { chain_id: string; pretty_name?: string }[] };
const renamed = (suffix: string) => ({ ...registry, chains: registry.chains.map((chain) => ({ ...chain, pretty_name: `${chain.pretty_name ?? chain.chain_id} ${suffix}` })) });
const noBuild = missingBuild();

interface Health {
  data_version: string;
  last_reload: { ok: boolean; error: string | null } | null;
  provenance: { publication?: { sequence: number; published_at: string } };
}

describe.skipIf(noBuild !== undefined)(`the Worker example following a published dataset under workerd${noBuild ? ` (skipped: ${noBuild})` : ""}`, () => {
  let dir: string;
  let server: StaticServer;
  let script: string;
  const workers: Miniflare[] = [];
  const key: { publicKey: string; secretKey: Uint8Array } = { publicKey: "", secretKey: new Uint8Array() };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fg-follow-worker-"));
    const pair = await newKeyPair();
    key.publicKey = encodeKey(pair.publicKey);
    key.secretKey = pair.secretKey;
    const published = join(dir, "published");
    mkdirSync(published);
    server = await startStaticServer(published);
    const { code } = await bundleWorker({ entry: EXAMPLE, packageFrom: ROOT });
    script = join(dir, "bundle.js");
    writeFileSync(script, code);
  }, 300_000);
  afterAll(async () => {
    for (const mf of workers) await mf.dispose();
    await server?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  async function start(bindings: Record<string, string>): Promise<Miniflare> {
    const mf = new Miniflare({ modules: true, scriptPath: script, modulesRoot: dir, compatibilityDate: "2025-09-01", bindings });
    workers.push(mf);
    await mf.ready;
    return mf;
  }
  const health = async (mf: Miniflare) => (await (await mf.dispatchFetch("http://worker.test/health")).json()) as Health;
  /** Asks /health until `done` holds (each request also lets the Worker check its pointer when due): at most 30 s. */
  async function until(mf: Miniflare, done: (h: Health) => boolean, what: string): Promise<Health> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const seen = await health(mf);
      if (done(seen)) return seen;
      if (Date.now() > deadline) throw new Error(`${what}: not within 30 s; last /health ${JSON.stringify(seen).slice(0, 400)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  test("answers from the bundled data at once, then serves the verified publication; a tampered newer one is refused", async () => {
    const v2 = buildRouter(parseRegistry(renamed("v2")));
    const first = await publishDataset(join(dir, "published"), compileDataset(v2), key.secretKey, new Date("2026-01-02T00:00:00Z"));
    const mf = await start({ DATASET_URL: `${server.url}latest.json`, PUBLIC_KEY: key.publicKey, POLL_SECONDS: "1" });

    const atOnce = await health(mf);
    expect(atOnce.data_version).not.toBe(v2.dataVersion); // the bundled mainnet: the answer did not wait for the fetch
    const followed = await until(mf, (h) => h.data_version === v2.dataVersion, "the publication served");
    expect(followed.provenance.publication).toEqual({ sequence: first.pointer.sequence, published_at: first.pointer.published_at });
    const chains = (await (await mf.dispatchFetch("http://worker.test/v2/info/chains")).json()) as { chains: { pretty_name: string }[] };
    expect(chains.chains.every((chain) => chain.pretty_name.endsWith(" v2"))).toBe(true);

    // A newer publication whose file is not the one its pointer signs.
    const v3 = buildRouter(parseRegistry(renamed("v3")));
    const third = await publishDataset(join(dir, "published"), compileDataset(v3), key.secretKey, new Date("2026-01-03T00:00:00Z"));
    const file = join(dir, "published", third.pointer.files.json);
    const bytes = readFileSync(file);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0x20;
    writeFileSync(file, bytes);
    const refused = await until(mf, (h) => h.last_reload?.ok === false, "the tampered file refused");
    expect(refused.data_version).toBe(v2.dataVersion);
    expect(refused.last_reload?.error).toMatch(/SHA-256 the pointer signs/);
  }, 120_000);

  test("a key that is not a key is said in /health, and the bundled data is served; without the variables nothing is fetched", async () => {
    const wrong = await start({ DATASET_URL: `${server.url}latest.json`, PUBLIC_KEY: "not-a-key" });
    const seen = await health(wrong);
    expect(seen.last_reload).toMatchObject({ ok: false, error: expect.stringMatching(/publicKey must be an Ed25519 public key/) });
    expect((await wrong.dispatchFetch("http://worker.test/v2/info/chains")).status).toBe(200);

    const before = server.requests.length;
    const plain = await start({});
    for (let i = 0; i < 3; i++) expect((await plain.dispatchFetch("http://worker.test/health")).status).toBe(200);
    expect((await health(plain)).provenance.publication).toBeUndefined();
    expect(server.requests.length).toBe(before);
  }, 120_000);
});
