/**
 * What bounds the serving thread (src/node/connections.ts, src/node/loop-delay.ts), against an
 * in-process startServer: pipelined requests answered one at a time, in order; past the pipelining
 * limit a 503 that closes the connection; while the event loop is behind, a 503 with Retry-After
 * for requests that compute (never /health or /metrics); every refusal counted in /metrics by
 * reason. Loopback only; the loop is held by this test's own busy-waits.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/entries/node.js";
import { fixtureGraph } from "../http/fixture.js";
import { rawRequest } from "./raw-http.js";

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: Partial<Parameters<typeof startServer>[0]> = {}): Promise<RunningServer> {
  const server = await startServer({ router: fixtureGraph(), port: 0, quiet: true, metrics: true, ...options });
  running.push(server);
  return server;
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
/** Status lines and the first line of each JSON body, in the order they came. */
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));

async function refusedCount(server: RunningServer, reason: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`fungible_graph_refused_total{reason="${reason}"}`));
  return line === undefined ? 0 : Number(line.split(" ").at(-1));
}

describe("pipelined requests", () => {
  it("are answered in the order sent, each body the answer of its own request", async () => {
    // No shedding: a busy test machine's loop delay must not turn these into 503s.
    const server = await start({ maxEventLoopDelayMs: 0 });
    const paths = ["/v2/info/chains", "/health", "/v2/info/chains?chain_ids=osmosis-1", "/nope"];
    const answer = await rawRequest(server.port, paths.map(get).join(""), { oneResponse: false, timeoutMs: 3000 });
    expect(statuses(answer.text)).toEqual([200, 200, 200, 404]);
    const bodies = answer.text.split(/HTTP\/1\.1 \d{3} /).slice(1);
    expect(bodies[0]).toContain('"chains"');
    expect(bodies[1]).toContain('"status"');
    expect(bodies[2]).toContain("osmosis-1");
    expect(bodies[2]).not.toContain('"cosmoshub-4"');
    expect(bodies[3]).toContain('"code"');
  });

  it("past maxPipelined waiting, the next gets a 503 that closes the connection, counted in /metrics", async () => {
    const server = await start({ maxPipelined: 1, maxEventLoopDelayMs: 0 });
    const answer = await rawRequest(server.port, get("/v2/info/chains").repeat(4), { oneResponse: false, timeoutMs: 3000 });
    // One answered, one waiting behind it, the third refused; the fourth never answered (the connection closed).
    expect(statuses(answer.text)).toEqual([200, 200, 503]);
    expect(answer.text.toLowerCase()).toMatch(/retry-after: 1[\s\S]*connection: close/);
    expect(answer.closedByServer).toBe(true);
    expect(await refusedCount(server, "pipelined")).toBe(1);
  });
});

describe("load shedding by event-loop delay", () => {
  it("refuses computing requests with 503 + Retry-After while the loop is behind, answers /health, counts each refusal", async () => {
    const server = await start({ maxEventLoopDelayMs: 50 });
    // Hold the loop 150 ms of every 200: the delay the server samples stays over its limit.
    const hold = setInterval(() => {
      const until = performance.now() + 150;
      while (performance.now() < until);
    }, 200);
    const refused: number[] = [];
    try {
      // Spread over several holds (the delay is seen once a hold ends), bounded in count.
      for (let i = 0; i < 60 && refused.length < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 35));
        // A request of its own meaning each time (kept answers are keyed by the parsed request, and replays are never shed).
        const response = await fetch(`${server.url}/v2/info/chains?chain_ids=attempt-${i}`);
        if (response.status === 503) {
          expect(response.headers.get("retry-after")).toBe("1");
          expect(((await response.json()) as { message: string }).message).toMatch(/busy/);
          refused.push(i);
        } else await response.arrayBuffer();
      }
      expect(refused.length).toBe(3);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect(await refusedCount(server, "event_loop_delay")).toBe(3);
    } finally {
      clearInterval(hold);
    }
    // Once the loop keeps up again, the same request is answered.
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await fetch(`${server.url}/v2/info/chains`)).status;
    }
    expect(status).toBe(200);
  });

  it("sheds nothing with maxEventLoopDelayMs 0", async () => {
    const server = await start({ maxEventLoopDelayMs: 0 });
    const until = performance.now() + 300;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await fetch(`${server.url}/v2/info/chains`)).status).toBe(200);
    expect(await refusedCount(server, "event_loop_delay")).toBe(0);
  });
});
