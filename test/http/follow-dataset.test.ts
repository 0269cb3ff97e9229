/**
 * A fetch handler following a published dataset (`followDataset`), as a Worker runs it: it serves
 * the data it started with until a check finds a newer signed pointer, then the verified file; a
 * check within `everyMs` asks nothing; an unmoved pointer is revalidated with its ETag (304) and the
 * file is not fetched again; a tampered file, a downgrade or an unreachable server keeps the data
 * being served and shows in /health. The publications are written by `publish`'s own code to a
 * directory served on loopback; what is checked is what a client reads over HTTP.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildRouter, parseRegistry } from "../../src/index.js";
import { isFungibleError } from "../../src/errors.js";
import { newKeyPair, encodeKey } from "../../src/dataset/pointer.js";
import { compileDataset } from "../../src/router/dataset-router.js";
import { publishDataset } from "../../src/files/publish-dataset.js";
import { createFetchHandler } from "../../src/http/handler.js";
import { LiveRouter } from "../../src/http/live-router.js";
import { followDataset } from "../../src/http/follow-dataset.js";
import { FIXTURE_PATH } from "./fixture.js";
import { startStaticServer, type StaticServer } from "../support/static-server.js";

const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: { chain_id: string; pretty_name?: string }[] };
/** The same registry with every chain renamed: another data version, and answers a client can tell apart. */
const renamed = (suffix: string) => ({ ...registry, chains: registry.chains.map((chain) => ({ ...chain, pretty_name: `${chain.pretty_name ?? chain.chain_id} ${suffix}` })) });
const chainId = registry.chains[0]!.chain_id;
const bundled = buildRouter(parseRegistry(registry));
const v2 = buildRouter(parseRegistry(renamed("v2")));
const v3 = buildRouter(parseRegistry(renamed("v3")));
const key = await newKeyPair();
const publicKey = encodeKey(key.publicKey);
const dir = mkdtempSync(join(tmpdir(), "fg-follow-"));
let server: StaticServer;
let pointerUrl: string;
/** The first publication's pointer as served: replayed later as a downgrade. */
let firstPointer: string;

beforeAll(async () => {
  firstPointer = JSON.stringify((await publishDataset(dir, compileDataset(v2), key.secretKey, new Date("2026-01-02T00:00:00Z"))).pointer);
  server = await startStaticServer(dir);
  pointerUrl = `${server.url}latest.json`;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A service as a Worker builds it: the bundled data, a follower, and a clock the test moves. */
function service(options: { everyMs?: number; publicKey?: string } = {}) {
  let clock = 1_000_000;
  const live = new LiveRouter(bundled);
  const follower = followDataset(live, { url: pointerUrl, publicKey: options.publicKey ?? publicKey, everyMs: options.everyMs ?? 60_000, now: () => clock });
  const handler = createFetchHandler(live);
  const get = async (path: string) => {
    const response = await handler(new Request(`http://service${path}`));
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  return { live, follower, get, advance: (ms: number) => (clock += ms) };
}

const requestsSince = (start: number) => server.requests.slice(start).map((request) => request.path);

describe("followDataset", () => {
  test("serves its own data until a check, then the published file: /health names the pointer, answers change", async () => {
    const { follower, get } = service();
    const before = await get("/v2/info/chains");
    expect(before.body.chains.map((chain: { pretty_name: string }) => chain.pretty_name)).not.toContain(`${registry.chains[0]!.pretty_name ?? chainId} v2`);
    expect((await get("/health")).body.data_version).toBe(bundled.dataVersion);

    await follower.check();
    const health = (await get("/health")).body;
    expect(health.data_version).toBe(v2.dataVersion);
    expect(health.provenance.publication).toEqual({ sequence: follower.published!.sequence, published_at: "2026-01-02T00:00:00.000Z" });
    expect(health.last_reload.ok).toBe(true);
    const after = await get("/v2/info/chains");
    expect(after.body.chains.map((chain: { pretty_name: string }) => chain.pretty_name)).toContain(`${registry.chains[0]!.pretty_name ?? chainId} v2`);
  });

  test("asks nothing within everyMs; then revalidates with the ETag and does not fetch the file again", async () => {
    const { follower, advance, live } = service({ everyMs: 5_000 });
    await follower.check();
    const start = server.requests.length;
    await follower.check();
    advance(4_999);
    await follower.check();
    expect(requestsSince(start)).toEqual([]);
    const recorded = live.lastReload;
    advance(1);
    await follower.check();
    expect(requestsSince(start)).toEqual(["/latest.json"]);
    expect(server.requests.at(-1)!.ifNoneMatch).toMatch(/^"/);
    // Nothing new: /health and the reload counters are left alone, as serve's poll leaves them.
    expect(live.lastReload).toBe(recorded);
    expect(live.reloads).toEqual({ ok: 1, refused: 0 });
  });

  test("calls while a check runs share it: one fetch of the pointer and one of the file", async () => {
    const { follower } = service();
    const start = server.requests.length;
    await Promise.all([follower.check(), follower.check(), follower.check()]);
    expect(requestsSince(start)).toEqual(["/latest.json", `/${follower.published!.dataVersion.replace(":", "-")}.json`]);
  });

  test("a newer publication is swapped in at the next check", async () => {
    const { follower, get, advance } = service();
    await follower.check();
    const first = follower.published!.sequence;
    await publishDataset(dir, compileDataset(v3), key.secretKey, new Date("2026-01-03T00:00:00Z"));
    advance(60_000);
    await follower.check();
    const health = (await get("/health")).body;
    expect(health.data_version).toBe(v3.dataVersion);
    expect(health.provenance.publication).toEqual({ sequence: follower.published!.sequence, published_at: "2026-01-03T00:00:00.000Z" });
    expect(follower.published!.sequence).toBeGreaterThan(first);
  });

  test("a tampered file, a downgrade, an unreachable server: refused, the data being served stays, /health says why", async () => {
    const { follower, get, advance, live } = service();
    await follower.check();
    const served = live.current.dataVersion;

    // The file a newer pointer names, one byte changed: the pointer is genuine, its file is not.
    await publishDataset(dir, compileDataset(buildRouter(parseRegistry(renamed("v4")))), key.secretKey, new Date("2026-01-04T00:00:00Z"));
    const newer = JSON.parse(readFileSync(join(dir, "latest.json"), "utf8")) as { files: { json: string } };
    const bytes = readFileSync(join(dir, newer.files.json));
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 1;
    server.replace.set(`/${newer.files.json}`, bytes);
    advance(60_000);
    await follower.check();
    let health = (await get("/health")).body;
    expect(health.data_version).toBe(served);
    expect(health.last_reload).toMatchObject({ ok: false, error: expect.stringMatching(/SHA-256.*tampered/) });
    server.replace.delete(`/${newer.files.json}`);

    // An older genuine pointer than the one served (replayed by a stale mirror).
    server.replace.set("/latest.json", firstPointer);
    advance(60_000);
    await follower.check();
    health = (await get("/health")).body;
    expect(health.data_version).toBe(served);
    expect(health.last_reload).toMatchObject({ ok: false, error: expect.stringMatching(/downgrade/) });
    server.replace.delete("/latest.json");

    // The server gone: the next check fails, the data stays; a later one heals.
    server.redirect.set("/latest.json", "http://127.0.0.1:1/latest.json");
    advance(60_000);
    await follower.check();
    expect((await get("/health")).body).toMatchObject({ data_version: served, last_reload: { ok: false } });
    server.redirect.delete("/latest.json");
    advance(60_000);
    await follower.check();
    health = (await get("/health")).body;
    expect(health.last_reload.ok).toBe(true);
    expect(health.data_version).not.toBe(served);
  });

  test("another key's publication is never served", async () => {
    const other = encodeKey((await newKeyPair()).publicKey);
    const { follower, get } = service({ publicKey: other });
    await follower.check();
    const health = (await get("/health")).body;
    expect(health.data_version).toBe(bundled.dataVersion);
    expect(health.last_reload).toMatchObject({ ok: false, error: expect.stringMatching(/signature does not verify/) });
    expect(follower.published).toBeNull();
  });

  test("a wrong set-up is refused where it is made: not a LiveRouter, a key that is not one, a URL that is not http(s), a zero interval", () => {
    const live = new LiveRouter(bundled);
    const refusals = [
      () => followDataset(bundled as never, { url: pointerUrl, publicKey }),
      () => followDataset(live, { url: pointerUrl, publicKey: "not a key" }),
      () => followDataset(live, { url: "file:///etc/passwd", publicKey }),
      () => followDataset(live, { url: pointerUrl, publicKey, everyMs: 0 }),
      () => followDataset(live, undefined as never),
    ];
    for (const refusal of refusals) {
      let error: unknown;
      try {
        refusal();
      } catch (caught) {
        error = caught;
      }
      expect(isFungibleError(error) && error.code).toBe("invalid_config");
    }
  });
});
