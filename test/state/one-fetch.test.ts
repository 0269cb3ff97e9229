/**
 * Issue 33 item 5: everything read from outside goes through one fetch with one set of rules. A
 * published dataset's pointer redirected to another origin (a second loopback server standing in
 * for a link-local metadata address such as 169.254.169.254) is refused and that origin is never
 * asked, as the chain-state reader refuses one; a pointer whose file was refused is remembered by
 * its poller and not fetched again until the pointer changes. Publications are written by
 * `publish`'s own code and served on loopback.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildRouter, parseRegistry } from "../../src/index.js";
import { encodeKey, newKeyPair } from "../../src/dataset/pointer.js";
import { compileDataset } from "../../src/router/dataset-router.js";
import { fetchSignedDataset } from "../../src/router/remote-dataset.js";
import { publishDataset } from "../../src/files/publish-dataset.js";
import { LiveRouter } from "../../src/http/live-router.js";
import { followDataset } from "../../src/http/follow-dataset.js";
import { lcdGetter } from "../../src/remote/lcd-fetch.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { startStaticServer, type StaticServer } from "../support/static-server.js";

const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: { chain_id: string; pretty_name?: string }[] };
const renamed = (suffix: string) => buildRouter(parseRegistry({ ...registry, chains: registry.chains.map((chain) => ({ ...chain, pretty_name: `${chain.chain_id} ${suffix}` })) }));
const key = await newKeyPair();
const publicKey = encodeKey(key.publicKey);
const dir = mkdtempSync(join(tmpdir(), "fg-one-fetch-"));
let server: StaticServer;
/** Another origin: what a redirect must not reach. */
let elsewhere: StaticServer;

beforeAll(async () => {
  await publishDataset(dir, compileDataset(renamed("v1")), key.secretKey, new Date("2026-01-01T00:00:00Z"));
  server = await startStaticServer(dir);
  elsewhere = await startStaticServer(dir);
});
afterAll(async () => {
  await Promise.all([server.close(), elsewhere.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe("redirects leave no origin, whoever reads", () => {
  test("a pointer redirected to another origin is refused, and that origin is never asked", async () => {
    server.redirect.set("/latest.json", `${elsewhere.url}latest.json`);
    try {
      const error = await fetchSignedDataset({ url: `${server.url}latest.json`, publicKey }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: "fetch_failed", message: expect.stringContaining(`redirected to ${elsewhere.url}latest.json: only redirects within`) });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      server.redirect.delete("/latest.json");
    }
  });

  test("a chain endpoint redirected to another origin is refused the same way", async () => {
    server.redirect.set("/node_info", `${elsewhere.url}latest.json`);
    try {
      await expect(lcdGetter({ retries: 0 })(`${server.url}node_info`)).rejects.toMatchObject({ kind: "redirect", message: expect.stringContaining("only redirects within") });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      server.redirect.delete("/node_info");
    }
  });
});

describe("a pointer whose file was refused is remembered", () => {
  test("the poller refuses it again without its file; a new pointer is fetched", async () => {
    let clock = 0;
    const live = new LiveRouter(renamed("bundled"));
    const follower = followDataset(live, { url: `${server.url}latest.json`, publicKey, everyMs: 1_000, now: () => clock });
    await follower.check();
    expect(live.lastReload).toMatchObject({ ok: true });

    await publishDataset(dir, compileDataset(renamed("v2")), key.secretKey, new Date("2026-01-02T00:00:00Z"));
    const pointer = JSON.parse(readFileSync(join(dir, "latest.json"), "utf8")) as { files: { json: string } };
    const bytes = readFileSync(join(dir, pointer.files.json));
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 1;
    server.replace.set(`/${pointer.files.json}`, bytes);
    try {
      const fileRequests = () => server.requests.filter((r) => r.path === `/${pointer.files.json}`).length;
      clock += 1_000;
      await follower.check();
      expect(live.lastReload).toMatchObject({ ok: false, error: expect.stringMatching(/SHA-256.*tampered/) });
      expect(fileRequests()).toBe(1);
      for (let poll = 0; poll < 3; poll++) {
        clock += 1_000;
        await follower.check();
        expect(live.lastReload).toMatchObject({ ok: false, error: expect.stringMatching(/tampered.*remembered: this pointer's file is not fetched again/) });
      }
      expect(fileRequests()).toBe(1);
    } finally {
      server.replace.delete(`/${pointer.files.json}`);
    }
    // The pointer changes: its file is fetched, verified and served.
    const v3 = renamed("v3");
    await publishDataset(dir, compileDataset(v3), key.secretKey, new Date("2026-01-03T00:00:00Z"));
    clock += 1_000;
    await follower.check();
    expect(live.lastReload).toMatchObject({ ok: true });
    expect(live.current.dataVersion).toBe(v3.dataVersion);
  });
});
