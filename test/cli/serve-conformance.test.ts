/**
 * `serve --check-conformance FILE`: the corpus answered in-process before the port is taken. It
 * passes on the shipped data and the server then answers the corpus over HTTP too (twice: the
 * second time from the replay cache); a corpus one answer of which differs, or another data
 * version, stops serve before it listens, with a message naming the failing request.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { checkConformance, describeFailures } from "../../src/export/conformance.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { runCli, startServe, type ServeProcess } from "./run-cli.js";

const CORPUS = fileURLToPath(new URL("../../fixtures/conformance/mainnet.json", import.meta.url));
const corpus = JSON.parse(readFileSync(CORPUS, "utf8")) as { requests: { name: string; expect: { status: number } }[] };
const dir = mkdtempSync(join(tmpdir(), "fg-conformance-"));
const started: ServeProcess[] = [];
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("serve --check-conformance", () => {
  it("passes on the shipped data, says so, listens, and answers the corpus over HTTP as in-process", async () => {
    const server = await startServe(["--port", "0", "--workers", "1", "--check-conformance", CORPUS]);
    started.push(server);
    expect(server.stderr()).toContain(`conformance: ${corpus.requests.length} requests answered as the corpus says`);
    // fetch decodes gzip and br itself: the bodies arrive decoded.
    const overHttp = (request: Request) => fetch(request);
    for (const round of ["first", "replayed"]) {
      const report = await checkConformance(overHttp, corpus, { origin: server.url, bodiesDecoded: true });
      expect(describeFailures(report), round).toBe("");
    }
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  }, 120_000);

  it("with --workers 2, each worker passes it before listening", async () => {
    const server = await startServe(["--port", "0", "--workers", "2", "--check-conformance", CORPUS]);
    started.push(server);
    expect(server.stderr().match(/conformance: \d+ requests answered as the corpus says/g)).toHaveLength(2);
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  }, 120_000);

  it("refuses to start when one answer differs, naming the request, and never listens", async () => {
    const changed = structuredClone(corpus);
    changed.requests.find((r) => r.name === "chains")!.expect.status = 201;
    const file = join(dir, "changed.json");
    writeFileSync(file, JSON.stringify(changed));
    const result = await runCli(["serve", "--port", "0", "--workers", "1", "--check-conformance", file]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain("listening on");
    expect(result.stderr).toContain(`conformance check failed: 1 of ${corpus.requests.length} requests`);
    expect(result.stderr).toContain("chains (GET /fungible-graph/v1/chains): status 200, expected 201");
  }, 120_000);

  it("refuses data of another version than the corpus's", async () => {
    const result = await runCli(["serve", "--port", "0", "--workers", "1", "--registry", FIXTURE_PATH, "--check-conformance", CORPUS]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain("listening on");
    expect(result.stderr).toMatch(/X-Data-Version "sha256:[0-9a-f]+", expected "sha256:/);
  }, 120_000);

  it("refuses a file that is not a corpus before loading anything", async () => {
    const file = join(dir, "not-a-corpus.json");
    writeFileSync(file, JSON.stringify({ requests: [] }));
    const result = await runCli(["serve", "--port", "0", "--check-conformance", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`serve: --check-conformance ${file}: not a conformance corpus`);
    const missing = await runCli(["serve", "--port", "0", "--check-conformance", join(dir, "absent.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("cannot be read");
  }, 60_000);

  it("refuses a FIFO at once instead of waiting for a writer", async () => {
    const fifo = join(dir, "corpus.fifo");
    execFileSync("mkfifo", [fifo]);
    const result = await runCli(["serve", "--port", "0", "--check-conformance", fifo]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`serve: --check-conformance ${fifo}: cannot be read`);
    expect(result.stderr).toContain("not a regular file: a FIFO");
  }, 60_000);
});
