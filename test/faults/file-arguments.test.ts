/**
 * File arguments are read as regular files under a size limit: /dev/zero, a FIFO, a directory or
 * a file over the limit is `file_unreadable` naming the path and the reason, at once (no hang, no
 * memory growth); `serve` exits with that message at start, and a reload refuses it while the old
 * data keeps serving.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { FungibleError } from "../../src/errors.js";
import { FILE_LIMIT_ENV, loadRegistryFile, readRegularFile } from "../../src/files/load-registry-file.js";
import { loadSource } from "../../src/files/load-source.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { runCli, startServe, type ServeProcess } from "../cli/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "fg-faults-files-"));
const fifo = join(dir, "registry.fifo");
execFileSync("mkfifo", [fifo]);
const started: ServeProcess[] = [];
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  delete process.env[FILE_LIMIT_ENV];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>): Promise<FungibleError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FungibleError);
  return error as FungibleError;
}

describe("reading a file argument", () => {
  it.each([
    ["/dev/zero", /"\/dev\/zero" \(not a regular file: a character device\)/],
    [fifo, /registry\.fifo" \(not a regular file: a FIFO\)/],
    [dir, /\(not a regular file: a directory\)/],
    [join(dir, "missing.json"), /\(ENOENT\)/],
  ])("refuses %s at once, naming it and why", async (path, message) => {
    const error = await refusal(loadRegistryFile(path));
    expect(error.code).toBe("file_unreadable");
    expect(error.message).toMatch(message);
    expect((await refusal(readRegularFile(path, "dataset"))).message).toMatch(message);
    const viaSource = await refusal(loadSource({ dataset: path }));
    expect(viaSource.message).toMatch(message);
  });

  it("refuses a file over the limit, saying the limit and how to raise it", async () => {
    process.env[FILE_LIMIT_ENV] = "100";
    const error = await refusal(loadSource({ registry: FIXTURE_PATH }));
    expect(error.code).toBe("file_unreadable");
    expect(error.message).toContain(`larger than the limit of 100 bytes; ${FILE_LIMIT_ENV} raises it`);
  });

  it("enforces the limit while reading: a file whose size says 0 but which has more (a growing file)", async () => {
    process.env[FILE_LIMIT_ENV] = "64";
    // /proc files stat as 0 bytes and yield more when read: the check on fstat alone would pass them.
    const error = await refusal(readRegularFile("/proc/self/maps", "overrides"));
    expect(error.message).toContain("larger than the limit of 64 bytes");
    delete process.env[FILE_LIMIT_ENV];
    expect((await readRegularFile("/proc/self/maps", "overrides")).length).toBeGreaterThan(64);
  });
});

describe("serve with a file that is not a regular one", () => {
  it.each([
    ["--dataset", "/dev/zero", "character device"],
    ["--registry", fifo, "FIFO"],
    ["--overrides", "/dev/zero", "character device"],
  ])("%s %s exits 1 at once with the reason", async (flag, path, kind) => {
    const started = Date.now();
    const result = await runCli(["serve", flag, path, "--port", "0"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`(not a regular file: a ${kind})`);
    expect(result.stderr).toContain(path);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it.each([[1], [2]])("with %i worker(s), a reload to a FIFO is refused and the old data keeps serving", async (workers) => {
    const registry = join(dir, `registry-${workers}.json`);
    copyFileSync(FIXTURE_PATH, registry);
    const serve = await startServe(["--registry", registry, "--port", "0", "--workers", String(workers)]);
    started.push(serve);
    rmSync(registry);
    execFileSync("mkfifo", [registry]);
    serve.child.kill("SIGHUP");
    // Each worker is a whole serve process that reloads by itself: wait until every one has refused, as /health may ask any of them.
    const refusals = () => serve.stderr().match(/reload refused/g)?.length ?? 0;
    for (const end = Date.now() + 30_000; Date.now() < end && refusals() < workers; ) await new Promise((r) => setTimeout(r, 50));
    expect(serve.stderr()).toMatch(/reload refused \(SIGHUP\): --registry .*registry-\d\.json: .*\(not a regular file: a FIFO\); still serving sha256:/);
    const health = (await (await fetch(`${serve.url}/health`)).json()) as { last_reload: { ok: boolean; error: string } };
    expect(health.last_reload.ok).toBe(false);
    expect(health.last_reload.error).toContain("a FIFO");
    const answer = await fetch(`${serve.url}/v2/fungible/assets_from_source`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" }),
    });
    expect(answer.status).toBe(200);
    serve.child.kill("SIGTERM");
    expect((await serve.exited).code).toBe(0);
    rmSync(registry);
    writeFileSync(registry, "");
  }, 90_000);
});
