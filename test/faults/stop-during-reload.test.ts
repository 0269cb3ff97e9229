/**
 * A reload of a large registry takes long: /health says it is running and since when, and SIGTERM
 * during it ends `serve` within the drain timeout (the reload is abandoned, its thread terminated),
 * with one process and with workers. Loopback only; every wait is bounded.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { HealthBodySchema } from "../../src/http/health.js";
import { FIXTURE_PATH } from "../http/fixture.js";
import { startServe, type ServeProcess } from "../cli/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "fg-faults-stop-"));
const started: ServeProcess[] = [];
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture plus `extra` chains with one native asset each: seconds of CPU to load, check and compile. */
function bigRegistry(extra: number): string {
  const registry = JSON.parse(readFileSync(FIXTURE_PATH, "utf8")) as { chains: object[]; assets: object[] };
  for (let i = 0; i < extra; i++) {
    registry.chains.push({ chain_id: `bulk-${i}`, chain_name: `bulk${i}`, pretty_name: `Bulk ${i}` });
    registry.assets.push({ chain_id: `bulk-${i}`, denom: "ubulk", symbol: "BULK", name: "Bulk", decimals: 6 });
  }
  return JSON.stringify(registry);
}
const big = bigRegistry(100_000);
const DRAIN_S = 3;

async function health(url: string) {
  return HealthBodySchema.parse(await (await fetch(`${url}/health`)).json());
}

describe("SIGTERM during a reload", () => {
  it.each([[1], [2]])("with %i worker(s): /health says a reload is running; SIGTERM ends serve within the drain timeout", async (workers) => {
    const registry = join(dir, `registry-${workers}.json`);
    copyFileSync(FIXTURE_PATH, registry);
    const serve = await startServe(["--registry", registry, "--port", "0", "--workers", String(workers), "--drain-timeout", String(DRAIN_S)]);
    started.push(serve);
    expect((await health(serve.url)).reload).toEqual({ state: "idle", since: null });
    writeFileSync(registry, big);
    const asked = Date.now();
    serve.child.kill("SIGHUP");
    let running = await health(serve.url);
    for (const end = Date.now() + 20_000; running.reload.state !== "running" && Date.now() < end; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      running = await health(serve.url);
    }
    expect(running.reload.state).toBe("running");
    const since = Date.parse(running.reload.since!);
    expect(since).toBeGreaterThanOrEqual(asked - 1000);
    expect(since).toBeLessThanOrEqual(Date.now() + 1000);
    expect(serve.stderr()).not.toMatch(/reload (ok|refused)/);

    const stopped = Date.now();
    serve.child.kill("SIGTERM");
    const exit = await serve.exited;
    const took = Date.now() - stopped;
    expect(exit.code).toBe(0);
    expect(took, serve.stderr()).toBeLessThan(DRAIN_S * 1000 + 2500);
    expect(serve.stderr()).toMatch(/reload abandoned \(SIGHUP\): the server is stopping/);
    expect(serve.stderr()).not.toMatch(/reload ok/);
  }, 120_000);
});
