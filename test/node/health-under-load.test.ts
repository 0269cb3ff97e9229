/**
 * Issue 23, "/health is answered throughout": one small-heap `serve` process (the shipped mainnet
 * dataset) while 24 clients keep asking for every asset of every chain (~9 MB, ~0.3 s of JSON
 * writing each) and never read, each giving up after 1.5 s and asking again on a new connection.
 * Before the fix, 48 of 119 probes went unanswered within 5 s: Node accepts one connection per
 * turn of its loop, and every turn ran at least one such answer, so probes waited in the kernel's
 * accept queue behind the gone clients' connections. Each request is distinct (an order of the
 * flags, percent-encoded letters, and an unknown parameter of its own), so none is kept for the
 * next. Loopback only, bounded in count and time.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startServe, type ServeProcess } from "../cli/run-cli.js";

const HEAP_MB = 320;
const CLIENTS = 24;
const RUN_MS = 8_000;
const started: ServeProcess[] = [];

afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

const FLAGS = ["include_no_metadata_assets=true", "include_cw20_assets=true", "include_evm_assets=true", "include_svm_assets=true"];
const orders = (items: string[]): string[][] =>
  items.length <= 1 ? [items] : items.flatMap((item, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
const ORDERS = orders(FLAGS);

/** The k-th spelling of "every asset of every chain": an order of the four flags, some letters of their names percent-encoded. */
function spelling(k: number): string {
  const mask = Math.floor(k / ORDERS.length);
  let letter = 0;
  const query = ORDERS[k % ORDERS.length]!.join("&").replace(/[a-z]/g, (ch) => ((mask >> letter++) & 1 ? `%${ch.charCodeAt(0).toString(16)}` : ch));
  return `/v2/fungible/assets?${query}`;
}

/** Clients that ask, never read, and ask again on a new connection after `holdMs`; stop() ends them. */
function stalledAskers(port: number, target: (k: number) => string, holdMs: number): { stop(): number } {
  const sockets = new Set<Socket>();
  let asked = 0;
  let stopped = false;
  const ask = () => {
    if (stopped) return;
    const socket = connect(port, "127.0.0.1");
    sockets.add(socket);
    socket.on("error", () => {});
    socket.pause();
    socket.write(`GET ${target(asked++)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const again = () => {
      if (!sockets.delete(socket)) return;
      socket.destroy();
      ask();
    };
    socket.once("close", again);
    setTimeout(again, holdMs);
  };
  for (let i = 0; i < CLIENTS; i++) ask();
  return {
    stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
      return asked;
    },
  };
}

/** /health every `everyMs` on fresh connections: how many were sent, answered 200 within 5 s, and the slowest answer. */
async function probeHealthFor(url: string, everyMs: number, forMs: number): Promise<{ sent: number; answered: number; slowestMs: number }> {
  let sent = 0;
  let answered = 0;
  let slowestMs = 0;
  const pending: Promise<void>[] = [];
  const timer = setInterval(() => {
    sent++;
    const start = performance.now();
    pending.push(
      fetch(`${url}/health`, { signal: AbortSignal.timeout(5000), headers: { connection: "close" } })
        .then(async (response) => {
          if (response.status === 200 && ((await response.json()) as { status: string }).status === "ok") answered++;
          slowestMs = Math.max(slowestMs, performance.now() - start);
        })
        .catch(() => {}),
    );
  }, everyMs);
  await new Promise((resolve) => setTimeout(resolve, forMs));
  clearInterval(timer);
  await Promise.all(pending);
  return { sent, answered, slowestMs };
}

describe("a single small-heap serve process under many stalled expensive requests", () => {
  it("answers every /health probe while 24 clients keep asking for all assets, each request distinct", async () => {
    const server = await startServe(["--port", "0", "--workers", "1"], { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` });
    started.push(server);
    // The first answer builds what every later one reads: not what this test measures.
    expect((await fetch(`${server.url}${spelling(0)}`)).status).toBe(200);
    // Spellings of one request share a kept answer (test/http/kept-answers.test.ts): an unknown parameter makes each its own.
    const askers = stalledAskers(Number(new URL(server.url).port), (k) => `${spelling(k)}&ask=${k}`, 1500);
    const { sent, answered, slowestMs } = await probeHealthFor(server.url, 100, RUN_MS);
    const asked = askers.stop();
    expect(asked).toBeGreaterThanOrEqual(CLIENTS);
    expect(sent).toBeGreaterThan(40);
    expect({ answered, slowestMs: Math.round(slowestMs) }).toEqual({ answered: sent, slowestMs: expect.any(Number) });
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).not.toMatch(/heap out of memory|FATAL ERROR/);
  }, 60_000);
});
