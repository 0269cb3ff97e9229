/**
 * Issue 23, `format=svg` on Node: Graphviz draws on a worker thread (src/node/svg-renderer.ts),
 * bounded: one picture at a time, a queue bound (503 `unavailable`), a time budget (503
 * `over_budget`, the thread stopped and started afresh), a client that goes away stops its
 * drawing; and a serve process answers /health while a picture of seconds is drawn. Uses the
 * built thread (dist/svg-thread.js); loopback only, bounded in count and time.
 */
import { instance } from "@viz-js/viz";
import { afterEach, describe, expect, it } from "vitest";
import { isFungibleError } from "../../src/errors.js";
import { svgPool, type SvgPool } from "../../src/node/svg-renderer.js";
import { CLI, startServe, type ServeProcess } from "../cli/run-cli.js";

const THREAD = new URL("svg-thread.js", new URL(".", `file://${CLI}`));
const pools: SvgPool[] = [];
const started: ServeProcess[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function pool(limits: { maxQueued: number; budgetMs: number }): SvgPool {
  const made = svgPool(limits, THREAD);
  pools.push(made);
  return made;
}

/** A DOT graph of `n` nodes in a chain: Graphviz's time grows with it. */
const chain = (n: number) => `digraph { ${Array.from({ length: n }, (_, i) => `n${i} -> n${i + 1};`).join(" ")} }`;
/** Rejection code of a promise (or "resolved"). */
const codeOf = (promise: Promise<unknown>) => promise.then(() => "resolved", (error: unknown) => (isFungibleError(error) ? error.code : String(error)));

describe("the SVG thread", () => {
  it("draws what Graphviz on this thread draws, and refuses DOT Graphviz refuses", async () => {
    const svgs = pool({ maxQueued: 4, budgetMs: 30_000 });
    const dot = 'digraph { "cosmoshub-4" -> "osmosis-1" [label="transfer/channel-141"]; }';
    const drawn = await svgs.render(dot, new AbortController().signal);
    expect(drawn).toBe((await instance()).renderString(dot, { format: "svg" }));
    expect(await codeOf(svgs.render("digraph { -> }", new AbortController().signal))).toBe("invalid_request");
    expect(svgs.pending).toBe(0);
  });

  it("refuses a picture past the queue bound, and stops one past its budget; the next is drawn", async () => {
    const busy = pool({ maxQueued: 1, budgetMs: 30_000 });
    const never = new AbortController().signal;
    const first = busy.render(chain(300), never);
    const second = busy.render(chain(2), never);
    expect(await codeOf(busy.render(chain(2), never))).toBe("unavailable");
    expect(await first).toMatch(/^<\?xml|<svg/);
    expect(await second).toMatch(/<svg/);

    const slow = pool({ maxQueued: 1, budgetMs: 50 });
    const started = performance.now();
    expect(await codeOf(slow.render(chain(3000), never))).toBe("over_budget");
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(slow.pending).toBe(0);
  });

  it("stops the drawing of a client that went away, and takes a waiting one out of the queue", async () => {
    const svgs = pool({ maxQueued: 4, budgetMs: 60_000 });
    const running = new AbortController();
    const waiting = new AbortController();
    const drawing = codeOf(svgs.render(chain(3000), running.signal));
    const queued = codeOf(svgs.render(chain(2), waiting.signal));
    expect(svgs.pending).toBe(2);
    waiting.abort();
    expect(await queued).toBe("client_closed_request");
    const at = performance.now();
    running.abort();
    expect(await drawing).toBe("client_closed_request");
    expect(performance.now() - at).toBeLessThan(1_000);
    expect(svgs.pending).toBe(0);
    // A new thread draws the next picture.
    expect(await svgs.render(chain(2), new AbortController().signal)).toMatch(/<svg/);
  });
});

describe("serve draws SVG off its serving thread", () => {
  it("answers /health while the reach picture of osmosis-1 is drawn", async () => {
    const server = await startServe(["--port", "0", "--workers", "1"]);
    started.push(server);
    const reach = "/fungible-graph/v1/reach?source_asset_chain_id=osmosis-1&source_asset_denom=uosmo";
    // The DOT first: the route search and its kept parts are not what this test measures.
    expect((await fetch(`${server.url}${reach}&format=dot`)).status).toBe(200);
    let done = false;
    const t0 = performance.now();
    const svg = fetch(`${server.url}${reach}&format=svg`).then(async (response) => {
      const body = (await response.json()) as { format: string; text: string };
      done = true;
      return { status: response.status, format: body.format, isSvg: body.text.includes("<svg"), ms: performance.now() - t0 };
    });
    const latencies: number[] = [];
    while (!done) {
      const start = performance.now();
      const response = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(5000) });
      expect(response.status).toBe(200);
      await response.body?.cancel();
      latencies.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const drawn = await svg;
    expect(drawn).toMatchObject({ status: 200, format: "svg", isSvg: true });
    // Probes were answered while it drew (a fast machine draws it in well under a second), each far quicker than the drawing.
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(Math.max(1_000, drawn.ms / 3));
  }, 120_000);
});
