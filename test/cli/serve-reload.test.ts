/**
 * `serve` as an operator runs it: reloads on SIGHUP and on file changes (--watch) under load with
 * no failed request, bad data refused while the old data keeps serving (and /health says so),
 * registries that `validate` calls fatal refused at start, SIGTERM under load answering every
 * request already sent, and usage errors with workers exiting 2 with one message. Loopback only;
 * every load loop is bounded in count.
 */
import { createHash } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { FIXTURE_PATH } from "../http/fixture.js";
import { runCli, startServe, type ServeProcess } from "./run-cli.js";

const started: ServeProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), "fg-serve-reload-"));
const fixture = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: { chain_id: string; pretty_name?: string }[]; assets: { denom: string }[] };
const atom = JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });

afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** Writes a registry the way deploy tools do: a temporary file renamed over the target. */
function writeRegistry(path: string, registry: unknown) {
  const temporary = `${path}.tmp${++files}`;
  writeFileSync(temporary, typeof registry === "string" ? registry : JSON.stringify(registry));
  renameSync(temporary, path);
}
const renamed = (suffix: string) => ({ ...fixture, chains: fixture.chains.map((chain) => ({ ...chain, pretty_name: `${chain.pretty_name ?? chain.chain_id} ${suffix}` })) });

async function serve(args: string[]) {
  const process = await startServe(args);
  started.push(process);
  return process;
}

async function until(check: () => boolean, what: string, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface LoadResult {
  ok: number;
  failed: string[];
  versions: string[];
}

/**
 * At least `total` queries over `lanes` concurrent keep-alive clients, and on until `during(done)`
 * has finished (at most 20 x total in all).
 */
async function underLoad(url: string, total: number, lanes: number, during: (done: () => number) => Promise<void>, refusedIsOk = false): Promise<LoadResult> {
  const result: LoadResult = { ok: 0, failed: [], versions: [] };
  let sent = 0;
  let duringDone = false;
  const lane = async () => {
    while (sent < total || (!duringDone && sent < total * 20)) {
      sent++;
      try {
        const response = await fetch(`${url}/v2/fungible/assets_from_source`, { method: "POST", headers: { "content-type": "application/json" }, body: atom });
        await response.arrayBuffer();
        if (response.status === 200) {
          result.ok++;
          const version = response.headers.get("x-data-version") ?? "none";
          if (result.versions.at(-1) !== version) result.versions.push(version);
        } else result.failed.push(`status ${response.status}`);
      } catch (error) {
        const code = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? (error as Error).message;
        if (refusedIsOk && code === "ECONNREFUSED") continue;
        result.failed.push(code);
      }
    }
  };
  await Promise.all([...Array.from({ length: lanes }, lane), during(() => result.ok).finally(() => (duringDone = true))]);
  return result;
}

interface SigtermLoad {
  okBefore: number;
  failedInFlight: string[];
  turnedAway: string[];
}

/**
 * `lanes` keep-alive clients (node:http, so each request knows whether it reused a connection)
 * send queries; after `before` answers `signal()` runs, and each lane sends 50 more while the
 * server drains and goes. Sorts each failure by whether it was in flight.
 */
async function loadThroughSigterm(url: string, lanes: number, before: number, signal: () => void): Promise<SigtermLoad> {
  const result: SigtermLoad = { okBefore: 0, failedInFlight: [], turnedAway: [] };
  const agent = new Agent({ keepAlive: true, maxSockets: lanes });
  let signalled = false;
  const one = () =>
    new Promise<void>((resolve) => {
      const sentBeforeSignal = !signalled;
      const request = httpRequest(`${url}/v2/fungible/assets_from_source`, { method: "POST", agent, headers: { "content-type": "application/json" } }, (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode !== 200) result.failedInFlight.push(`status ${response.statusCode}`);
          else if (sentBeforeSignal) result.okBefore++;
          resolve();
        });
        response.on("error", (error) => (result.failedInFlight.push(`mid-answer ${error.message}`), resolve()));
      });
      request.on("error", (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message;
        if (sentBeforeSignal || request.reusedSocket) result.failedInFlight.push(`${code}${request.reusedSocket ? " (reused connection)" : ""}`);
        else result.turnedAway.push(code);
        resolve();
      });
      request.end(atom);
    });
  let sent = 0;
  const lane = async () => {
    let after = 0;
    // Bounded: 100 x `before` requests before the signal at most, 50 per lane after it.
    while (signalled ? after++ < 50 : sent++ < before * 100) await one();
  };
  const trigger = (async () => {
    await until(() => result.okBefore >= before, `${before} answers`);
    signalled = true;
    signal();
  })();
  await Promise.all([...Array.from({ length: lanes }, lane), trigger]);
  agent.destroy();
  return result;
}

interface Health {
  data_version: string;
  provenance: Record<string, unknown>;
  loaded_at: string;
  last_reload: { ok: boolean; error: string | null; at: string } | null;
}
const health = async (url: string) => (await (await fetch(`${url}/health`, { headers: { connection: "close" } })).json()) as Health;
const hashOf = (file: string) => `sha256:${createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 32)}`;
const childPids = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

describe("serve reloads", () => {
  it.each([["1"], ["2"]])("reloads a changed registry on SIGHUP under load with --workers %s: answers switch data_version, none fails", async (workers) => {
    const file = join(dir, `sighup-${workers}.json`);
    writeRegistry(file, fixture);
    const server = await serve(["--port", "0", "--workers", workers, "--registry", file]);
    const started = await health(server.url);
    const before = started.data_version;
    // The same provenance whether one process built the graph or the workers loaded the primary's dataset.
    expect(started.provenance).toEqual({ source: "registry", files: [{ flag: "registry", name: `sighup-${workers}.json`, hash: hashOf(file) }] });
    const load = await underLoad(server.url, 600, 6, async (done) => {
      await until(() => done() >= 100, "100 answers");
      writeRegistry(file, renamed("v2"));
      server.child.kill("SIGHUP");
      // Each worker reloads by itself: every one's line.
      await until(() => (server.stderr().match(/reload ok \(SIGHUP\)/g) ?? []).length >= Number(workers), "the reload lines");
    });
    expect(load.failed).toEqual([]);
    expect(load.ok).toBeGreaterThanOrEqual(600);
    const after = await health(server.url);
    expect(after.data_version).not.toBe(before);
    expect(after.last_reload).toMatchObject({ ok: true, error: null });
    // After the reload: the new file's hash, and still no compile time of serve's own.
    expect(after.provenance).toEqual({ source: "registry", files: [{ flag: "registry", name: `sighup-${workers}.json`, hash: hashOf(file) }] });
    expect(hashOf(file)).not.toBe((started.provenance.files as { hash: string }[])[0]!.hash);
    // Old answers, then new ones (several workers may interleave for a moment while they are replaced).
    expect(load.versions[0]).toBe(before);
    expect(load.versions.at(-1)).toBe(after.data_version);
    expect(new Set(load.versions)).toEqual(new Set([before, after.data_version]));
    expect(server.stderr()).toContain(`now serving ${after.data_version}`);
    // Every worker reloaded by itself: fresh connections, whichever worker takes them, serve the new data.
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const body = await (await fetch(`${server.url}/health`, { headers: { connection: "close" } })).json();
      seen.add(JSON.stringify([body.data_version, body.last_reload.ok, body.provenance]));
    }
    expect([...seen]).toEqual([JSON.stringify([after.data_version, true, after.provenance])]);
  });

  it("with --watch, refuses a malformed file and a fatal registry, keeps serving the old data, and reports it in /health", async () => {
    const file = join(dir, "watched.json");
    writeRegistry(file, fixture);
    const server = await serve(["--port", "0", "--workers", "1", "--watch", "--registry", file]);
    const served = (await health(server.url)).data_version;

    writeRegistry(file, "{ not json");
    await until(() => /reload refused/.test(server.stderr()), "the refusal");
    expect(server.stderr()).toMatch(new RegExp(`reload refused \\(changed: [^)]*watched\\.json\\): --registry ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: .*not valid JSON.*; still serving ${served}`));
    let now = await health(server.url);
    expect(now.data_version).toBe(served);
    expect(now.last_reload).toMatchObject({ ok: false });
    expect(now.last_reload!.error).toMatch(/not valid JSON/);
    const answer = await fetch(`${server.url}/v2/fungible/assets_from_source`, { method: "POST", headers: { "content-type": "application/json" }, body: atom });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-data-version")).toBe(served);

    // A declared IBC denom that is not the hash of its trace: `validate` calls it fatal.
    const fatal = structuredClone(fixture);
    fatal.assets.find((asset) => asset.denom.startsWith("ibc/27394"))!.denom = `ibc/${"0".repeat(64)}`;
    writeRegistry(file, fatal);
    await until(() => (server.stderr().match(/reload refused/g) ?? []).length === 2, "the second refusal");
    now = await health(server.url);
    expect(now.data_version).toBe(served);
    expect(now.last_reload!.error).toMatch(/1 fatal issue.*declared denom is not the hash/);

    writeRegistry(file, renamed("v3"));
    await until(() => /reload ok/.test(server.stderr()), "the reload");
    now = await health(server.url);
    expect(now.data_version).not.toBe(served);
    expect(now.last_reload).toMatchObject({ ok: true, error: null });
  });

  it("with --workers 2, a worker that died is replaced and serves the data the others serve", async () => {
    const file = join(dir, "replaced.json");
    writeRegistry(file, fixture);
    const server = await serve(["--port", "0", "--workers", "2", "--registry", file]);
    const workers = childPids(server.child.pid!);
    expect(workers).toHaveLength(2);
    const served = (await health(server.url)).data_version;
    process.kill(workers[0]!, "SIGKILL");
    await until(() => /starting a replacement/.test(server.stderr()), "the replacement");
    await until(() => childPids(server.child.pid!).length === 2, "two workers again");
    const answers = await Promise.all(Array.from({ length: 12 }, () => health(server.url).catch(() => null)));
    const versions = new Set(answers.filter((answer) => answer !== null).map((answer) => answer!.data_version));
    expect([...versions]).toEqual([served]);
  });

  it("an unchanged source is a logged no-op", async () => {
    const file = join(dir, "same.json");
    writeRegistry(file, fixture);
    const server = await serve(["--port", "0", "--workers", "1", "--registry", file]);
    const before = await health(server.url);
    server.child.kill("SIGHUP");
    await until(() => /unchanged/.test(server.stderr()), "the no-op line");
    const after = await health(server.url);
    expect(after.data_version).toBe(before.data_version);
    expect(server.stderr()).toMatch(/reload \(SIGHUP\): --registry \S+ unchanged \(sha256:[0-9a-f]+\); nothing swapped/);
  });
});

describe("serve refuses and stops cleanly", () => {
  it("refuses at start a registry that validate calls fatal (exit 1, one message)", async () => {
    const file = join(dir, "fatal.json");
    const fatal = structuredClone(fixture);
    fatal.assets.find((asset) => asset.denom.startsWith("ibc/27394"))!.denom = `ibc/${"0".repeat(64)}`;
    writeRegistry(file, fatal);
    for (const workers of ["1", "2"]) {
      const result = await runCli(["serve", "--port", "0", "--workers", workers, "--registry", file]);
      expect(result.code).toBe(1);
      expect(result.stderr.match(/has 1 fatal issue/g)).toHaveLength(1);
      expect(result.stdout).toBe("");
    }
  });

  it("with 2 workers, a usage error exits 2 and prints its message once", async () => {
    const flags = await runCli(["serve", "--port", "0", "--workers", "2", "--header-timeout", "40", "--registry", FIXTURE_PATH]);
    expect(flags.code).toBe(2);
    expect(flags.stderr.match(/must not exceed --request-timeout/g)).toHaveLength(1);
    const source = await runCli(["serve", "--port", "0", "--workers", "2", "--network", "testnet", "--registry", FIXTURE_PATH]);
    expect(source.code).toBe(2);
    expect(source.stderr.match(/network picks a shipped dataset/g)).toHaveLength(1);
    expect(source.stderr.split("\n").filter((line) => line.startsWith("serve:"))).toHaveLength(1);
  });

  it.each([["1"], ["2"]])("on SIGTERM under load with --workers %s, answers every request already sent (0 resets) and exits 0", async (workers) => {
    const server = await serve(["--port", "0", "--workers", workers, "--registry", FIXTURE_PATH, "--quiet"]);
    const load = await loadThroughSigterm(server.url, 8, 100, () => server.child.kill("SIGTERM"));
    // In flight: sent before the signal, or sent after it on a connection the server had taken.
    expect(load.failedInFlight).toEqual([]);
    expect(load.okBefore).toBeGreaterThanOrEqual(100);
    // Only new connections made after the signal may be turned away (refused, or reset when the
    // cluster primary accepted one that no worker takes any more); an answer never comes half.
    expect(load.turnedAway.every((code) => code === "ECONNREFUSED" || code === "ECONNRESET")).toBe(true);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
