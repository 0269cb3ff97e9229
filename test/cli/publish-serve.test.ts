/**
 * The built CLI end to end (loopback only): `keygen` makes a key, `publish` signs a dataset into a
 * directory a static server serves, and a real `serve --dataset-url --public-key --poll` starts
 * from it, swaps to a newly published version, and refuses a tampered file and a downgraded
 * pointer while it keeps serving (and /health says so). Every wait is bounded.
 */
import { statSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { buildRouter, parseRegistry } from "../../src/index.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { startStaticServer, type StaticServer } from "../support/static-server.js";
import { runCli, startServe, type ServeProcess } from "./run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "fg-publish-"));
const pub = join(dir, "pub");
const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: { chain_id: string; pretty_name?: string }[] };
const version = (suffix: string) => {
  const renamed = { ...registry, chains: registry.chains.map((chain) => ({ ...chain, pretty_name: `${chain.pretty_name ?? chain.chain_id} ${suffix}` })) };
  const file = join(dir, `registry-${suffix}.json`);
  writeFileSync(file, JSON.stringify(renamed));
  return { file, dataVersion: buildRouter(parseRegistry(renamed)).dataVersion };
};
const started: ServeProcess[] = [];
let server: StaticServer;
let publicKey: string;
const keyFile = join(dir, "key.json");

beforeAll(async () => {
  const { mkdirSync } = await import("node:fs");
  mkdirSync(pub);
  server = await startStaticServer(pub);
});
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function publish(file: string) {
  const result = await runCli(["publish", "--out", pub, "--key", keyFile, "--registry", file, "--json"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as { pointer: { data_version: string; sequence: number; published_at: string; files: { json: string } }; public_key: string };
}

async function health(url: string) {
  return (await (await fetch(`${url}/health`)).json()) as {
    data_version: string;
    last_reload: { ok: boolean; error: string | null } | null;
    provenance: { publication?: { sequence: number; published_at: string } };
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  let last: T | undefined;
  for (const end = Date.now() + ms; Date.now() < end; ) {
    last = await read();
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
}

describe("keygen and publish", () => {
  test("keygen writes a key file only its owner reads, prints the public key, and never replaces a key", async () => {
    const result = await runCli(["keygen", "--out", keyFile]);
    expect(result.code).toBe(0);
    publicKey = result.stdout.trim();
    expect(publicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const before = readFileSync(keyFile, "utf8");
    expect(JSON.parse(before)).toMatchObject({ format: "fungible-graph-key/1", algorithm: "ed25519", public_key: publicKey });
    const again = await runCli(["keygen", "--out", keyFile]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists; a key file is never replaced/);
    expect(readFileSync(keyFile, "utf8")).toBe(before);
  });

  test("publish needs --out and --key, and refuses a file that is not a key", async () => {
    expect((await runCli(["publish", "--key", keyFile])).code).toBe(2);
    expect((await runCli(["publish", "--out", pub])).code).toBe(2);
    const bad = await runCli(["publish", "--out", pub, "--key", FIXTURE_PATH, "--registry", FIXTURE_PATH]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/is not a key file/);
  });
});

describe("serve --dataset-url --public-key --poll", () => {
  test("flags that do not go together are usage errors (exit 2)", async () => {
    const url = `${server.url}latest.json`;
    for (const args of [["--poll", "1"], ["--dataset-url", url], ["--dataset-url", url, "--public-key", "x", "--poll", "0"], ["--dataset-url", url, "--public-key", "x", "--dataset", FIXTURE_PATH]]) {
      const result = await runCli(["serve", "--port", "0", ...args]);
      expect([result.code, args]).toEqual([2, args]);
    }
  });

  test("serves the verified dataset, swaps to a new publish, refuses a tampered file and a downgrade while it keeps serving", async () => {
    const v1 = version("v1");
    const first = await publish(v1.file);
    expect(first.pointer.data_version).toBe(v1.dataVersion);
    expect(first.public_key).toBe(publicKey);
    const v1Pointer = readFileSync(join(pub, "latest.json"));

    // Another key: refused at start, nothing served.
    const otherKey = (await runCli(["keygen", "--out", join(dir, "other.json")])).stdout.trim();
    const refused = await runCli(["serve", "--port", "0", "--workers", "1", "--dataset-url", `${server.url}latest.json`, "--public-key", otherKey]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/signature does not verify/);

    const serve = await startServe(["--port", "0", "--workers", "1", "--dataset-url", `${server.url}latest.json`, "--public-key", publicKey, "--poll", "1"]);
    started.push(serve);
    const atStart = await health(serve.url);
    expect(atStart.data_version).toBe(v1.dataVersion);
    expect(atStart.provenance.publication).toEqual({ sequence: first.pointer.sequence, published_at: first.pointer.published_at });
    const answer = await fetch(`${serve.url}/v2/fungible/assets_from_source`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-data-version")).toBe(v1.dataVersion);

    // Polls revalidate: the pointer is asked with its ETag and answered 304, the dataset not fetched again.
    await until(async () => server.requests.filter((r) => r.path === "/latest.json" && r.ifNoneMatch !== undefined).length, (n) => n >= 1, "a conditional poll");
    expect(server.requests.filter((r) => r.path === `/${first.pointer.files.json}`)).toHaveLength(1);

    const v2 = version("v2");
    const second = await publish(v2.file);
    const swapped = await until(() => health(serve.url), (h) => h.data_version === v2.dataVersion, "the swap to v2");
    expect(swapped.provenance.publication?.sequence).toBe(second.pointer.sequence);
    expect(serve.stderr()).toMatch(/reload ok \(poll\): now serving/);

    // A tampered file under a genuine pointer: refused, v2 keeps serving.
    const v3 = version("v3");
    const third = await publish(v3.file);
    const tampered = join(pub, third.pointer.files.json);
    const bytes = readFileSync(tampered);
    bytes[bytes.length >> 1]! ^= 0x20;
    writeFileSync(tampered, bytes);
    const afterTamper = await until(() => health(serve.url), (h) => h.last_reload?.ok === false, "the tampered file refused");
    expect(afterTamper.data_version).toBe(v2.dataVersion);
    expect(afterTamper.provenance.publication?.sequence).toBe(second.pointer.sequence);
    expect(afterTamper.last_reload?.error).toMatch(/SHA-256 the pointer signs/);
    expect(serve.stderr()).toMatch(/reload refused \(poll\): --dataset-url \S+: .*tampered; refused; still serving/);

    // The v1 pointer put back (genuinely signed, older): a downgrade, refused.
    writeFileSync(join(pub, "latest.json"), v1Pointer);
    await until(() => health(serve.url), (h) => /downgrade/.test(h.last_reload?.error ?? ""), "the downgrade refused");
    expect((await health(serve.url)).data_version).toBe(v2.dataVersion);
    const still = await fetch(`${serve.url}/v2/info/chains`);
    expect(still.status).toBe(200);
    expect(still.headers.get("x-data-version")).toBe(v2.dataVersion);
    expect(serve.child.exitCode).toBe(null);
  }, 120_000);

  test("with --workers 2 the primary polls and every worker swaps to the new publish", async () => {
    const before = version("cluster-a");
    await publish(before.file);
    const serve = await startServe(["--port", "0", "--workers", "2", "--dataset-url", `${server.url}latest.json`, "--public-key", publicKey, "--poll", "1"]);
    started.push(serve);
    expect((await health(serve.url)).data_version).toBe(before.dataVersion);
    const after = version("cluster-b");
    await publish(after.file);
    await until(() => health(serve.url), (h) => h.data_version === after.dataVersion, "the swap in the cluster");
    // Every worker: a fresh connection each time lands on either; none may still answer the old data.
    await until(async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 20; i++) seen.add((await fetch(`${serve.url}/health`, { headers: { connection: "close" } }).then((r) => r.json() as Promise<{ data_version: string }>)).data_version);
      return [...seen];
    }, (seen) => seen.length === 1 && seen[0] === after.dataVersion, "every worker on the new data");
  }, 120_000);
});
