/**
 * `serve --workers 2` while workers are killed with SIGKILL under a stream of new connections:
 * every connection gets an answer or a clean close (an error) within a bound; none is left open
 * unanswered (node's round-robin scheduling used to leave one held by the primary per kill).
 * Loopback only; the load is bounded in count and time.
 */
import { execFileSync } from "node:child_process";
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_PATH } from "../../http/fixture.js";
import { startServe, type ServeProcess } from "../../cli/run-cli.js";

const started: ServeProcess[] = [];
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

const ANSWER_BOUND_MS = 8_000;
const body = JSON.stringify({ source_asset_denom: "uatom", source_asset_chain_id: "cosmoshub-4" });

type Outcome = "answered" | "failed" | "hung";

/** One request on a connection of its own; `hung` when neither an answer nor a close came within the bound. */
function once(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(`${url}/v2/fungible/assets_from_source`, { method: "POST", agent: false, headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode === 200 ? "answered" : "failed"));
      res.on("error", () => resolve("failed"));
    });
    const timer = setTimeout(() => {
      resolve("hung");
      req.destroy();
    }, ANSWER_BOUND_MS);
    req.on("error", () => resolve("failed"));
    req.on("close", () => clearTimeout(timer));
    req.end(body);
  });
}

function workersOf(pid: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  return out.split("\n").map((line) => Number(line.trim())).filter((n) => n > 0);
}

async function until(check: () => boolean, what: string, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("serve --workers 2: workers killed with SIGKILL", () => {
  it("leaves no connection open unanswered; the service keeps answering", async () => {
    const serve = await startServe(["--registry", FIXTURE_PATH, "--port", "0", "--workers", "2"]);
    started.push(serve);
    const pid = serve.child.pid!;
    const counts: Record<Outcome, number> = { answered: 0, failed: 0, hung: 0 };
    let stop = false;
    let sent = 0;
    const lane = async () => {
      while (!stop && sent < 20_000) {
        sent++;
        counts[await once(serve.url)]++;
      }
    };
    const lanes = Array.from({ length: 6 }, lane);
    const ROUNDS = 4;
    for (let round = 1; round <= ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [victim] = workersOf(pid);
      expect(victim).toBeGreaterThan(0);
      process.kill(victim!, "SIGKILL");
      await until(() => (serve.stderr().match(/replacement worker \d+ listening/g) ?? []).length >= round, `replacement ${round}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await Promise.all(lanes);
    console.log(`worker kills: ${ROUNDS} rounds, ${sent} connections: ${counts.answered} answered, ${counts.failed} failed, ${counts.hung} hung`);
    expect(counts.hung).toBe(0);
    expect(counts.answered).toBeGreaterThan(ROUNDS * 10);
    // Only what a killed worker had accepted fails: a handful per kill, not a stream.
    expect(counts.failed).toBeLessThanOrEqual(ROUNDS * 6 * 2);
    expect(await once(serve.url)).toBe("answered");
    serve.child.kill("SIGTERM");
    expect((await serve.exited).code).toBe(0);
  }, 120_000);
});
